import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Reply = { status?: number; body: unknown } | 'network-error';
type Handler = (call: Call) => Reply | Promise<Reply>;

export const ok = (data: unknown, msg = 'OK'): Reply => ({ body: { code: 1, msg, data } });
export const refusal = (error: string, msg: string, data?: unknown): Reply => ({
  body: { code: 0, error, msg, data },
});

/**
 * A fake merchant API behind `fetch`: each `METHOD /path` answers with an envelope, like the server.
 * Unknown routes answer 404 with the server's envelope. Returns the calls made, for assertions.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply = handler
      ? await handler(call)
      : { status: 404, body: { code: 404, error: 'NOT_FOUND', msg: 'Route not found' } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
