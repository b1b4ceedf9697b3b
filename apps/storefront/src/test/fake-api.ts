import { vi } from 'vitest';

/**
 * A fake server behind `fetch`, answering each `METHOD /path` with an envelope as the real one would
 * (shaped like apps/web's src/test/api.ts). A call the test did not mock fails the test after it ends
 * (setup.ts): a page must not pass on an answer the test never chose. The public config call that
 * names the currency answers USD unless the test mocks it.
 */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: any;
}

export type Reply = { status?: number; body: unknown } | 'network-error';
type Handler = (call: Call, n: number) => Reply | Promise<Reply>;

export const ok = (data: unknown, msg = 'OK'): Reply => ({ body: { code: 1, msg, data } });
export const refused = (error: string, msg: string, fields?: Record<string, string>): Reply => ({
  body: { code: 0, error, msg, data: fields ? { fields } : undefined },
});

let unmocked: string[] = [];

export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  unmocked = [];
  const all: Record<string, Handler> = {
    'GET /merchant/common/config': () => ok({ currency: { code: 'USD', symbol: '$' } }),
    ...routes,
  };
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
    const handler = all[route];
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
  return { calls, of: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route) };
}

export function assertNoUnmockedCalls(): void {
  const seen = [...new Set(unmocked)];
  unmocked = [];
  if (seen.length > 0) throw new Error(`The test called routes it did not mock: ${seen.join(', ')}`);
}
