import { adminAllianceRoutes as a, allianceRoutes as r } from '@dropdesk/contract/alliance';
import { orderRoutes } from '@dropdesk/contract/orders';
import { reportsRoutes } from '@dropdesk/contract/reports';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAllianceRate, settleByTime } from '../../../test/alliance';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { askRefund, expectOrdersMatchLedger, newListing, newOrder, withPostings } from '../../../test/orders';
import { noticesOf } from '../../../test/services';
import { balanceOf } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';
import { maskName } from './alliance.service';

/**
 * The alliance over HTTP: a merchant's code, link and members (masked names, registration, sold
 * orders, commission from each), and the commission a member's settlement pays its parent at the
 * operators' rate (none at 0), through the ledger.
 */
describe(`alliance (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    await expectOrdersMatchLedger(t);
    // Every test starts from the default rate.
    await t.database.db
      .updateTable('alliance_settings')
      .set({ commission_bps: 0 })
      .where('id', '=', 1)
      .execute();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const setRate = (bps: number) => setAllianceRate(t, bps);
  const settle = () => settleByTime(t);
  const commissionJournals = async (merchantId: number) =>
    withPostings(
      t,
      await db()
        .selectFrom('journals')
        .select(['id', 'type', 'merchant_id', 'ref_type', 'ref_id'])
        .where('merchant_id', '=', merchantId)
        .where('type', '=', 'alliance_commission')
        .orderBy('id')
        .execute(),
    );

  it('maskName: the first and last character around ***, whatever the script or length', () => {
    expect(maskName('Nguyen Van A')).toBe('N***A');
    expect(maskName('  Lê  ')).toBe('L***ê');
    expect(maskName('明')).toBe('明***');
    expect(maskName('สมชาย')).toBe('ส***ย');
    expect(maskName('')).toBe('***');
    expect(maskName('AB')).toBe('A***B');
  });

  it('coalition: the code and link, the rate, and the members newest first with masked names, orders and commission', async () => {
    const parent = await newMerchant(t);
    const first = await newMerchant(t, { parentId: parent.id, balance: '100.00' });
    await db()
      .updateTable('merchants')
      .set({ real_name: 'Tran Thi Bich' })
      .where('id', '=', first.id)
      .execute();
    t.clock.advance(60_000);
    const second = await newMerchant(t, { parentId: parent.id });
    // Another merchant's member is not this one's; the parent's own orders are not a member's.
    await newMerchant(t, { parentId: (await newMerchant(t)).id });
    const listing = await newListing(t, first.id, { stock: 10 });
    await newOrder(t, first.id, { listing, status: 5 });
    await newOrder(t, first.id, { listing, status: 1 });
    await newOrder(t, first.id, { listing, status: 0 });
    const me = await db()
      .selectFrom('merchants')
      .select(['invite_code', 'created_at'])
      .where('id', 'in', [parent.id, first.id])
      .orderBy('id')
      .execute();

    const res = await parent.client.call(r.coalition);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({
      invite_code: me[0]!.invite_code,
      invite_link: `https://shop.example/register?code=${me[0]!.invite_code}`,
      rate_bps: 0,
      commission_total: '0.00',
      total: 2,
      page: 1,
      limit: 20,
      list: [
        { id: second.id, name: 'N***A', registered_at: expect.any(String), orders: 0, commission: '0.00' },
        {
          id: first.id,
          name: 'T***h',
          registered_at: new Date(me[1]!.created_at).toISOString(),
          // Paid ones only: the unpaid order is not sold.
          orders: 2,
          commission: '0.00',
        },
      ],
    });
    const page2 = await parent.client.call(r.coalition, { limit: '1', page: '2' });
    expect(page2.data).toMatchObject({ total: 2, page: 2, limit: 1, list: [{ id: first.id }] });
    // A merchant with no members.
    expect((await first.client.call(r.coalition)).data).toMatchObject({ total: 0, list: [] });
    expectRefusal(await parent.client.get(r.coalition.path, { page: '0' }), 'INVALID_INPUT', 'page');
    expectRefusal(await parent.client.get(r.coalition.path, { unknown: '1' }), 'INVALID_INPUT');
  });

  it("commission: a member's settlement pays the parent the rate of what it settled, from revenue, with a funds record and a notice", async () => {
    await setRate(500);
    const parent = await newMerchant(t);
    const member = await newMerchant(t, { parentId: parent.id, balance: '100.00' });
    await db()
      .updateTable('merchants')
      .set({ real_name: 'Le Van Cuong' })
      .where('id', '=', member.id)
      .execute();
    const listing = await newListing(t, member.id, { cost: '10.00' });
    const order = await newOrder(t, member.id, { listing, status: 3 });
    // A partial refund before settlement: the base is what the member was paid.
    const refund = await askRefund(t, order, { amount: '1.00' });
    const approved = await member.client.call(orderRoutes.refundAudit, { id: refund.id, action: 'approve' });
    expect(approved.code, approved.raw).toBe(1);
    const settledOrder = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const base = settledOrder.total - settledOrder.refunded;

    const report = await settle();
    expect(report.settled).toBeGreaterThanOrEqual(1);
    const amount = Math.floor((base * 500) / 10_000 + 0.5);
    const journals = await commissionJournals(parent.id);
    expect(journals).toEqual([
      {
        id: expect.any(Number),
        type: 'alliance_commission',
        merchant_id: parent.id,
        ref_type: 'alliance_commission',
        ref_id: expect.any(Number),
        postings: { [`wallet:${parent.id}`]: amount, 'platform:revenue': -amount },
      },
    ]);
    const row = await db()
      .selectFrom('alliance_commissions')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      parent_id: parent.id,
      member_id: member.id,
      base,
      rate_bps: 500,
      amount,
      journal_id: journals[0]!.id,
    });
    expect(await balanceOf(parent)).toBe((amount / 100).toFixed(2));

    const bill = await parent.client.call(reportsRoutes.bill, { type: 'commission' });
    expect(bill.data.list).toEqual([
      {
        id: expect.any(Number),
        type: 'commission',
        journal_type: 'alliance_commission',
        amount: (amount / 100).toFixed(2),
        balance_after: (amount / 100).toFixed(2),
        fee: null,
        created_at: new Date(t.clock.now()).toISOString(),
        source: { type: 'alliance_commission', id: row.id },
        reason: null,
      },
    ]);
    // The finance report counts it as a line of the wallet, apart from the shop's own sales and profit.
    const finance = await parent.client.call(reportsRoutes.financialReport, { range: 'all' });
    expect(finance.data.wallet.commission).toBe((amount / 100).toFixed(2));
    expect(finance.data.orders).toMatchObject({ sales: '0.00', profit: '0.00' });
    expect((await noticesOf(t, parent.id)).filter((n) => n.type === 'commission_earned')).toEqual([
      {
        type: 'commission_earned',
        title_key: 'notice.commission_earned',
        params: { member: 'L***g', amount: (amount / 100).toFixed(2) },
        ref_type: 'alliance_commission',
        ref_id: row.id,
      },
    ]);
    const coalition = await parent.client.call(r.coalition);
    expect(coalition.data).toMatchObject({
      rate_bps: 500,
      commission_total: (amount / 100).toFixed(2),
      list: [{ id: member.id, orders: 1, commission: (amount / 100).toFixed(2) }],
    });
    // Settled once: another run pays nothing more.
    await settle();
    expect(await commissionJournals(parent.id)).toHaveLength(1);
  });

  it('rate 0 pays nothing; a merchant without a parent pays nothing; a rate change applies only to later settlements', async () => {
    const parent = await newMerchant(t);
    const member = await newMerchant(t, { parentId: parent.id, balance: '100.00' });
    const orphan = await newMerchant(t, { balance: '100.00' });
    const listing = await newListing(t, member.id, { cost: '10.00' });
    const atZero = await newOrder(t, member.id, { listing, status: 3 });
    await newOrder(t, orphan.id, { status: 3 });
    await settle();
    expect(
      (await db().selectFrom('orders').select('status').where('id', '=', atZero.id).executeTakeFirstOrThrow())
        .status,
    ).toBe(4);
    expect(await commissionJournals(parent.id)).toEqual([]);
    expect(
      await db()
        .selectFrom('alliance_commissions')
        .select('id')
        .where('member_id', 'in', [member.id, orphan.id])
        .execute(),
    ).toEqual([]);
    expect((await noticesOf(t, parent.id)).map((n) => n.type)).not.toContain('commission_earned');
    expect(await balanceOf(parent)).toBe('0.00');

    // Received before the change, settled after it: the rate at settlement counts.
    const before = await newOrder(t, member.id, { listing, status: 3 });
    await setRate(1_000);
    await settle();
    const paid = await db()
      .selectFrom('alliance_commissions')
      .selectAll()
      .where('order_id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(paid.rate_bps).toBe(1_000);
    // A later change leaves what was paid as it was.
    await setRate(200);
    const later = await newOrder(t, member.id, { listing, status: 3 });
    await settle();
    const rows = await db()
      .selectFrom('alliance_commissions')
      .select(['order_id', 'rate_bps', 'amount', 'base'])
      .where('parent_id', '=', parent.id)
      .orderBy('id')
      .execute();
    expect(rows.map((x) => [x.order_id, x.rate_bps])).toEqual([
      [before.id, 1_000],
      [later.id, 200],
    ]);
    expect(rows[0]!.amount).toBe(Math.round(rows[0]!.base / 10));
    expect(await commissionJournals(parent.id)).toHaveLength(2);
  });

  it('operators: the admin role reads and sets the rate within 0..max; other roles are refused; audited', async () => {
    const admin = await newOperator(t, 'admin');
    const get = await admin.call(a.settings);
    expect(get.data).toMatchObject({ commission_bps: 0, max_bps: 2_000 });
    const set = await admin.call(a.setSettings, { commission_bps: 2_000 });
    expect(set.data).toEqual({
      commission_bps: 2_000,
      max_bps: 2_000,
      updated_at: new Date(t.clock.now()).toISOString(),
    });
    for (const [body, key, field] of [
      [{ commission_bps: -1 }, 'INVALID_INPUT', 'commission_bps'],
      [{ commission_bps: 2_001 }, 'INVALID_INPUT', 'commission_bps'],
      [{ commission_bps: 1.5 }, 'INVALID_INPUT', 'commission_bps'],
      [{}, 'INVALID_INPUT', 'commission_bps'],
      [{ commission_bps: 1, extra: 1 }, 'INVALID_INPUT', undefined],
    ] as const)
      expectRefusal(await admin.post(a.setSettings.path, body), key, field, JSON.stringify(body));
    for (const role of ['reviewer', 'support', 'catalogue'] as const) {
      const op = await newOperator(t, role);
      expectRefusal(await op.call(a.settings), 'FORBIDDEN');
      expectRefusal(await op.call(a.setSettings, { commission_bps: 5 }), 'FORBIDDEN');
    }
    const m = await newMerchant(t);
    expectRefusal(await m.client.post(a.setSettings.path, { commission_bps: 5 }), 'UNAUTHORIZED');
    expect((await admin.call(a.settings)).data.commission_bps).toBe(2_000);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'alliance.rate')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([JSON.parse(audit.before!), JSON.parse(audit.after!)]).toEqual([
      { commission_bps: 0 },
      { commission_bps: 2_000 },
    ]);
  });
});
