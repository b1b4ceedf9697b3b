import { REQUEST_TIMEOUT_MS } from '@dropdesk/contract/constants';
import type { BodyOf, DataOf, QueryOf, RouteDef } from '@dropdesk/contract/route';
import { FLASH_KEY } from './flash';
import { currentLang, i18n } from './i18n';
import { getToken, useSession } from './session';
import { toast } from './toast';

/** Every merchant call lives under this base (the contract's paths include it). */
export const API_BASE = '/merchant';
export const LOGIN_PATH = '/login';
export { FLASH_KEY } from './flash';

export type ApiErrorKind = 'refused' | 'unauthorized' | 'network' | 'timeout' | 'server' | 'http';

/** Why a call did not return data. The user has already been told (unless the call was quiet). */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number,
    /** The contract's stable key (`INVALID_CREDENTIALS`), when the server sent one. */
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
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Don't toast refusals or failures: the caller shows them (or the call may be absent). */
  quiet?: boolean;
  /** Show the server's `msg` as a success toast (login, password changes). */
  successToast?: boolean;
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

function url(path: string, query?: RequestOptions['query']): string {
  const base = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** Logs out, hard-redirects to /login and shows the server's message there. */
export function handleUnauthorized(msg: string): void {
  useSession.getState().logout();
  const text = msg || i18n.t('errors.sessionExpired');
  if (window.location.pathname === LOGIN_PATH) {
    toast.fail(text);
    return;
  }
  try {
    sessionStorage.setItem(FLASH_KEY, text);
  } catch {
    toast.fail(text);
  }
  window.location.assign(LOGIN_PATH);
}

/** Turns a status and a parsed body into data or an ApiError, telling the user as the issue asks. */
export function settle<T>(status: number, body: EnvelopeBody | null, quiet = false, successToast = false): T {
  const msg = typeof body?.msg === 'string' ? body.msg : '';
  const key = typeof body?.error === 'string' ? body.error : undefined;
  if (status === 401 || body?.code === 401) {
    handleUnauthorized(msg);
    throw new ApiError('unauthorized', msg, 401, key, body?.data);
  }
  if (status >= 200 && status < 300 && body?.code === 1) {
    if (successToast && msg) toast.success(msg);
    return body.data as T;
  }
  let error: ApiError;
  if (status >= 500) error = new ApiError('server', msg || i18n.t('errors.server'), status, key);
  else if (status >= 200 && status < 300 && body && typeof body.code === 'number')
    error = new ApiError('refused', msg || i18n.t('errors.refused'), status, key, body.data);
  else error = new ApiError('http', msg || i18n.t('errors.http', { status }), status, key, body?.data);
  if (!quiet) toast.fail(error.kind === 'server' ? i18n.t('errors.server') : error.message);
  if (error.kind !== 'refused') console.error(`[api] ${status}`, key ?? '', msg);
  throw error;
}

function failure(kind: 'network' | 'timeout', quiet: boolean): never {
  const message = i18n.t(kind === 'timeout' ? 'errors.timeout' : 'errors.network');
  if (!quiet) toast.fail(message);
  throw new ApiError(kind, message, 0);
}

/** The one HTTP client: base /merchant, 99 999 ms timeout, token and lang headers, envelope unwrapped. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const hasBody = method === 'POST';
  let res: Response;
  try {
    res = await fetch(url(path, opts.query), {
      method,
      headers: headers(hasBody, opts.idempotencyKey),
      body: hasBody ? JSON.stringify(opts.body ?? {}) : undefined,
      signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    return failure(timeout.aborted ? 'timeout' : 'network', opts.quiet ?? false);
  }
  let body: EnvelopeBody | null = null;
  try {
    body = (await res.json()) as EnvelopeBody;
  } catch {
    body = null;
  }
  return settle<T>(res.status, body, opts.quiet, opts.successToast);
}

/** A call typed by its row in the contract's route table: path and method are checked at compile time. */
export function call<R extends RouteDef>(
  route: { method: R['method']; path: R['path'] },
  input: { body?: BodyOf<R>; query?: QueryOf<R> } & Omit<RequestOptions, 'body' | 'query'> = {},
): Promise<DataOf<R>> {
  return request<DataOf<R>>(route.method === 'GET' ? 'GET' : 'POST', route.path, input as RequestOptions);
}

/** Multipart upload through XHR, which reports upload progress (fetch cannot). */
export function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url(path));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [k, v] of Object.entries(headers(false))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    const fail = (kind: 'network' | 'timeout') => {
      try {
        failure(kind, opts.quiet ?? false);
      } catch (e) {
        reject(e);
      }
    };
    xhr.onerror = () => fail('network');
    xhr.ontimeout = () => fail('timeout');
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      let body: EnvelopeBody | null = null;
      try {
        body = JSON.parse(xhr.responseText) as EnvelopeBody;
      } catch {
        body = null;
      }
      try {
        resolve(settle<T>(xhr.status, body, opts.quiet));
      } catch (e) {
        reject(e);
      }
    };
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
