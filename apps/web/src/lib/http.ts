import { REQUEST_TIMEOUT_MS } from '@dropdesk/contract/constants';
import {
  ApiError,
  apiError,
  createClient,
  type RequestOptions as KitRequestOptions,
  langAndToken,
} from '@dropdesk/web-kit/client';
import { type Envelope, type Reply, readReply } from '@dropdesk/web-kit/http';
import { DEVICE_HEADER, deviceId } from './device';
import { FLASH_KEY } from './flash';
import { currentLang, i18n } from './i18n';
import { getToken, useSession } from './session';
import { toast } from './toast';

/**
 * The merchant app's HTTP client: the envelope protocol is the kit's (@dropdesk/web-kit/http);
 * what is the app's is here: the /merchant base, the `lang`, `token` and `device` headers, toasts
 * for what went wrong, and a 401 that logs out and opens /login.
 */

/** Every merchant call lives under this base (the contract's paths include it). */
export const API_BASE = '/merchant';
export const LOGIN_PATH = '/login';
export { ApiError, type ApiErrorKind } from '@dropdesk/web-kit/client';
export { FLASH_KEY } from './flash';

export interface RequestOptions extends KitRequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** Don't toast refusals or failures: the caller shows them (or the call may be absent). */
  quiet?: boolean;
  /** Show the server's `msg` as a success toast (login, password changes). */
  successToast?: boolean;
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

/** Turns an answer into data or an ApiError, telling the user as the issue asks. */
function settleReply<T>(reply: Reply, quiet = false, successToast = false): T {
  const { kind, msg, status, key } = reply;
  if (kind === 'network' || kind === 'timeout') return failure(kind, quiet);
  if (kind === 'unauthorized') {
    handleUnauthorized(msg);
    throw apiError(reply, '');
  }
  if (kind === 'ok') {
    if (successToast && msg) toast.success(msg);
    return reply.data as T;
  }
  const error = apiError(
    reply,
    kind === 'server'
      ? i18n.t('errors.server')
      : kind === 'refused'
        ? i18n.t('errors.refused')
        : i18n.t('errors.http', { status }),
  );
  if (!quiet) toast.fail(kind === 'server' ? i18n.t('errors.server') : error.message);
  if (kind !== 'refused') console.error(`[api] ${status}`, key ?? '', msg);
  throw error;
}

function failure(kind: 'network' | 'timeout', quiet: boolean): never {
  const message = i18n.t(kind === 'timeout' ? 'errors.timeout' : 'errors.network');
  if (!quiet) toast.fail(message);
  throw new ApiError(kind, message, 0);
}

const langAndTokenHeaders = langAndToken(currentLang, getToken);

/** Every call's headers: the kit's `lang` and `token`, and this browser's `device` id (lib/device.ts). */
const appHeaders = (): Record<string, string> => ({
  ...langAndTokenHeaders(),
  [DEVICE_HEADER]: deviceId(),
});

const client = createClient<RequestOptions>({
  base: API_BASE,
  timeoutMs: REQUEST_TIMEOUT_MS,
  headers: appHeaders,
  settle: (reply, opts) => settleReply(reply, opts.quiet, opts.successToast),
});

/** The one HTTP client: base /merchant, 99 999 ms timeout, token, lang and device headers, envelope unwrapped. */
export const request = client.request;

/** A call typed by its row in the contract's route table: path and method are checked at compile time. */
export const call = client.call;

/** A download row: the file saved under the server's name (its name answered), or the refusal as any call's. */
export const download = client.download;

/** Multipart upload through XHR, which reports upload progress (fetch cannot). */
export function upload<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  opts: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', client.url(path));
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [k, v] of Object.entries(client.headers(false))) xhr.setRequestHeader(k, v);
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
      let body: Envelope | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        body = null;
      }
      try {
        resolve(settleReply<T>(readReply(xhr.status, body), opts.quiet));
      } catch (e) {
        reject(e);
      }
    };
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
