import { REQUEST_TIMEOUT_MS } from '@dropdesk/contract/constants';
import type { BodyOf, DataOf, QueryOf, RouteDef } from '@dropdesk/contract/route';
import { setFlash } from './flash';
import { currentLang, i18n } from './i18n';
import { BASENAME, paths } from './paths';
import { getToken, session } from './session';

export type ApiErrorKind = 'refused' | 'unauthorized' | 'network' | 'timeout' | 'server' | 'http';

/** Why a call did not return data: the server's stable key and words, and its field messages. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number,
    /** The contract's stable key (`ALREADY_RESOLVED`), when the server sent one. */
    readonly key?: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Per-field messages of a validation refusal (`data.fields`). */
  get fields(): Record<string, string> {
    const fields = (this.data as { fields?: unknown } | undefined)?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

interface EnvelopeBody {
  code?: unknown;
  msg?: unknown;
  error?: unknown;
  data?: unknown;
}

function headers(json: boolean, idempotencyKey?: string): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', lang: currentLang() };
  const token = getToken();
  if (token) h.token = token;
  if (json) h['Content-Type'] = 'application/json';
  if (idempotencyKey) h['Idempotency-Key'] = idempotencyKey;
  return h;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Where the browser goes for the sign-in screen (replaced in tests). */
export const navigation = {
  toSignIn(): void {
    const here = window.location.pathname.replace(BASENAME, '') + window.location.search;
    const redirect =
      here && here !== '/' && !here.startsWith(paths.login) ? `?redirect=${encodeURIComponent(here)}` : '';
    window.location.assign(`${BASENAME}${paths.login}${redirect}`);
  },
};

/** The session is over (a 401, or the idle timer): forget it and open the sign-in screen with why. */
export function endSession(msg?: string): void {
  const hadSession = getToken() !== null;
  session.signOut();
  if (!hadSession) return;
  setFlash(msg || i18n.t('auth.sessionEnded'));
  navigation.toSignIn();
}

/** Turns a status and a parsed body into data or an ApiError. */
export function settle<T>(status: number, body: EnvelopeBody | null): T {
  const msg = typeof body?.msg === 'string' ? body.msg : '';
  const key = typeof body?.error === 'string' ? body.error : undefined;
  if (status === 401 || body?.code === 401) {
    endSession(msg);
    throw new ApiError('unauthorized', msg || i18n.t('auth.sessionEnded'), 401, key, body?.data);
  }
  if (status >= 200 && status < 300 && body?.code === 1) return body.data as T;
  if (status >= 500) throw new ApiError('server', i18n.t('errors.server'), status, key);
  if (status >= 200 && status < 300 && body && typeof body.code === 'number')
    throw new ApiError('refused', msg || i18n.t('errors.refused'), status, key, body.data);
  throw new ApiError('http', msg || i18n.t('errors.http', { status }), status, key, body?.data);
}

/** The one HTTP client: the `token` and `lang` headers, the `{code,msg,data}` envelope unwrapped. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const post = method === 'POST';
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method,
      headers: headers(post, opts.idempotencyKey),
      body: post ? JSON.stringify(opts.body ?? {}) : undefined,
      signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    const kind = timeout.aborted ? 'timeout' : 'network';
    throw new ApiError(kind, i18n.t(kind === 'timeout' ? 'errors.timeout' : 'errors.network'), 0);
  }
  session.touched();
  let body: EnvelopeBody | null = null;
  try {
    body = (await res.json()) as EnvelopeBody;
  } catch {
    body = null;
  }
  return settle<T>(res.status, body);
}

/** A call typed by its row in the contract's route table. */
export function call<R extends RouteDef>(
  route: { method: R['method']; path: R['path'] },
  input: { body?: BodyOf<R>; query?: QueryOf<R> } & Omit<RequestOptions, 'body' | 'query'> = {},
): Promise<DataOf<R>> {
  return request<DataOf<R>>(route.method, route.path, input as RequestOptions);
}

/** A multipart upload (images, CSV files). */
export async function upload<T>(path: string, form: FormData): Promise<T> {
  const h = headers(false);
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: h,
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new ApiError('network', i18n.t('errors.network'), 0);
  }
  session.touched();
  let body: EnvelopeBody | null = null;
  try {
    body = (await res.json()) as EnvelopeBody;
  } catch {
    body = null;
  }
  return settle<T>(res.status, body);
}

/** A fresh Idempotency-Key for one attempt of a money action (kept for its retries). */
export function newAttemptKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}
