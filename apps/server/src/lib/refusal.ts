import type { ErrorKey, MessageKey, PlainKey, PlainMessageKey, RefusalVars } from '@dropdesk/contract/errors';

/** What a refusal carries to the client: anything, and per-field message keys under `fields`. */
export type RefusalData = { fields?: Record<string, MessageKey> } & Record<string, unknown>;

/** The message variables `key` takes: exactly its entry of RefusalVars, or nothing at all. */
export type VarsArgs<K extends ErrorKey> = K extends keyof RefusalVars ? [vars: RefusalVars[K]] : [];

/**
 * An expected refusal: a business rule or a bad input said no. It names itself with a stable key;
 * the error plugin turns it into `{ code: 0, error, msg, data }` in the caller's language.
 *
 * A key whose message names variables (`{min}`) must be given them, typed by the contract's
 * RefusalVars, and a key without takes none: `new Refusal('MIN_WITHDRAWAL', data, 200, { min })`.
 * The same variables fill the messages of `data.fields`.
 */
export class Refusal<K extends ErrorKey = ErrorKey> extends Error {
  /** Message variables (RefusalVars of the key). */
  readonly vars: Readonly<Record<string, unknown>> | undefined;

  constructor(
    readonly key: K,
    readonly data?: RefusalData,
    /** HTTP status: 200 for refusals; transport failures keep theirs (401, 404, 413, 429). */
    readonly status = 200,
    ...vars: VarsArgs<K>
  ) {
    super(key);
    this.name = 'Refusal';
    this.vars = vars[0];
  }

  /**
   * A validation refusal, whose key and variables come from the contract's schemas (a zod issue's
   * `params`) rather than from code: the compiler cannot check them, so the error plugin checks
   * the message it builds for unfilled variables instead.
   */
  static fromValidation(
    key: ErrorKey,
    fields: Record<string, MessageKey>,
    vars: Record<string, unknown> | undefined,
  ): Refusal {
    const args = (vars ? [vars] : []) as VarsArgs<ErrorKey>;
    return new Refusal<ErrorKey>(key, { fields }, 200, ...args);
  }
}

export function refusal<K extends ErrorKey>(key: K, data?: RefusalData, ...vars: VarsArgs<K>): Refusal<K> {
  return new Refusal(key, data, 200, ...vars);
}

/** A refusal about one field, shaped like a validation refusal (keys whose messages take no variables). */
export function fieldRefusal(key: PlainKey, field: string, message: PlainMessageKey = key): Refusal {
  return new Refusal(key, { fields: { [field]: message } });
}

export const unauthorized = (): Refusal => new Refusal('UNAUTHORIZED', undefined, 401);
export const notFound = (): Refusal => new Refusal('NOT_FOUND');
