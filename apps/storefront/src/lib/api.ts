import { ORDER_TOKEN_HEADER } from '@dropdesk/contract/constants';
import * as storePaths from '@dropdesk/contract/paths/store';
import type { BodyOf, DataOf, QueryOf } from '@dropdesk/contract/route';
import type { storeRoutes } from '@dropdesk/contract/store';
import { ApiError } from '@dropdesk/web-kit/client';
import { type Envelope, type Reply, readReply } from '@dropdesk/web-kit/http';
import { currentLang } from './lang';
import { endSession, getBuyer } from './session';
import { uuid } from './storage';

/**
 * The storefront's one HTTP helper: same origin, the envelope `{code, msg, data, error}` read by the
 * kit's framework-free core (@dropdesk/web-kit/http), the storefront's own rules on top.
 * Each call is a row of the contract's store table: its method, path and auth from the contract's
 * zod-free rows (`storePaths`, contract/src/paths/store.ts), its query, body and data types from the
 * zod rows by `import type`, which brings no zod into the bundle (too heavy for a shop page).
 */
type Routes = typeof storeRoutes;
export type StoreCall = keyof Routes & keyof typeof storePaths;
/** The store's rows by name: this helper makes every one of them, so the bundle keeps them all. */
const ROWS: typeof storePaths = storePaths;

export type FailureKind = 'refused' | 'unauthorized' | 'network' | 'server';

/**
 * Why a call gave no data. `refused` is the server's answer (code 0): `key` is the contract's stable
 * error key, `message` the server's words in the buyer's language, `fields` its per-field messages.
 * `network` and `server` (5xx, or an answer that is not ours) had no answer to show: the page says so
 * in its own words, and a money call may be retried with the same Idempotency-Key.
 */
export class StoreError extends ApiError {
  declare readonly kind: FailureKind;

  /** Whether the server gave a final answer, so a retry is a new action with a new key. */
  get answered(): boolean {
    return this.kind === 'refused' && this.key !== 'IDEMPOTENCY_IN_PROGRESS';
  }
}

export interface CallOptions<K extends StoreCall> {
  query?: QueryOf<Routes[K]>;
  body?: BodyOf<Routes[K]>;
  /** Money calls (checkout, cancel): one new key per buyer action, the same on its retries. */
  idempotencyKey?: string;
  /** A guest's order link token, for order calls without a session. */
  orderToken?: string | null;
  signal?: AbortSignal;
}

function urlOf(path: string, query: Record<string, unknown> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return `${path}?${params}`;
}

/** The headers every call sends: the reader's language and the buyer's session. */
function baseHeaders(buyer = getBuyer()): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', lang: currentLang() };
  if (buyer) headers.token = buyer.token;
  return headers;
}

/** How long a read started early waits for the page to ask for it; older, it is asked again. */
const EARLY_MS = 10_000;
const early = new Map<string, { at: number; headers: string; response: Promise<Response> }>();

/**
 * Starts a read the landing page is about to make, before the language and React have loaded
 * (`LANDING.start`, app/landing.ts): the page's first identical call (same address, language and session) takes
 * its answer instead of asking again, so the page's data travels while its code does.
 */
export function startEarly<K extends StoreCall>(
  name: K,
  query: QueryOf<Routes[K]>,
): Promise<Response> | null {
  const { method, path } = ROWS[name];
  if (method !== 'GET') return null;
  const url = urlOf(path, query as Record<string, unknown>);
  const headers = baseHeaders();
  const response = fetch(url, { headers });
  response.catch(() => undefined); // a failure is the page's to report, when it asks
  early.set(url, { at: Date.now(), headers: JSON.stringify(headers), response });
  // The landing may read a copy of it first (app/landing.ts: the shop's language).
  return response;
}

function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const started = early.get(url);
  if (!started) return undefined;
  early.delete(url);
  const fresh = Date.now() - started.at < EARLY_MS && started.headers === JSON.stringify(headers);
  return fresh ? started.response : undefined;
}

/** Calls one /store row by its name in the contract's table: `api('shop', { query: { shop: '3' } })`. */
export async function api<K extends StoreCall>(
  name: K,
  opts: CallOptions<K> = {},
): Promise<DataOf<Routes[K]>> {
  const { method, path, auth } = ROWS[name];
  const buyer = getBuyer();
  const headers = baseHeaders(buyer);
  if (opts.orderToken) headers[ORDER_TOKEN_HEADER] = opts.orderToken;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  const url = urlOf(path, opts.query as Record<string, unknown> | undefined);
  let reply: Reply;
  try {
    if (method === 'POST') headers['Content-Type'] = 'application/json';
    const started = method === 'GET' ? takeEarly(url, headers) : undefined;
    const res = await (started ??
      fetch(url, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined,
        signal: opts.signal,
      }));
    opts.signal?.throwIfAborted();
    reply = readReply(res.status, (await res.json().catch(() => null)) as Envelope | null);
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new StoreError('network', '', 0);
  }
  const { kind, status, msg, key } = reply;
  if (kind === 'unauthorized') {
    if (buyer) {
      // The session sent is over (expired, revoked, signed out elsewhere): forget it and ask the
      // buyer to sign in again (components/SessionEnded.tsx). A read a guest may make is made again
      // as a guest, so the page stays usable; anything else is the buyer's to send again.
      endSession();
      if (method === 'GET' && auth === 'buyer_optional') return api(name, opts);
    }
    throw new StoreError('unauthorized', msg, 401, key);
  }
  if (kind === 'ok') return reply.data as DataOf<Routes[K]>;
  // Any answer of ours below 500 with a key is the server's final word (a 4xx too: INVALID_INPUT).
  if (status < 500 && reply.code !== undefined && key)
    throw new StoreError('refused', msg, status, key, reply.data);
  throw new StoreError('server', msg, status, key);
}

/**
 * The Idempotency-Key of one buyer action (docs/design.md §1.4): a new random UUID for each new action, the
 * same one when the same action is sent again after no final answer (network, 5xx), so a retried
 * checkout never places a second order. A changed body is a new action.
 */
export function actionKeys() {
  let last: { sig: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const sig = JSON.stringify(body);
      if (last?.sig !== sig) last = { sig, key: uuid() };
      return last.key;
    },
    /** The server answered (success or refusal): the next send is a new action. */
    done(): void {
      last = null;
    },
  };
}
