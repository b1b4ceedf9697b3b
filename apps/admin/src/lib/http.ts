import { REQUEST_TIMEOUT_MS } from '@dropdesk/contract/constants';
import {
  ApiError,
  apiError,
  createClient,
  type RequestOptions as KitRequestOptions,
  langAndToken,
} from '@dropdesk/web-kit/client';
import { exchange, noAnswer, type Reply } from '@dropdesk/web-kit/http';
import { setFlash } from './flash';
import { currentLang, i18n } from './i18n';
import { BASENAME, paths } from './paths';
import { getToken, session } from './session';

export { ApiError, type ApiErrorKind } from '@dropdesk/web-kit/client';
export type RequestOptions = KitRequestOptions;

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

/** Turns an answer into data or an ApiError. */
function settle<T>(reply: Reply): T {
  const { kind, status } = reply;
  if (kind === 'network' || kind === 'timeout')
    throw new ApiError(kind, i18n.t(kind === 'timeout' ? 'errors.timeout' : 'errors.network'), 0);
  if (kind === 'unauthorized') {
    endSession(reply.msg);
    throw apiError(reply, i18n.t('auth.sessionEnded'));
  }
  if (kind === 'ok') return reply.data as T;
  if (kind === 'server') throw apiError(reply, i18n.t('errors.server'), false);
  throw apiError(reply, kind === 'refused' ? i18n.t('errors.refused') : i18n.t('errors.http', { status }));
}

const client = createClient<RequestOptions>({
  dropEmpty: true,
  timeoutMs: REQUEST_TIMEOUT_MS,
  headers: langAndToken(currentLang, getToken),
  answered: () => session.touched(),
  settle,
});

/** The one HTTP client: the `token` and `lang` headers, the `{code,msg,data}` envelope unwrapped. */
export const request = client.request;

/** A call typed by its row in the contract's route table. */
export const call = client.call;

/** A multipart upload (images, CSV files). */
export async function upload<T>(path: string, form: FormData): Promise<T> {
  const reply = await exchange(() =>
    fetch(path, {
      method: 'POST',
      headers: client.headers(false),
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    }),
  );
  // No answer is told as a network failure here, a timeout too.
  if (!reply.status) return settle<T>(noAnswer('network'));
  session.touched();
  return settle<T>(reply);
}

/** A download row: the file saved under the server's name (its name answered), or the refusal as any call's (web-kit). */
export const download = client.download;

/** A fresh Idempotency-Key for one attempt of a money action (kept for its retries). */
export function newAttemptKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}
