import { adminAllianceRoutes as a, allianceRoutes as r } from '@dropdesk/contract/alliance';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAllianceRate, settleByTime } from '../../../test/alliance';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { newMerchant, newOperator } from '../../../test/factories';
import { expectOrdersMatchLedger, newListing, newOrder, withPostings } from '../../../test/orders';
import { auditSince, lastAuditId, noticesOf, operatorOf } from '../../../test/services';
import { balanceOf } from '../../../test/wallet';
import { AllianceService } from './alliance.service';

/**
 * The alliance's money to the cent, each test on a database of its own: the commission's rounding
 * at the edge of a cent (nothing at all when it rounds to 0), what the parent's page sums from
 * several members and orders, the rate's record before any operator set it, and its audit entry.
 */
describe(`alliance money (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
    await expectOrdersMatchLedger(t);
    await t.close();
  });

  const db = () => t.database.db;
  const setRate = (bps: number) => setAllianceRate(t, bps);
  const settle = () => settleByTime(t);
  const commissions = (parentId: number) =>
    db()
      .selectFrom('alliance_commissions')
      .select(['member_id', 'order_id', 'base', 'rate_bps', 'amount'])
      .where('parent_id', '=', parentId)
      .orderBy('order_id')
      .execute();
  const commissionJournals = async (parentId: number) =>
    withPostings(
      t,
      await db()
        .selectFrom('journals')
        .select(['id', 'ref_id'])
        .where('merchant_id', '=', parentId)
        .where('type', '=', 'alliance_commission')
        .orderBy('id')
        .execute(),
    );
  const earnedNotices = async (merchantId: number) =>
    (await noticesOf(t, merchantId)).filter((n) => n.type === 'commission_earned');

  it('1 bp: 11.50 earns 0.115 cents, which rounds to nothing: no record, journal or notice; 57.50 earns 0.575 → 0.01', async () => {
    await setRate(1);
    const parent = await newMerchant(t);
    const member = await newMerchant(t, { parentId: parent.id, balance: '100.00' });
    const listing = await newListing(t, member.id, { cost: '10.00', stock: 10 });
    const small = await newOrder(t, member.id, { listing, status: 3 });
    const report = await settle();
    expect(report).toMatchObject({ ran: true, settled: 1 });
    expect(small.total).toBe(1_150);
    expect(await commissions(parent.id)).toEqual([]);
    expect(await commissionJournals(parent.id)).toEqual([]);
    expect(await earnedNotices(parent.id)).toEqual([]);
    expect(await balanceOf(parent)).toBe('0.00');

    const big = await newOrder(t, member.id, { listing, status: 3, quantity: 5 });
    expect(big.total).toBe(5_750);
    expect(await settle()).toMatchObject({ settled: 1 });
    expect(await commissions(parent.id)).toEqual([
      { member_id: member.id, order_id: big.id, base: 5_750, rate_bps: 1, amount: 1 },
    ]);
    expect((await commissionJournals(parent.id)).map((j) => j.postings)).toEqual([
      { 'platform:revenue': -1, [`wallet:${parent.id}`]: 1 },
    ]);
    expect((await earnedNotices(parent.id)).map((n) => n.params)).toEqual([
      { member: 'N***A', amount: '0.01' },
    ]);
    expect(await balanceOf(parent)).toBe('0.01');
    // The member was paid in full either way (less the costs of the pickups): the commission
    // comes from revenue, not from the member.
    expect(await balanceOf(member)).toBe((100 - 10 - 5 * 10 + 11.5 + 57.5).toFixed(2));
  });

  it("the parent's page sums each member's orders and commissions, and all of them; a member without any shows 0", async () => {
    await setRate(333);
    const parent = await newMerchant(t);
    const busy = await newMerchant(t, { parentId: parent.id, balance: '100.00' });
    const quiet = await newMerchant(t, { parentId: parent.id });
    const elsewhere = await newMerchant(t, { parentId: (await newMerchant(t)).id, balance: '100.00' });
    const orphan = await newMerchant(t, { balance: '100.00' });
    const listing = await newListing(t, busy.id, { cost: '10.00', stock: 10 });
    await newOrder(t, busy.id, { listing, status: 3 }); // 11.50 × 3.33% = 0.38295 → 0.38
    await newOrder(t, busy.id, { listing, status: 3, quantity: 2 }); // 23.00 → 0.7659 → 0.77
    await newOrder(t, busy.id, { listing, status: 5 }); // paid, not settled: sold, no commission yet
    await newOrder(t, elsewhere.id, { status: 3 }); // another parent's member
    const alone = await newOrder(t, orphan.id, { status: 3 }); // no parent: no commission to anyone
    expect(await settle()).toMatchObject({ settled: 4 });
    expect(
      await db()
        .selectFrom('orders')
        .select(['status', 'settled_amount'])
        .where('id', '=', alone.id)
        .executeTakeFirst(),
    ).toEqual({ status: 4, settled_amount: 1_150 });
    expect(
      await db().selectFrom('alliance_commissions').select('id').where('member_id', '=', orphan.id).execute(),
    ).toEqual([]);

    expect((await commissions(parent.id)).map((c) => [c.member_id, c.base, c.rate_bps, c.amount])).toEqual([
      [busy.id, 1_150, 333, 38],
      [busy.id, 2_300, 333, 77],
    ]);
    expect(await balanceOf(parent)).toBe('1.15');
    expect((await earnedNotices(parent.id)).map((n) => n.params.amount)).toEqual(['0.38', '0.77']);

    const res = await parent.client.call(r.coalition);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ rate_bps: 333, commission_total: '1.15', total: 2 });
    expect(res.data.list.map((m) => [m.id, m.orders, m.commission])).toEqual([
      [quiet.id, 0, '0.00'],
      [busy.id, 3, '1.15'],
    ]);
    // The other parent's page counts only its own member.
    const other = await newMerchant(t);
    expect((await other.client.call(r.coalition)).data).toMatchObject({ commission_total: '0.00', total: 0 });
  });

  it('the rate before any operator set it: 0, never updated; setting it records who, when and the rate before', async () => {
    const admin = await newOperator(t, 'admin');
    const first = await admin.call(a.settings);
    expect(first.code, first.raw).toBe(1);
    expect(first.data).toEqual({ commission_bps: 0, max_bps: 2_000, updated_at: null });

    const since = await lastAuditId(t);
    t.clock.advance(1_000);
    const set = await admin.call(a.setSettings, { commission_bps: 150 });
    expect(set.data).toEqual({
      commission_bps: 150,
      max_bps: 2_000,
      updated_at: new Date(t.clock.now()).toISOString(),
    });
    const op = await operatorOf(t, admin);
    expect(await auditSince(t, since)).toEqual([
      {
        operator_id: op.id,
        action: 'alliance.rate',
        target_type: 'alliance_settings',
        target_id: '1',
        before: { commission_bps: 0 },
        after: { commission_bps: 150 },
        detail: null,
      },
    ]);
    expect(
      await db().selectFrom('alliance_settings').select(['commission_bps', 'updated_by']).executeTakeFirst(),
    ).toEqual({ commission_bps: 150, updated_by: op.id });
  });

  it("the page of a merchant that is gone is an error, not someone else's page", async () => {
    const service = new AllianceService({ db: db(), clock: t.clock, publicUrl: 'https://shop.example' });
    await expect(service.coalition(987_654_321, { page: 1, limit: 20 })).rejects.toThrow(
      new Error('merchant 987654321 is gone'),
    );
  });
});
