import type { z } from 'zod';

export type Auth = 'none' | 'merchant' | 'optional' | 'operator';

/**
 * One row of the route table: the path exactly as the specification lists it, who may call it,
 * what it takes and what its `data` is. The server registers handlers against these rows; the apps
 * derive their request and response types from them.
 */
export interface RouteDef {
  method: 'GET' | 'POST';
  path: string;
  auth: Auth;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  data: z.ZodType;
  /** Money-moving: needs an Idempotency-Key header, and a retry replays the first answer. */
  idempotent?: boolean;
  /** Writing action refused with SHOP_CLOSED while the merchant's shop is closed. */
  writes?: boolean;
  /** Multipart body (uploads). */
  multipart?: boolean;
}

export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

export type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type DataOf<R extends RouteDef> = z.output<R['data']>;
