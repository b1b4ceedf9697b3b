import type { FastifyInstance } from 'fastify';

export interface Reply<T = any> {
  status: number;
  code: number;
  error?: string;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
  raw: string;
}

export interface CallOptions {
  token?: string | null;
  lang?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** Calls the API as an app would: JSON in, envelope out. */
export class Client {
  constructor(
    readonly app: FastifyInstance,
    public token: string | null = null,
    readonly defaults: { lang?: string; ip?: string } = {},
  ) {}

  private headers(opts: CallOptions): Record<string, string> {
    const h: Record<string, string> = { ...(opts.headers ?? {}) };
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
    return { status: res.statusCode, ...parsed, headers: res.headers, raw: res.body };
  }

  async get<T = any>(
    url: string,
    query?: Record<string, string | number>,
    opts: CallOptions = {},
  ): Promise<Reply<T>> {
    const qs = query
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
