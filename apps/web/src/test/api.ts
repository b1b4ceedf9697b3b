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

/** Calls to routes the test did not mock, since the last mockApi(); setup.ts fails the test on any. */
let unmocked: string[] = [];

/**
 * A fake merchant API behind `fetch`: each `METHOD /path` answers with an envelope, like the server.
 * A call to a route the test did not mock fails the test (after it ends, see setup.ts): an answer
 * the test never chose would let a screen pass on a 404 it should not have asked for. Mock a route
 * to a refusal or a transport error explicitly when that is the story. Returns the calls made.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  unmocked = [];
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
    const route = `${method} ${url.pathname}`;
    const handler = routes[route];
    if (!handler) unmocked.push(route);
    const reply = handler
      ? await handler(call)
      : { status: 404, body: { code: 404, error: 'NOT_FOUND', msg: `Not mocked: ${route}` } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Throws when the test called a route it did not mock (run after each test by setup.ts). */
export function assertNoUnmockedCalls(): void {
  const seen = [...new Set(unmocked)];
  unmocked = [];
  if (seen.length > 0) throw new Error(`The test called routes it did not mock: ${seen.join(', ')}`);
}
