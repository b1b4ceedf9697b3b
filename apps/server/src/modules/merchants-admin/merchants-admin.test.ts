import { foldText } from '@dropdesk/contract/fold';
import { merchantAdminRoutes as ma } from '@dropdesk/contract/merchants-admin';
import { reportsRoutes } from '@dropdesk/contract/reports';
import { adminShopRoutes, shopRoutes } from '@dropdesk/contract/shop';
import { adminWalletRoutes as w, walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator, type TestMerchant } from '../../../test/factories';
import { newOrder } from '../../../test/orders';
import { askTopUp, openBankTopUps, READY } from '../../../test/wallet';

/**
 * The console's merchants over HTTP (docs/console-api.md "Merchants"): search by id, phone,
 * email and shop name with status and identity filters, a merchant's page and its sub-lists; unknown
 * ids are NOT_FOUND; reviewers and the catalogue team are refused.
 */
describe(`console merchants (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let support: Client;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    support = await newOperator(t, 'support');
    admin = await newOperator(t, 'admin');
    await openBankTopUps(admin);
  });
  afterEach(() => expectBooksBalanced(t));
  afterAll(() => t.close());

  const shopOf = async (m: TestMerchant) =>
    (
      await t.database.db
        .selectFrom('shops')
        .select('name')
        .where('merchant_id', '=', m.id)
        .executeTakeFirstOrThrow()
    ).name;
  const idsFor = async (query: Record<string, string>) => {
    const res = await support.call(ma.merchants, query);
    expect(res.code, `${JSON.stringify(query)} ${res.raw}`).toBe(1);
    return res.data.list.map((m) => m.id);
  };

  it('search by id (exactly), phone and email (from the start), shop name (anywhere, either case)', async () => {
    const m = await newMerchant(t, { balance: '25.00' });
    const other = await newMerchant(t);
    const shop = await shopOf(m);
    const digits = m.phone.slice(1);

    expect(await idsFor({ q: String(m.id) })).toContain(m.id);
    expect(await idsFor({ q: m.phone })).toEqual([m.id]);
    expect(await idsFor({ q: digits })).toEqual([m.id]);
    expect(await idsFor({ q: `+${digits.slice(0, 2)} ${digits.slice(2, 5)}-${digits.slice(5)}` })).toEqual([
      m.id,
    ]);
    expect(await idsFor({ q: m.phone.slice(0, 9) })).toContain(m.id);
    expect(await idsFor({ q: m.email.toUpperCase() })).toEqual([m.id]);
    expect(await idsFor({ q: m.email.slice(0, 8) })).toContain(m.id);
    // Not from the middle of an email or phone: those match from their start only.
    expect(await idsFor({ q: m.email.slice(3) })).not.toContain(m.id);
    expect(await idsFor({ q: shop })).toEqual([m.id]);
    expect(await idsFor({ q: shop.slice(5).toUpperCase() })).toEqual([m.id]);
    expect(await idsFor({ q: shop.slice(-2) })).toContain(m.id);
    expect(await idsFor({ q: 'no shop is called this' })).toEqual([]);
    // A shop renamed by its merchant is found by the new name whatever its case and accents
    //: the folded twin is written with the name.
    const renamed = `Điện Thoại ${Date.now().toString(36)} Việt`;
    const before = await shopOf(other);
    const saved = await other.client.call(shopRoutes.store, { name: renamed });
    expect(saved.code, saved.raw).toBe(1);
    expect(await idsFor({ q: foldText(renamed).toUpperCase() })).toEqual([other.id]);
    expect(await idsFor({ q: renamed.slice(0, 13).toLowerCase() })).toContain(other.id);
    expect(await idsFor({ q: 'dien thoai' })).toContain(other.id);
    expect(await idsFor({ q: before })).toEqual([]);
    // LIKE's own characters and FTS syntax stand for themselves.
    for (const q of ['%', '_', '"', 'a" OR "b', '\\', '*'])
      expect(await idsFor({ q }), q).not.toContain(other.id);

    const line = (await support.call(ma.merchants, { q: m.phone })).data;
    expect(line).toMatchObject({ total: 1, total_capped: false, page: 1, limit: 20 });
    expect(line.list[0]).toEqual({
      id: m.id,
      phone: m.phone,
      email: m.email,
      real_name: 'Nguyen Van A',
      country: 'VN',
      shop_name: shop,
      status: 'active',
      kyc_status: 'unverified',
      // Every merchant starts at the first level.
      level: { rank: 1, name: expect.any(String) },
      balance: '25.00',
      created_at: new Date(t.clock.now()).toISOString(),
    });
  });

  it('a shop renamed is found by its new name only; a name in another script either case', async () => {
    const m = await newMerchant(t);
    const renamed = await m.client.call(shopRoutes.store, { name: 'Cửa Hàng Đèn Xanh Lá' });
    expect(renamed.code, renamed.raw).toBe(1);
    expect(await idsFor({ q: 'đèn xanh' })).toEqual([m.id]);
    expect(await idsFor({ q: 'ĐÈN XANH LÁ' })).toEqual([m.id]);
    expect(await idsFor({ q: `Shop ${(await shopOf(m)).slice(5)}` })).toEqual([]);
  });

  it('filters by shop status and identity status, newest first, page by page', async () => {
    const tag = `Filter ${Date.now().toString(36)}`;
    const made: TestMerchant[] = [];
    for (const kyc of ['verified', 'pending', 'verified'] as const) {
      const m = await newMerchant(t, { kyc });
      await t.database.db
        .updateTable('shops')
        .set({ name: `${tag} ${kyc}`, name_fold: foldText(`${tag} ${kyc}`) })
        .where('merchant_id', '=', m.id)
        .execute();
      made.push(m);
    }
    const [m1, m2, m3] = made as [TestMerchant, TestMerchant, TestMerchant];
    const closed = await support.call(adminShopRoutes.close, {
      merchant_id: m1.id,
      reason: 'Fake documents',
    });
    expect(closed.code, closed.raw).toBe(1);

    expect(await idsFor({ q: tag })).toEqual([m3.id, m2.id, m1.id]);
    expect(await idsFor({ q: tag, status: 'closed' })).toEqual([m1.id]);
    expect(await idsFor({ q: tag, status: 'active' })).toEqual([m3.id, m2.id]);
    expect(await idsFor({ q: tag, kyc: 'verified' })).toEqual([m3.id, m1.id]);
    expect(await idsFor({ q: tag, kyc: 'verified', status: 'active' })).toEqual([m3.id]);
    expect(await idsFor({ q: tag, kyc: 'rejected' })).toEqual([]);
    const page1 = await support.call(ma.merchants, { q: tag, limit: '2' });
    expect(page1.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.data.list.map((x) => x.id)).toEqual([m3.id, m2.id]);
    expect(await idsFor({ q: tag, limit: '2', page: '2' })).toEqual([m1.id]);
    expect(await idsFor({ q: tag, limit: '2', page: '3' })).toEqual([]);
    // No search: every merchant, newest first.
    const all = await support.call(ma.merchants, { status: 'closed' });
    expect(all.data.list[0]?.id).toBe(m1.id);
  });

  it('a merchant’s page: account, shop, identity, balance and hold, counts; its funds, sessions and notices', async () => {
    const m = await newMerchant(t, { ...READY, balance: '300.00' });
    await askTopUp(m, '100.00');
    const out = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '40',
      pay_password: '123456',
    });
    expect(out.code, out.raw).toBe(1);
    await newOrder(t, m.id, { status: 1 });
    await newOrder(t, m.id, { status: 5 });
    await newOrder(t, m.id, { status: 0 });
    await admin.call(ma.proposeAdjustment, {
      merchant_id: m.id,
      direction: 'credit',
      amount: '1.00',
      reason: 'Goodwill',
    });

    const res = await support.call(ma.detail, { id: String(m.id) });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      id: m.id,
      phone: m.phone,
      email: m.email,
      status: 'active',
      kyc_status: 'verified',
      // 300.00 − 40.00 held − 10.00 for the picked-up order's cost.
      balance: '250.00',
      hold: '40.00',
      parent_id: null,
      identity: { real_name: 'Nguyen Van A', id_number: '079123456789', status: 'verified', reason: null },
      // The first level, and the three listings its orders were made from.
      level_terms: { rank: 1, listings_used: 3 },
      shop: { name: await shopOf(m) },
      counts: {
        orders: 3,
        orders_capped: false,
        // Paid and not refunded: the picked-up order and the one awaiting pickup.
        sold_orders: 2,
        sales: '23.00',
        listings: 3,
        followers: 0,
        sessions_live: 1,
        pending_recharges: 1,
        pending_withdrawals: 1,
        pending_adjustments: 1,
      },
    });
    expect(res.data.counts.notices_unread).toBe(0);
    expect(res.raw).not.toMatch(/password_hash|token_hash|invite_link|"token"/);

    // Funds records: what the merchant's own bill shows, line for line.
    const funds = await support.call(ma.funds, { id: String(m.id) });
    const bill = await m.client.call(reportsRoutes.bill, {});
    expect(funds.data).toEqual(bill.data);
    const withdrawals = await support.call(ma.funds, { id: String(m.id), type: 'withdrawal' });
    expect(withdrawals.data.list.map((x) => x.amount)).toEqual(['-40.00']);

    // Sessions: opened, seen, live or not; never a token.
    const second = await t.app.sessions.open({ type: 'merchant', id: m.id });
    await new Client(t.app, second).post('/merchant/merchant/logout');
    const sessions = await support.call(ma.sessions, { id: String(m.id) });
    expect(sessions.data.total).toBe(2);
    expect(sessions.data.list.map((s) => s.live)).toEqual([false, true]);
    expect(sessions.data.list[0]?.revoked_at).not.toBeNull();
    expect(sessions.raw).not.toContain(second);
    expect(Object.keys(sessions.data.list[0] ?? {}).sort()).toEqual(
      ['created_at', 'expires_at', 'id', 'last_seen_at', 'live', 'revoked_at'].sort(),
    );
    // Idle past the limit (its last request that long ago): no longer live.
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: t.clock.now() - t.config.sessionIdleMs - 1 })
      .where('subject_type', '=', 'merchant')
      .where('subject_id', '=', m.id)
      .execute();
    expect((await support.call(ma.sessions, { id: String(m.id) })).data.list.map((s) => s.live)).toEqual([
      false,
      false,
    ]);

    // Notices: what the merchant was told, as stored (a key and params its app translates).
    const reviewer = await newOperator(t, 'reviewer');
    const pending = (await reviewer.call(w.recharges, { merchant_id: String(m.id), status: 'pending' })).data
      .list;
    await reviewer.call(w.rejectRecharge, { id: pending[0]!.id, reason: 'Voucher is cut off' });
    const notices = await support.call(ma.notices, { id: String(m.id) });
    expect(notices.data.list[0]).toMatchObject({
      type: 'recharge_rejected',
      title_key: 'notice.recharge_rejected',
      params: { amount: '100.00', reason: 'Voucher is cut off' },
      read_at: null,
    });
    expect((await support.call(ma.detail, { id: String(m.id) })).data.counts).toMatchObject({
      notices_unread: 1,
      pending_recharges: 0,
    });
  });

  it('another id: a merchant that does not exist is NOT_FOUND on its page and every sub-list; bad ids are refused', async () => {
    for (const row of [ma.detail, ma.funds, ma.sessions, ma.notices]) {
      expectRefusal(await support.get(row.path, { id: '99999999' }), 'NOT_FOUND', undefined, row.path);
      for (const id of ['', 'abc', '0', '-1', '1e3', '1.5', '9'.repeat(20)])
        expectRefusal(await support.get(row.path, { id }), 'INVALID_INPUT', 'id', `${row.path} ${id}`);
      expectRefusal(await support.get(row.path, {}), 'INVALID_INPUT', 'id');
      expectRefusal(await support.get(row.path, { id: '1', extra: 'x' }), 'INVALID_INPUT', 'extra');
    }
    expectRefusal(await support.get(ma.funds.path, { id: '1', type: 'gift' }), 'INVALID_INPUT', 'type');
    for (const [query, field] of [
      [{ q: 'x'.repeat(255) }, 'q'],
      [{ q: 'a\u0001b' }, 'q'],
      [{ status: 'open' }, 'status'],
      [{ kyc: 'done' }, 'kyc'],
      [{ page: '0' }, 'page'],
      [{ limit: '101' }, 'limit'],
      [{ page: '1e2' }, 'page'],
      [{ name: 'x' }, 'name'],
    ] as const)
      expectRefusal(
        await support.get(ma.merchants.path, query),
        'INVALID_INPUT',
        field,
        JSON.stringify(query),
      );
  });

  it('support and admins only: reviewers and the catalogue team are FORBIDDEN; a merchant is not an operator', async () => {
    const m = await newMerchant(t);
    expect((await admin.call(ma.detail, { id: String(m.id) })).code).toBe(1);
    for (const role of ['reviewer', 'catalogue'] as const) {
      const op = await newOperator(t, role);
      expectRefusal(await op.call(ma.merchants, {}), 'FORBIDDEN');
      for (const row of [ma.detail, ma.funds, ma.sessions, ma.notices])
        expectRefusal(
          await op.get(row.path, { id: String(m.id) }),
          'FORBIDDEN',
          undefined,
          `${role} ${row.path}`,
        );
    }
    expect((await m.client.get(ma.detail.path, { id: String(m.id) })).status).toBe(401);
  });
});
