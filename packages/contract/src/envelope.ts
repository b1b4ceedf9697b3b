import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants';
import type { ErrorKey } from './errors';

/** `{ code: 1, msg, data }`: every successful reply. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(1), msg: z.string(), data });
}

/** A refusal: HTTP 200 (or the transport status) with code 0 and a stable key. */
export const refusalEnvelope = z.object({
  code: z.union([z.literal(0), z.literal(401), z.number().int()]),
  error: z.string(),
  msg: z.string(),
  data: z.unknown().optional(),
  request_id: z.string().optional(),
});
export type Refusal = z.infer<typeof refusalEnvelope>;

export type Envelope<T> = { code: 1; msg: string; data: T } | Refusal;

/** A refusal's `data`: anything the key carries, and per-field messages under `fields`. */
const refusalData = z
  .looseObject({ fields: z.record(z.string(), z.string()).optional() })
  .optional()
  .describe('What the refusal carries; `fields` maps a field to its message, in the caller language');

/** The refusal envelope of a route that can answer `keys` with code 0 (HTTP 200). */
export function refusalEnvelopeOf(keys: readonly [ErrorKey, ...ErrorKey[]]) {
  return z.object({ code: z.literal(0), error: z.enum(keys), msg: z.string(), data: refusalData });
}

/** A transport failure's envelope: its HTTP status as `code`, a request id on a 500. */
export function transportEnvelopeOf(status: number, keys: readonly [ErrorKey, ...ErrorKey[]]) {
  return z.object({
    code: z.literal(status),
    error: z.enum(keys),
    msg: z.string(),
    request_id: z.string().optional(),
  });
}

/** A strictly parsed integer from a query string ("12", not "1e1", " 12" or "12abc"). */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,15}$/, { error: 'FIELD_INTEGER' })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: 'FIELD_TOO_SMALL' }).max(max, { error: 'FIELD_TOO_BIG' }));
}

/** `page` (from 1) and `limit` (default 20, at most 100). */
export const pageQuery = {
  page: queryInt(1, 1_000_000).default(1),
  limit: queryInt(1, PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    list: z.array(item),
  });
}

/** A day of the calendar, YYYY-MM-DD (2025-02-30 is none): a day of the merchant's time zone. */
export const calendarDay = z
  .string({ error: 'FIELD_INVALID' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: 'FIELD_INVALID' })
  .refine(
    (day) => {
      const [y, m, d] = day.split('-').map(Number) as [number, number, number];
      const t = new Date(Date.UTC(y, m - 1, d));
      return t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
    },
    { error: 'FIELD_INVALID' },
  );

/** ISO 8601 UTC time on the wire. */
export const isoTime = z.string();
