import { accountRoutes } from '@dropdesk/contract/account';
import { adminRoutes } from '@dropdesk/contract/admin';
import type { RouteDef } from '@dropdesk/contract/route';
import { storeRoutes as s } from '@dropdesk/contract/store';
import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { Client, type Reply } from '../../test/client';
import { MERCHANT_PASSWORD, newMerchant, newOperator, png } from '../../test/factories';
import { checkoutOf, guest, newBuyer, onShelf, placeOrder } from '../../test/store';

/**
 * docs/design.md §4: a `token` that is sent and not valid (expired, revoked, forged, or another kind's
 * session) answers 401 on every route that reads a session, the guest-allowed ones included, so the
 * app asks the person to sign in again instead of serving them as a stranger (a buyer whose session
 * expired read their own order as NOT_FOUND). No token at all is still a guest where the row allows.
 */
const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const DAY = 24 * 3_600_000;

const expect401 = (res: Reply, what: string) => {
  expect({ what, status: res.status, code: res.code, error: res.error }).toEqual({
    what,
    status: 401,
    code: 401,
    error: 'UNAUTHORIZED',
  });
};

describe(`a token sent and not valid answers 401 (${engine})`, () => {
  let t: TestApp;
  let item: Awaited<ReturnType<typeof onShelf>>;
  beforeAll(async () => {
    t = await buildTestApp();
    item = await onShelf(t);
  });
  afterAll(() => t.close());

  /** One call of each guest-allowed row, and of a required row of each kind, with `token` sent. */
  function calls(token: string | null) {
    const c = new Client(t.app, token);
    const shop = String(item.merchant.id);
    return {
      // guest-allowed: the storefront's buyer_optional rows and the merchant's optional ones
      'GET /store/shop': () => c.call(s.shop, { shop }),
      'GET /store/order': () => c.call(s.order, { id: '1' }),
      'POST /store/checkout': () =>
        c.call(s.checkout, checkoutOf(item.listingId, { email: 'g@example.com' })),
      'POST /store/order/confirm': () => c.call(s.confirm, { id: 1 }),
      'POST /merchant/common/upload': async () => c.upload('logo', await png()),
      'POST /merchant/merchant/resetpwd': () =>
        c.post('/merchant/merchant/resetpwd', { account: 'x@example.com', code: '123456' }),
      // required
      'GET /store/orders': () => c.call(s.orders, { page: '1', limit: '10' }),
      'GET /merchant/merchant/getMerInfo': () => c.get('/merchant/merchant/getMerInfo'),
      'GET /admin/recharges': () => c.call(adminWalletRoutes.recharges, { page: '1', limit: '10' }),
    } satisfies Record<string, () => Promise<Reply>>;
  }
  const GUEST_ROWS = [
    'GET /store/shop',
    'GET /store/order',
    'POST /store/checkout',
    'POST /store/order/confirm',
    'POST /merchant/common/upload',
    'POST /merchant/merchant/resetpwd',
  ];

  async function expectAll401(token: string, except: string[] = []) {
    for (const [name, call] of Object.entries(calls(token)))
      if (!except.includes(name)) expect401(await call(), name);
  }

  it('with no token at all, guest-allowed rows serve a guest and the others answer 401', async () => {
    for (const [name, call] of Object.entries(calls(null))) {
      const res = await call();
      if (GUEST_ROWS.includes(name)) expect({ name, status: res.status }).toEqual({ name, status: 200 });
      else expect401(res, name);
    }
    // An empty header is no token.
    expect(
      (
        await new Client(t.app).get(
          '/store/shop',
          { shop: String(item.merchant.id) },
          { headers: { token: '' } },
        )
      ).code,
    ).toBe(1);
  });

  it('a forged token, a far too long one, and one of the right length are each a 401 everywhere', async () => {
    for (const token of ['nope', 'x'.repeat(43), 'y'.repeat(300)]) await expectAll401(token);
  });

  it("a revoked session (signed out) is a 401 everywhere, the guest rows too: merchant's, buyer's and operator's", async () => {
    const m = await newMerchant(t);
    expect((await m.client.call(accountRoutes.logout)).code).toBe(1);
    await expectAll401(m.token);

    const b = await newBuyer(t);
    expect((await b.client.call(s.shop, { shop: String(item.merchant.id) })).code).toBe(1);
    expect((await b.client.call(s.logout)).code).toBe(1);
    await expectAll401(b.token);

    const op = await newOperator(t, 'reviewer');
    expect((await op.call(adminRoutes.logout)).code).toBe(1);
    await expectAll401(op.token!);
  });

  it('an expired session, idle too long or past its end, is a 401 everywhere', async () => {
    const idle = await newBuyer(t);
    const idleMerchant = await newMerchant(t);
    t.clock.advance(7 * DAY + 1000);
    await expectAll401(idle.token);
    await expectAll401(idleMerchant.token);

    // Busy every day, it still ends 30 days after it opened.
    const busy = await newBuyer(t);
    const busyMerchant = await newMerchant(t);
    for (let day = 0; day < 30; day++) {
      t.clock.advance(DAY);
      if (day < 29) {
        expect((await busy.client.call(s.orders, { page: '1', limit: '1' })).code).toBe(1);
        expect((await busyMerchant.client.get('/merchant/merchant/getMerInfo')).code).toBe(1);
      }
    }
    await expectAll401(busy.token);
    await expectAll401(busyMerchant.token);
  });

  it("another kind's live session is a 401 on a row of a kind it is not", async () => {
    const m = await newMerchant(t);
    const b = await newBuyer(t);
    const op = await newOperator(t, 'admin');
    const buyerRows = [
      'GET /store/shop',
      'GET /store/order',
      'POST /store/checkout',
      'POST /store/order/confirm',
      'GET /store/orders',
    ];
    const merchantRows = [
      'POST /merchant/common/upload',
      'POST /merchant/merchant/resetpwd',
      'GET /merchant/merchant/getMerInfo',
    ];
    // A merchant's token: its own rows serve it; the storefront's and the console's answer 401.
    await expectAll401(m.token, merchantRows);
    // A buyer's token: the storefront's rows serve it; the merchant's and the console's answer 401.
    await expectAll401(b.token, buyerRows);
    // An operator's token is no merchant and no buyer.
    await expectAll401(op.token!, ['GET /admin/recharges']);
    expect((await m.client.get('/merchant/merchant/getMerInfo')).code).toBe(1);
    expect((await b.client.call(s.orders, { page: '1', limit: '1' })).code).toBe(1);
    expect((await op.call(adminWalletRoutes.recharges, { page: '1', limit: '1' })).code).toBe(1);
  });

  it('a buyer whose session expired is told to sign in again, not that their order does not exist', async () => {
    const b = await newBuyer(t);
    const placed = await placeOrder(b.client, item.listingId);
    expect((await b.client.call(s.order, { id: String(placed.order.id) })).code).toBe(1);
    t.clock.advance(7 * DAY + 1000);
    expect401(await b.client.call(s.order, { id: String(placed.order.id) }), 'own order, session expired');
    // Signed out, as the storefront then is, the order is not a guest's to read; signed in again, it is.
    expect((await guest(t).call(s.order, { id: String(placed.order.id) })).error).toBe('NOT_FOUND');
    const again = new Client(t.app, await t.app.buyerSessions.open(b.id));
    expect((await again.call(s.order, { id: String(placed.order.id) })).code).toBe(1);
  });

  it('rows open to anyone do not look at a token: a stale one never stands in the way of signing in', async () => {
    const m = await newMerchant(t);
    expect((await m.client.call(accountRoutes.logout)).code).toBe(1);
    const login = await m.client.call(accountRoutes.login, { account: m.email, password: MERCHANT_PASSWORD });
    expect(login.code, login.raw).toBe(1);
    const shelf = await new Client(t.app, 'x'.repeat(43)).call(s.products, {
      shop: String(item.merchant.id),
      page: '1',
      limit: '10',
    });
    expect(shelf.code).toBe(1);
  });

  it('every guest-allowed row of the contract is covered above', () => {
    const rows = [accountRoutes, s].flatMap((table) => Object.values(table) as RouteDef[]);
    const optional = rows.filter((r) => r.auth === 'optional' || r.auth === 'buyer_optional');
    const covered = new Set(GUEST_ROWS);
    const uncovered = optional.map((r) => `${r.method} ${r.path}`).filter((name) => !covered.has(name));
    // The order actions share the order's row handling (`cancel`, `rate`, `refund`, `appeal`): one stands for them.
    expect(uncovered.sort()).toEqual([
      'POST /store/order/appeal',
      'POST /store/order/cancel',
      'POST /store/order/rate',
      'POST /store/order/refund',
    ]);
  });
});
