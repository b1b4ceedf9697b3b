import type { accountRoutes } from '@dropdesk/contract/account';
import type { DataOf } from '@dropdesk/contract/route';
import { type Call as KitCall, mockApi, ok, type Reply } from '@dropdesk/test-kit/fake-api';

/**
 * The storefront's use of the apps' fake API (@dropdesk/test-kit/fake-api: a `METHOD /path` →
 * envelope table behind `fetch`; a call the test did not mock, or a faked success the contract's
 * schema refuses, fails the test after it ends, see setup.ts). Its own defaults: the public config
 * call that names the currency answers USD unless the test mocks it, and a refusal carries the
 * fields it blames (`refused`).
 */
export { assertNoUnmockedCalls, ok, type Reply } from '@dropdesk/test-kit/fake-api';

/** A call as the storefront's tests read it: its JSON body as the page sent it. */
export interface Call extends KitCall {
  body: any;
}
type Handler = (call: Call, n: number) => Reply | Promise<Reply>;

export const refused = (error: string, msg: string, fields?: Record<string, string>): Reply => ({
  body: { code: 0, error, msg, data: fields ? { fields } : undefined },
});

export function fakeApi(routes: Record<string, Handler>) {
  const { calls, of } = mockApi({
    'GET /merchant/common/config': () =>
      ok({
        service_url: '',
        service_text: '',
        invite_base_url: 'http://localhost',
        languages: [],
        countries: ['VN'],
        min_topup: '100.00',
        currency: { code: 'USD', symbol: '$' },
      } satisfies DataOf<typeof accountRoutes.config>),
    ...(routes as Record<string, (call: KitCall, n: number) => Reply | Promise<Reply>>),
  });
  return { calls: calls as Call[], of: (route: string) => of(route) as Call[] };
}
