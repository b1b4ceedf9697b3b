import { randomUUID } from 'node:crypto';
import type { BodyOf, DataOf, QueryOf, RouteDef } from '@dropdesk/contract/route';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export interface Reply<T = any> {
  status: number;
  code: number;
  error?: string;
  msg: string;
  data: T;
  /** A refusal's field messages (`data.fields`), whatever the success type of the route. */
  fields?: Record<string, string>;
  headers: Record<string, unknown>;
  raw: string;
}

export interface CallOptions {
  token?: string | null;
  lang?: string;
  /** Extra headers; an undefined value sends none. */
  headers?: Record<string, string | undefined>;
  ip?: string;
}

/** What a row takes: its query for a GET, its body for a POST. */
export type InputOf<R extends RouteDef> = R['method'] extends 'GET' ? QueryOf<R> : BodyOf<R>;

export interface RouteCallOptions extends CallOptions {
  /**
   * The Idempotency-Key header. An idempotent row gets a fresh key unless one is given here;
   * `null` sends none (to test the refusal).
   */
  idempotencyKey?: string | null;
}

/** The input may be left out when the row takes none or every field of it is optional. */
type CallArgs<R extends RouteDef> =
  undefined extends InputOf<R>
    ? [input?: InputOf<R>, opts?: RouteCallOptions]
    : Record<never, never> extends InputOf<R>
      ? [input?: InputOf<R>, opts?: RouteCallOptions]
      : [input: InputOf<R>, opts?: RouteCallOptions];

/** Calls the API as an app would: JSON in, envelope out. */
export class Client {
  constructor(
    readonly app: FastifyInstance,
    public token: string | null = null,
    /** Sent with every call: a language, an address, headers (a browser's `user-agent`...). */
    readonly defaults: { lang?: string; ip?: string; headers?: Record<string, string | undefined> } = {},
  ) {}

  private headers(opts: CallOptions): Record<string, string> {
    const h: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...this.defaults.headers, ...opts.headers }))
      if (value !== undefined) h[name] = value;
    const token = opts.token === undefined ? this.token : opts.token;
    if (token) h.token = token;
    const lang = opts.lang ?? this.defaults.lang;
    if (lang) h.lang = lang;
    return h;
  }

  private wrap(res: { statusCode: number; body: string; headers: Record<string, unknown> }): Reply {
    let parsed: any = {};
    try {
      parsed = JSON.parse(res.body);
    } catch {
      parsed = {};
    }
    const fields = parsed?.code === 0 ? parsed.data?.fields : undefined;
    return { status: res.statusCode, ...parsed, fields, headers: res.headers, raw: res.body };
  }

  /**
   * Calls a contract row: its method and path, the body or query typed by the row, and the reply's
   * `data` typed as the row's success shape. For deliberately malformed input use get/post.
   */
  call<R extends RouteDef>(route: R, ...[input, opts = {}]: CallArgs<R>): Promise<Reply<DataOf<R>>> {
    const key =
      opts.idempotencyKey === undefined ? (route.idempotent ? randomUUID() : null) : opts.idempotencyKey;
    const headers = key === null ? (opts.headers ?? {}) : { ...opts.headers, 'Idempotency-Key': key };
    if (route.method === 'GET') {
      const query = Object.fromEntries(
        Object.entries((input ?? {}) as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      return this.get(route.path, query, { ...opts, headers });
    }
    return this.post(route.path, input ?? {}, { ...opts, headers });
  }

  async get<T = any>(
    url: string,
    query?: Record<string, string | number>,
    opts: CallOptions = {},
  ): Promise<Reply<T>> {
    const qs =
      query && Object.keys(query).length > 0
        ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`
        : '';
    const res = await this.app.inject({
      method: 'GET',
      url: `${url}${qs}`,
      headers: this.headers(opts),
      remoteAddress: opts.ip ?? this.defaults.ip,
    });
    return this.wrap(res);
  }

  async post<T = any>(url: string, body: unknown = {}, opts: CallOptions = {}): Promise<Reply<T>> {
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...this.headers(opts) },
      payload: JSON.stringify(body),
      remoteAddress: opts.ip ?? this.defaults.ip,
    });
    return this.wrap(res);
  }

  async upload(
    kind: string,
    file: Buffer,
    opts: CallOptions & { filename?: string; mime?: string } = {},
  ): Promise<Reply> {
    const boundary = `----dd${Math.random().toString(16).slice(2)}`;
    const parts = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename ?? 'a.png'}"\r\nContent-Type: ${opts.mime ?? 'image/png'}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const res = await this.app.inject({
      method: 'POST',
      url: '/merchant/common/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...this.headers(opts) },
      payload: Buffer.concat(parts),
      remoteAddress: opts.ip ?? this.defaults.ip,
    });
    return this.wrap(res);
  }
}

/**
 * Asserts a refusal by its key (a crash answers INTERNAL and fails here), and, for a field refusal,
 * the field it names.
 */
export function expectRefusal(res: Reply, key: string, field?: string, what = ''): void {
  expect(res.error, `${what} ${res.raw}`.trim()).toBe(key);
  if (field !== undefined)
    expect(Object.keys(res.fields ?? {}), `${what} ${res.raw}`.trim()).toContain(field);
}
