import type { BodyOf, DataOf, QueryOf, RouteDef } from '@dropdesk/contract/route';
import {
  attachmentName,
  exchange,
  fieldsOf,
  noAnswer,
  type Query,
  type Reply,
  type ReplyKind,
  withQuery,
} from './http';

/**
 * The HTTP client of an app (the merchant app's lib/http.ts, the console's): calls typed by their
 * row in the contract's route table, the envelope read by the kit's core (./http), the answer turned
 * into data or an ApiError by the app's own `settle` (its words, its toasts, its end of session).
 * No React and no i18next: what the app says comes in through the options.
 */

export type ApiErrorKind = Exclude<ReplyKind, 'ok'>;

/** Why a call did not return data: the kind, the words to show, the server's key and data. */
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
    return fieldsOf(this.data);
  }
}

/**
 * The ApiError of an answer that is not `ok`: the server's words, else `words` (the app's, in its
 * language); with `serverWords` false, always `words`. A 5xx carries no data.
 */
export function apiError(reply: Reply, words: string, serverWords = true): ApiError {
  const { kind, msg, key, data } = reply;
  return new ApiError(
    kind as ApiErrorKind,
    serverWords ? msg || words : words,
    kind === 'unauthorized' ? 401 : reply.status,
    key,
    kind === 'server' ? undefined : data,
  );
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  idempotencyKey?: string;
}

/** What an app says about its calls; everything else is the protocol's. */
export interface ClientOptions<O extends RequestOptions> {
  /** Prefixed to a path that does not start with it (the merchant app's `/merchant`). */
  base?: string;
  /** Leaves null and '' query values out, not only undefined ones. */
  dropEmpty?: boolean;
  timeoutMs: number;
  /** The app's headers of each call: its language, its session's token. */
  headers(): Record<string, string>;
  /** An answer came, whatever it said (the console's idle clock restarts). */
  answered?(): void;
  /**
   * The data of an answer, or the app's error for what came instead (and what it tells the reader:
   * a toast, a 401's end of session, no answer at all).
   */
  settle<T>(reply: Reply, opts: O): T;
}

/** The headers both apps send: the reader's language, and the session's token when there is one. */
export const langAndToken =
  (lang: () => string, token: () => string | null | undefined) => (): Record<string, string> => {
    const h: Record<string, string> = { lang: lang() };
    const t = token();
    if (t) h.token = t;
    return h;
  };

/** One app's HTTP client: same-origin calls with the app's headers, the envelope unwrapped. */
export function createClient<O extends RequestOptions>(options: ClientOptions<O>) {
  const { base = '', dropEmpty = false } = options;

  const url = (path: string, query?: Query): string =>
    withQuery(base && !path.startsWith(`${base}/`) ? `${base}${path}` : path, query, dropEmpty);

  /** The app's headers with Accept, and Content-Type and Idempotency-Key when asked. */
  const headers = (json: boolean, idempotencyKey?: string): Record<string, string> => {
    const h: Record<string, string> = { Accept: 'application/json', ...options.headers() };
    if (json) h['Content-Type'] = 'application/json';
    if (idempotencyKey) h['Idempotency-Key'] = idempotencyKey;
    return h;
  };

  async function request<T>(method: 'GET' | 'POST', path: string, opts: O = {} as O): Promise<T> {
    const post = method === 'POST';
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const reply = await exchange(
      () =>
        fetch(url(path, opts.query), {
          method,
          headers: headers(post, opts.idempotencyKey),
          body: post ? JSON.stringify(opts.body ?? {}) : undefined,
          signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
        }),
      opts.signal,
      timeout,
    );
    if (reply.status) options.answered?.();
    return options.settle<T>(reply, opts);
  }

  /** A call typed by its row in the contract's route table: path and method checked at compile time. */
  function call<R extends RouteDef>(
    route: { method: R['method']; path: R['path'] },
    input?: { body?: BodyOf<R>; query?: QueryOf<R> } & Omit<O, 'body' | 'query'>,
  ): Promise<DataOf<R>> {
    return request<DataOf<R>>(route.method, route.path, (input ?? {}) as O);
  }

  /**
   * A download row (the contract's `download`): the file the server sends as an attachment is saved
   * under the name it gives, and that name is answered. Anything else (a refusal with its fields, a
   * lost session, no answer, a file cut off on the way) is settled as any call's answer is, so it
   * says what went wrong the same way; an envelope that says ok carries no file, so it is none.
   */
  async function download<R extends RouteDef>(
    route: { method: 'GET'; path: R['path'] },
    input?: { query?: QueryOf<R> } & Omit<O, 'body' | 'query'>,
  ): Promise<string> {
    const opts = (input ?? {}) as O;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const noReply = (e: unknown) => {
      if (opts.signal?.aborted) throw e;
      return options.settle<string>(noAnswer(timeout.aborted ? 'timeout' : 'network'), opts);
    };
    let res: Response;
    try {
      // Whatever the file's type; a refusal is JSON all the same.
      res = await fetch(url(route.path, opts.query), {
        headers: { ...headers(false), Accept: '*/*' },
        signal,
      });
    } catch (e) {
      return noReply(e);
    }
    options.answered?.();
    const filename = attachmentName(res.headers.get('content-disposition'));
    if (res.ok && filename !== null) {
      let blob: Blob;
      try {
        blob = await res.blob();
      } catch (e) {
        return noReply(e);
      }
      saveBlob(blob, filename);
      return filename;
    }
    const reply = await exchange(() => Promise.resolve(res), opts.signal, timeout);
    return options.settle<string>(reply.kind === 'ok' ? { ...reply, kind: 'http' } : reply, opts);
  }

  return { url, headers, request, call, download };
}

/** How long a saved Blob's address outlives the click (FileSaver.js waits as long). */
const REVOKE_AFTER_MS = 40_000;

/** Hands a file to the browser to save, as a link with `download` would: a temporary link, clicked once. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers still read the Blob after the click returns: let it go a little later.
    setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
  }
}
