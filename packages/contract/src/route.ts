import type { z } from 'zod';
import type { ErrorKey } from './errors';

/**
 * Who may call a row: nobody in particular, a merchant (or, `optional`, a merchant when a token is
 * sent), an operator, a storefront buyer (or, `buyer_optional`, a buyer or a guest).
 */
export type Auth = 'none' | 'merchant' | 'optional' | 'operator' | 'buyer' | 'buyer_optional';

/** The methods the API answers. */
export type Method = 'GET' | 'POST';

/**
 * A row's address and caller without its schemas: what src/paths/<table>.ts holds, one module per
 * route table (paths/store.ts for `storeRoutes`, paths/admin-wallet.ts for `adminWalletRoutes`), one
 * export per row under the row's name. The zod rows are built from them (`...storePaths.shop`), so
 * a path is written once; paths.test.ts checks that the two sides have the same tables and rows.
 *
 * Those modules, like this one, constants.ts, errors.ts and money.ts, import nothing that brings zod
 * (paths.light.test.ts proves it): the light clients (the storefront, the merchant app's /login and
 * /home pages) call the API through them and keep no path of their own, and take request and reply
 * types from the zod rows with `import type`, which costs nothing at runtime. One module per table,
 * read as a namespace (`import * as accountPaths from '@dropdesk/contract/paths/account'`), lets
 * the bundler keep only the rows a page names: `accountPaths.config` brings one row, not eighteen.
 */
export interface PathRow {
  readonly method: Method;
  readonly path: string;
  readonly auth: Auth;
}

/** Operator roles (docs/design.md §6). A row with `auth: 'operator'` names the roles it admits. */
export const OPERATOR_ROLES = ['reviewer', 'catalogue', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * One row of the route table: the path exactly as the specification lists it, who may call it,
 * what it takes and what its `data` is. Its method, path and auth come from its plain row
 * (`PathRow`, `...storePaths.shop`), which the light clients read without zod. The server registers
 * handlers against these rows; the apps derive their request and response types from them.
 */
export interface RouteDef {
  method: Method;
  path: string;
  auth: Auth;
  /**
   * Operator rows only: the roles admitted. The auth plugin refuses every other role with
   * FORBIDDEN, so no handler has to remember a role check.
   */
  roles?: readonly OperatorRole[];
  summary: string;
  /**
   * The refusal keys (`code: 0`, HTTP 200) this route can answer: its business rules and its
   * validation (INVALID_INPUT on every row with a body or query, and any key its schemas name).
   * What the row's marks imply need not be repeated (see `refusalsOf`), nor the transport failures
   * every route shares (`TRANSPORT_REFUSALS`). The server registers no row without it, reports a refusal the row does
   * not list, and the OpenAPI document lists them per route.
   */
  refusals?: readonly ErrorKey[];
  body?: z.ZodType;
  query?: z.ZodType;
  data: z.ZodType;
  /** Money-moving: needs an Idempotency-Key header, and a retry replays the first answer. */
  idempotent?: boolean;
  /** Writing action refused with SHOP_CLOSED while the merchant's shop is closed. */
  writes?: boolean;
  /** Multipart body (uploads). */
  multipart?: boolean;
  /**
   * A file, not an envelope: on success the reply is the file itself (its type and a download
   * name), streamed; a refusal is still the JSON envelope. `data` is then `downloadFile`.
   */
  download?: boolean;
}

/** What a `download` row's handler answers: sent as the body with its type and file name. */
export interface DownloadFile {
  type: string;
  filename: string;
  body: unknown;
}

export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

/** Roles that review money and identity. */
export const REVIEWERS = ['reviewer', 'admin'] as const satisfies readonly OperatorRole[];
/** Platform settings and anything that configures money. */
export const ADMINS = ['admin'] as const satisfies readonly OperatorRole[];
/** Merchant care: closing and reopening shops, and what admins may also do there. */
export const SUPPORT = ['support', 'admin'] as const satisfies readonly OperatorRole[];

export type BodyOf<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
export type QueryOf<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : undefined;
export type DataOf<R extends RouteDef> = z.output<R['data']>;

/**
 * Failures any route may answer, each with its own HTTP status and the same envelope (docs/design.md §4),
 * documented once rather than on every row: no session (401), an unknown route or file (404), a
 * body or file too large (413), a body that is not JSON or of another media type (`INVALID_INPUT`
 * with code 0, or 415), too many requests (429), a query string or headers too long (431), a client
 * too slow to send (408), and a crash (500, with a request id).
 */
export const TRANSPORT_REFUSALS = {
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  INTERNAL: 500,
} as const satisfies Partial<Record<ErrorKey, number>>;

const IDEMPOTENCY_REFUSALS = [
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
] as const satisfies readonly ErrorKey[];

/**
 * Every key a row can answer with code 0: its own `refusals` and what its marks imply. A POST body
 * may not parse (INVALID_INPUT); operator rows refuse other roles (FORBIDDEN); writing rows refuse
 * while the shop is closed (SHOP_CLOSED); money-moving rows check their Idempotency-Key.
 */
export function refusalsOf(route: RouteDef): ErrorKey[] {
  const keys = new Set<ErrorKey>(route.refusals ?? []);
  if (route.method === 'POST') keys.add('INVALID_INPUT');
  if (route.auth === 'operator') keys.add('FORBIDDEN');
  if (route.writes) keys.add('SHOP_CLOSED');
  if (route.idempotent) for (const key of IDEMPOTENCY_REFUSALS) keys.add(key);
  return [...keys];
}
