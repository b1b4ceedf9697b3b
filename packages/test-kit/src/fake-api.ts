import { vi } from 'vitest';

/**
 * The apps' fake API for component and screen tests (the merchant app's, the console's and the
 * storefront's): a `METHOD /path` → envelope table behind `fetch`, shaped like the server.
 *
 * A call to a route the test did not mock fails the test after it ends (each app's
 * src/test/setup.ts calls `assertNoUnmockedCalls`): an answer the test never chose would let a
 * screen pass on a 404 it should not have asked for. Mock a route to a refusal or a transport error
 * explicitly when that is the story.
 */

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Reply = { status?: number; body: unknown } | 'network-error';
/** Answers one call; `n` counts the calls to this route so far (1 for the first). */
export type Handler = (call: Call, n: number) => Reply | Promise<Reply>;

export const ok = (data: unknown, msg = 'OK'): Reply => ({ body: { code: 1, msg, data } });
export const refusal = (error: string, msg: string, data?: unknown): Reply => ({
  body: { code: 0, error, msg, data },
});

/** Calls to routes the test did not mock, since the last mockApi(). */
let unmocked: string[] = [];

/**
 * Puts the fake API behind `fetch` (see the top of this file) and returns the calls made: `calls`,
 * `of(route)` (the calls to one `METHOD /path`) and the `fetch` mock itself.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
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
    const n = (counts.get(route) ?? 0) + 1;
    counts.set(route, n);
    const handler = routes[route];
    if (!handler) unmocked.push(route);
    const reply = handler
      ? await handler(call, n)
      : { status: 404, body: { code: 404, error: 'NOT_FOUND', msg: `Not mocked: ${route}` } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, of: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route) };
}

/** Throws when the test called a route it did not mock (run after each test by each app's setup.ts). */
export function assertNoUnmockedCalls(): void {
  const seen = [...new Set(unmocked)];
  unmocked = [];
  const problems = [
    ...(seen.length > 0 ? [`The test called routes it did not mock: ${seen.join(', ')}`] : []),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
