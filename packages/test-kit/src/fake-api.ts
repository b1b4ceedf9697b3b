import { type RouteDef, refusalsOf, TRANSPORT_REFUSALS } from '@dropdesk/contract/route';
import { vi } from 'vitest';
import type { z } from 'zod';

/**
 * The apps' fake API for component and screen tests (the merchant app's, the console's and the
 * storefront's): a `METHOD /path` → envelope table behind `fetch`, shaped like the server.
 *
 * Two kinds of mistake fail the test after it ends (each app's src/test/setup.ts calls
 * `assertNoUnmockedCalls`):
 * - a call to a route the test did not mock: an answer the test never chose would let a screen pass
 *   on a 404 it should not have asked for. Mock a route to a refusal or a transport error explicitly
 *   when that is the story;
 * - a faked answer its route's row in the contract (@dropdesk/contract) does not allow: a success
 *   whose `data` the row's schema refuses, or a refusal with a key the row does not declare. A
 *   screen tested against an answer the server cannot send proves nothing, and a change to the
 *   contract would leave the test passing on the old shape. The fake answer is still given to the
 *   screen, so the test runs on and the message names the route and each field.
 */

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Reply =
  | {
      status?: number;
      body: unknown;
      /** Why this faked answer is deliberately not one the contract allows (see `okOffContract`). */
      offContract?: string;
    }
  | { file: { body: string; type: string; filename: string } }
  | 'network-error';
/** Answers one call; `n` counts the calls to this route so far (1 for the first). */
export type Handler = (call: Call, n: number) => Reply | Promise<Reply>;

export const ok = (data: unknown, msg = 'OK'): Reply => ({ body: { code: 1, msg, data } });
/**
 * A success the contract does not allow, on purpose: a test of how a screen bears an answer the
 * server should not send (an older server, a field it dropped). `why` says which, for the reader;
 * the fake API does not check it against the route's schema.
 */
export const okOffContract = (data: unknown, why: string, msg = 'OK'): Reply => ({
  body: { code: 1, msg, data },
  offContract: why,
});
/** A download row's file (the contract's `download`): its bytes, type and the name the server gives it. */
export const file = (body: string, type: string, filename: string): Reply => ({
  file: { body, type, filename },
});
export const refusal = (error: string, msg: string, data?: unknown): Reply => ({
  body: { code: 0, error, msg, data },
});

/** Every row of the contract's route tables (each domain's `<name>Routes`), by `METHOD /path`. */
const rows = new Map<string, RouteDef>();
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../contract/src/*.ts', '!../../contract/src/*.test.ts'],
  { eager: true },
);
for (const mod of Object.values(modules))
  for (const [name, table] of Object.entries(mod))
    if (name.endsWith('Routes') && table && typeof table === 'object')
      for (const row of Object.values(table as Record<string, RouteDef>))
        if (row && typeof row === 'object' && 'path' in row && 'data' in row)
          rows.set(`${row.method} ${row.path}`, row);

/** The contract's row of a route (`GET /merchant/order/list`), if it has one. */
export const contractRow = (route: string): RouteDef | undefined => rows.get(route);

const describeIssues = (error: z.ZodError): string =>
  error.issues
    .slice(0, 8)
    .map(
      (issue) =>
        `    data${issue.path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('')}: ${issue.message}`,
    )
    .join('\n') + (error.issues.length > 8 ? `\n    … and ${error.issues.length - 8} more` : '');

/**
 * Why a faked answer is not one the route's row in the contract allows, or null when it is (or the
 * route has no row): a success whose `data` the row's schema refuses, or a refusal (`code` 0)
 * with a key the row does not declare (its `refusals` and what its marks imply, `refusalsOf`) nor
 * any route may answer (`TRANSPORT_REFUSALS`); the server under test answers 500 to such a key.
 * Exported for the kit's own test.
 */
export function contractMismatch(route: string, body: unknown): string | null {
  const row = rows.get(route);
  if (!row || !body || typeof body !== 'object') return null;
  const { code, error, data } = body as { code?: unknown; error?: unknown; data?: unknown };
  if (code === 1) {
    const parsed = row.data.safeParse(data);
    return parsed.success ? null : `${route}:\n${describeIssues(parsed.error)}`;
  }
  if (typeof error !== 'string' || error in TRANSPORT_REFUSALS) return null;
  const declared: string[] = refusalsOf(row);
  return declared.includes(error)
    ? null
    : `${route}:\n    refused with ${error}, which its row does not declare (it may refuse with ${declared.join(', ') || 'nothing of its own'})`;
}

/** Calls to routes the test did not mock, since the last mockApi(). */
let unmocked: string[] = [];
/** Faked successes the contract refuses, since the last mockApi(). */
let mismatched: string[] = [];

/**
 * Puts the fake API behind `fetch` (see the top of this file) and returns the calls made: `calls`,
 * `of(route)` (the calls to one `METHOD /path`) and the `fetch` mock itself.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  unmocked = [];
  mismatched = [];
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
    if ('file' in reply)
      return new Response(reply.file.body, {
        status: 200,
        headers: {
          'Content-Type': reply.file.type,
          'Content-Disposition': `attachment; filename="${reply.file.filename}"`,
        },
      });
    const mismatch = reply.offContract ? null : contractMismatch(route, reply.body);
    if (mismatch) mismatched.push(mismatch);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, of: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route) };
}

/**
 * Throws when the test called a route it did not mock, or faked an answer the contract refuses (run
 * after each test by each app's setup.ts).
 */
export function assertNoUnmockedCalls(): void {
  const seen = [...new Set(unmocked)];
  const wrong = [...new Set(mismatched)];
  unmocked = [];
  mismatched = [];
  const problems = [
    ...(seen.length > 0 ? [`The test called routes it did not mock: ${seen.join(', ')}`] : []),
    ...(wrong.length > 0
      ? [
          `The test faked answers the contract does not allow (fix the fake or its factory; @dropdesk/contract has each route's data and refusals):\n${wrong.join('\n')}`,
        ]
      : []),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
