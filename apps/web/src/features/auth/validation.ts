import { messageOf } from '../../lib/messages';
import {
  type FieldErrors,
  isEmail,
  isPasswordLength,
  isPhone,
  isPhoneOrEmail,
  isResetCode,
} from '../../lib/validation';

type T = (key: string, options?: Record<string, unknown>) => string;

export type LoginKey = 'account' | 'password' | 'captcha';

export function validateLogin(
  v: Record<LoginKey, string>,
  captchaShown: boolean,
  t: T,
): FieldErrors<LoginKey> {
  const errors: FieldErrors<LoginKey> = {};
  if (!v.account.trim()) errors.account = messageOf('ACCOUNT_REQUIRED');
  if (!v.password) errors.password = t('validation.password');
  if (captchaShown && !v.captcha.trim()) errors.captcha = messageOf('CAPTCHA_REQUIRED');
  return errors;
}

export const REGISTER_KEYS = [
  'store_logo',
  'store_name',
  'store_address',
  'country',
  'phone',
  'real_name',
  'id_card_front',
  'id_card_back',
  'id_card_hand',
  'email',
  'password',
  'password_confirm',
  'invite_code',
  'business_license',
] as const;
export type RegisterKey = (typeof REGISTER_KEYS)[number];
export type RegisterValues = Record<RegisterKey, string>;

export type InviteState = 'idle' | 'checking' | 'valid' | 'invalid';

export function validateRegister(v: RegisterValues, invite: InviteState, t: T, minLength: number) {
  const e: FieldErrors<RegisterKey> = {};
  const required = t('validation.required');
  if (!v.store_logo) e.store_logo = t('validation.uploadRequired');
  if (!v.store_name.trim()) e.store_name = required;
  if (!v.store_address.trim()) e.store_address = required;
  if (!v.country) e.country = t('validation.country');
  if (!v.phone.trim()) e.phone = required;
  else if (!isPhone(v.phone)) e.phone = t('validation.phone');
  if (!v.real_name.trim()) e.real_name = required;
  if (!v.id_card_front) e.id_card_front = t('validation.uploadRequired');
  if (!v.id_card_back) e.id_card_back = t('validation.uploadRequired');
  if (!v.id_card_hand) e.id_card_hand = t('validation.uploadRequired');
  if (!v.business_license) e.business_license = t('validation.uploadRequired');
  if (!v.email.trim()) e.email = required;
  else if (!isEmail(v.email)) e.email = t('validation.email');
  if (!v.password) e.password = required;
  else if (!isPasswordLength(v.password)) e.password = t('validation.passwordLength', { min: minLength });
  if (!v.password_confirm) e.password_confirm = required;
  else if (v.password !== v.password_confirm) e.password_confirm = messageOf('PASSWORDS_DO_NOT_MATCH');
  if (!v.invite_code.trim()) e.invite_code = t('validation.invite');
  else if (invite === 'invalid') e.invite_code = messageOf('INVITE_CODE_INVALID');
  return e;
}

export type ForgotKey = 'account' | 'code' | 'password' | 'password_confirm';

export function validateForgotAccount(account: string): FieldErrors<ForgotKey> {
  if (!account.trim() || !isPhoneOrEmail(account)) return { account: messageOf('ACCOUNT_REQUIRED') };
  return {};
}

export function validateForgotReset(v: Record<ForgotKey, string>, t: T, minLength: number) {
  const e: FieldErrors<ForgotKey> = {};
  if (!isResetCode(v.code)) e.code = t('validation.code');
  if (!v.password) e.password = t('validation.required');
  else if (!isPasswordLength(v.password)) e.password = t('validation.passwordLength', { min: minLength });
  if (!v.password_confirm) e.password_confirm = t('validation.required');
  else if (v.password !== v.password_confirm) e.password_confirm = messageOf('PASSWORDS_DO_NOT_MATCH');
  return e;
}
