import { messageOf } from '../../lib/messages';
import type { FieldErrors } from '../../lib/validation';
import { isPasswordLength, isPayPassword } from '../../lib/validation';

// Conditions the server names by a contract key are told in the server's words (lib/messages).

type T = (key: string, options?: Record<string, unknown>) => string;

export type ChangePasswordKey = 'old_password' | 'password' | 'password_confirm';

export function validateChangePassword(v: Record<ChangePasswordKey, string>, t: T, minLength: number) {
  const e: FieldErrors<ChangePasswordKey> = {};
  if (!v.old_password) e.old_password = t('validation.required');
  if (!v.password) e.password = t('validation.required');
  else if (!isPasswordLength(v.password)) e.password = t('validation.passwordLength', { min: minLength });
  if (!v.password_confirm) e.password_confirm = t('validation.required');
  else if (v.password !== v.password_confirm) e.password_confirm = messageOf('PASSWORDS_DO_NOT_MATCH');
  return e;
}

export type PayKey = 'pay_password' | 'pay_password_confirm' | 'old_pay_password' | 'password';

/** New payment password twice: 6 digits each, and the same ('Passwords entered do not match'). */
export function validateNewPayPassword(
  v: Pick<Record<PayKey, string>, 'pay_password' | 'pay_password_confirm'>,
) {
  const e: FieldErrors<PayKey> = {};
  if (!v.pay_password) e.pay_password = messageOf('PAY_PASSWORD_REQUIRED');
  else if (!isPayPassword(v.pay_password)) e.pay_password = messageOf('PAY_PASSWORD_FORMAT');
  if (!v.pay_password_confirm) e.pay_password_confirm = messageOf('PAY_PASSWORD_REQUIRED');
  else if (!isPayPassword(v.pay_password_confirm)) e.pay_password_confirm = messageOf('PAY_PASSWORD_FORMAT');
  else if (v.pay_password !== v.pay_password_confirm)
    e.pay_password_confirm = messageOf('PASSWORDS_DO_NOT_MATCH');
  return e;
}

export function validateChangePayPassword(v: Record<PayKey, string>, by: 'old' | 'login', t: T) {
  const e = validateNewPayPassword(v);
  if (by === 'old') {
    if (!v.old_pay_password) e.old_pay_password = messageOf('PAY_PASSWORD_REQUIRED');
    else if (!isPayPassword(v.old_pay_password)) e.old_pay_password = messageOf('PAY_PASSWORD_FORMAT');
  } else if (!v.password) e.password = t('validation.password');
  return e;
}
