import type { ErrorKey, MessageKey } from '@dropdesk/contract/errors';

/**
 * An expected refusal: a business rule or a bad input said no. It names itself with a stable key;
 * the error plugin turns it into `{ code: 0, error, msg, data }` in the caller's language.
 */
export class Refusal extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly data?: Record<string, unknown>,
    /** HTTP status: 200 for refusals; transport failures keep theirs (401, 404, 413, 429). */
    readonly status = 200,
    /** Message variables, when they differ from data. */
    readonly vars?: Record<string, unknown>,
  ) {
    super(key);
    this.name = 'Refusal';
  }
}

export function refusal(key: ErrorKey, data?: Record<string, unknown>): Refusal {
  return new Refusal(key, data);
}

/** A refusal about one field, shaped like a validation refusal. */
export function fieldRefusal(key: ErrorKey, field: string, message: MessageKey = key): Refusal {
  return new Refusal(key, { fields: { [field]: message } });
}

export const unauthorized = (): Refusal => new Refusal('UNAUTHORIZED', undefined, 401);
export const notFound = (): Refusal => new Refusal('NOT_FOUND');
