import { z } from 'zod';

/**
 * True when `value` holds a C0 control character or DEL. PostgreSQL cannot store a NUL in text (it
 * answered 500), and the others have no place in a name, an address or a password: they hide in
 * logs, CSV and screens. With `allowLines`, line feed and tab pass: free text typed in a text area
 * (an operator's reason a merchant reads) may span lines. A browser's text area gives `\n` line
 * breaks, so `\r` stays out.
 */
export function hasControlChars(value: string, allowLines = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x7f) return true;
    if (c < 0x20 && !(allowLines && (c === 0x0a || c === 0x09))) return true;
  }
  return false;
}

export interface TextOptions {
  /** The message key when the value is missing or not a string. */
  error?: string;
  /** Allow line feeds and tabs (multi-line free text). */
  multiline?: boolean;
}

/**
 * The start of every string a request carries: refuses control characters with
 * FIELD_CONTROL_CHARS before any other check runs (`abort`), so the field's message names them.
 * Chain trimming, lengths and patterns after it: `text().trim().min(1).max(60)`.
 */
export function text(options: TextOptions = {}) {
  const allowLines = options.multiline ?? false;
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((value) => !hasControlChars(value, allowLines), { error: 'FIELD_CONTROL_CHARS', abort: true });
}
