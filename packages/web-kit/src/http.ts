/**
 * The API's envelope protocol, one implementation for every front end (docs/decisions.md 38).
 * The server answers `{ code: 1, msg, data }` on success and `{ code, error, msg, data? }` on a
 * refusal (code 0, HTTP 200, `error` the contract's stable key, `data.fields` per-field messages)
 * or a transport failure (code = the HTTP status); 401 (status or code) means the session is over
 * (packages/contract/src/envelope.ts). What an app does about each outcome (its session, toasts,
 * words, where it signs in again) is the app's: passed in, never copied here.
 *
 * No React, no i18next, no zod, no classes: the merchant app's own pages (/login, /home) and the
 * storefront, whose bytes are counted, read their answers with it. The apps' client (errors, the
 * typed `call`) is @dropdesk/web-kit/client, a module of its own so that the pages never carry it.
 */

/** The parsed body of an answer, as far as it is one of ours. */
export interface Envelope {
  code?: unknown;
  msg?: unknown;
  error?: unknown;
  data?: unknown;
}

/**
 * What came of a call: `ok` (2xx, code 1), `unauthorized` (401 or code 401), `server` (5xx),
 * `refused` (2xx with another numeric code: the server's final word), `http` (anything else: a 4xx,
 * an answer that is not ours), or no answer at all: `network`, `timeout` (status 0).
 */
export type ReplyKind = 'ok' | 'unauthorized' | 'refused' | 'server' | 'http' | 'network' | 'timeout';

export interface Reply {
  kind: ReplyKind;
  status: number;
  /** The envelope's `code` when it is a number. */
  code?: number | undefined;
  /** The server's words, in the caller's language ('' when none). */
  msg: string;
  /** The contract's stable error key (`INVALID_CREDENTIALS`), when the server sent one. */
  key?: string | undefined;
  data?: unknown;
}

/** Reads a status and a parsed body (null when it was not JSON) as the protocol says. */
export function readReply(status: number, body: Envelope | null): Reply {
  const code = typeof body?.code === 'number' ? body.code : undefined;
  const success = status >= 200 && status < 300;
  const kind: ReplyKind =
    status === 401 || code === 401
      ? 'unauthorized'
      : success && code === 1
        ? 'ok'
        : status >= 500
          ? 'server'
          : success && code !== undefined
            ? 'refused'
            : 'http';
  return {
    kind,
    status,
    code,
    msg: typeof body?.msg === 'string' ? body.msg : '',
    key: typeof body?.error === 'string' ? body.error : undefined,
    data: body?.data,
  };
}

/** Per-field messages of a validation refusal (`data.fields`), none when it has none. */
export function fieldsOf(data: unknown): Record<string, string> {
  const fields = (data as { fields?: unknown } | null | undefined)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

export type Query = Record<string, string | number | boolean | undefined | null>;

/** `path?a=1&b=2`; undefined values are left out, and null and '' too with `dropEmpty`. */
export function withQuery(path: string, query?: Query, dropEmpty = false): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && !(dropEmpty && (v === null || v === ''))) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Sends one request (`send`) and reads its answer; no answer is a Reply too (`network`, or
 * `timeout` when the `timeout` signal fired). Only the caller's own abort (`signal`) is thrown.
 *
 * The answer is its status AND its whole body: a body cut off on the way (the connection dropped,
 * the time ran out while it was still arriving) is no answer, so it is `network` or `timeout`, which
 * the apps retry, and not an answer of status 200 that says nothing (`http`, "request failed (error
 * 200)"), as it was read before. Only a body that arrived whole but is not JSON is read as none.
 */
export async function exchange(
  send: () => Promise<Response>,
  signal?: AbortSignal,
  timeout?: AbortSignal,
): Promise<Reply> {
  let res: Response;
  let text: string;
  try {
    res = await send();
    text = await res.text();
    signal?.throwIfAborted();
  } catch (e) {
    if (signal?.aborted) throw e;
    return noAnswer(timeout?.aborted ? 'timeout' : 'network');
  }
  return readReply(res.status, parseEnvelope(text));
}

function parseEnvelope(text: string): Envelope | null {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
}

/** The Reply of a call that got no answer. */
export const noAnswer = (kind: 'network' | 'timeout'): Reply => ({ kind, status: 0, msg: '' });

/**
 * The name in `content-disposition: attachment; filename="…"` (or `filename*=UTF-8''…`), null when
 * the answer is not an attachment: how a download row's file is told from an envelope (the
 * verifier's JSON statement is `application/json` too, and has no `code`; a proxy's HTML page is no
 * file to save).
 */
export function attachmentName(disposition: string | null): string | null {
  if (!disposition || !/^\s*attachment\b/i.test(disposition)) return null;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  return (plain?.[1] ?? plain?.[2]?.trim() ?? '') || 'download';
}
