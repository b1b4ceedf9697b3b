import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PAY_PASSWORD_LENGTH } from '@dropdesk/contract/constants';
import { ApiError } from './http';
import { toast } from './toast';

/** Client-side checks mirroring the contract's rules, so most mistakes are shown before a round trip. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());
export const isPhone = (s: string) => /^\+?[1-9]\d{5,14}$/.test(s.replace(/[\s\-().]/g, ''));
export const isPhoneOrEmail = (s: string) => isEmail(s) || isPhone(s);
export const isPasswordLength = (s: string) =>
  s.length >= PASSWORD_MIN_LENGTH && s.length <= PASSWORD_MAX_LENGTH;
export const isPayPassword = (s: string) => new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`).test(s);
export const isResetCode = (s: string) => /^\d{6}$/.test(s.trim());

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}

/** The server's `data.fields` of a validation refusal, for the fields this form has. */
export function serverFieldErrors<K extends string>(error: unknown, keys: readonly K[]): FieldErrors<K> {
  if (!(error instanceof ApiError)) return {};
  const out: FieldErrors<K> = {};
  for (const k of keys) {
    const msg = error.fields[k];
    if (typeof msg === 'string' && msg) out[k] = msg;
  }
  return out;
}

/**
 * Where a quiet call's failure is shown: at the form's fields the server named, or else in a toast.
 * (The server names the field of every refusal that belongs to one, the payment password's included.)
 */
export function refusalAtFields<K extends string>(error: unknown, keys: readonly K[]): FieldErrors<K> {
  const fields = serverFieldErrors(error, keys);
  if (error instanceof ApiError && !hasErrors(fields)) toast.fail(error.message);
  return fields;
}
