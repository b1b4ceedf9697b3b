import { randomUUID } from 'node:crypto';
import { merchantAdminRoutes as ma } from '@dropdesk/contract/merchants-admin';
import { reportsRoutes } from '@dropdesk/contract/reports';
import { walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { journalsOf } from '../../../test/orders';
import { auditSince, lastAuditId, noticesOf, operatorOf } from '../../../test/services';
import { balanceOf, READY } from '../../../test/wallet';

/**
 * Balance adjustments need two people (docs/console-api.md "Balance adjustments"): one
 * admin proposes with a reason, a second approves and the journal posts; no one approves their own;
 * decided once; a debit the wallet can't cover is refused; the merchant reads the reason in its funds
 * records and a notice. Only admins may call these rows.
 */
describe(`balance adjustments (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let proposer: Client;
  let approver: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    proposer = await newOperator(t, 'admin');
    approver = await newOperator(t, 'admin');
  });
  afterEach(() => expectBooksBalanced(t));
  afterAll(() => t.close());

  const propose = async (
    merchantId: number,
    direction: 'credit' | 'debit',
    amount: string,
    reason = 'Courier lost the parcel: cost refunded',
  ) => {
    const res = await proposer.call(ma.proposeAdjustment, {
      merchant_id: merchantId,
      direction,
      amount,
      reason,
    });
    expect(res.code, res.raw).toBe(1);
    return res.data;
  };
  const revenue = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('accounts')
          .select('balance')
          .where('key', '=', 'platform:revenue')
          .executeTakeFirst()
      )?.balance ?? 0,
    );

  it('a credit: proposed (nothing moves), approved by a second admin (one journal with the reason), read by the merchant', async () => {
    const m = await newMerchant(t, { balance: '50.00' });
    const before = await lastAuditId(t);
    const revenueBefore = await revenue();
    const p = await propose(m.id, 'credit', '12.34');
    const [me, other] = [await operatorOf(t, proposer), await operatorOf(t, approver)];
    expect(p).toMatchObject({
      merchant_id: m.id,
      direction: 'credit',
      amount: '12.34',
      reason: 'Courier lost the parcel: cost refunded',
      status: 'pending',
      proposed_by: me,
      decided_by: null,
      journal_id: null,
    });
    expect(await balanceOf(m)).toBe('50.00');
    expect(await noticesOf(t, m.id)).toEqual([]);

    const done = await approver.call(ma.approveAdjustment, { id: p.id });
    expect(done.code, done.raw).toBe(1);
    expect(done.data).toMatchObject({ status: 'approved', decided_by: other, balance: '62.34' });
    expect(await balanceOf(m)).toBe('62.34');
    expect(await revenue()).toBe(revenueBefore - 1234);

    const [journal] = await journalsOf(t, { type: 'balance_adjustment', id: p.id });
    expect(journal).toMatchObject({
      id: done.data.journal_id,
      type: 'adjustment',
      merchant_id: m.id,
      postings: { [`wallet:${m.id}`]: 1234, 'platform:revenue': -1234 },
    });
    // The merchant reads the reason in its funds records, and is told.
    const bill = await m.client.call(reportsRoutes.bill, { type: 'adjustment' });
    expect(bill.data.list).toEqual([
      expect.objectContaining({
        type: 'adjustment',
        journal_type: 'adjustment',
        amount: '12.34',
        balance_after: '62.34',
        reason: 'Courier lost the parcel: cost refunded',
        source: { type: 'balance_adjustment', id: p.id },
      }),
    ]);
    expect(await noticesOf(t, m.id)).toEqual([
      expect.objectContaining({
        type: 'balance_adjusted',
        title_key: 'notice.balance_adjusted',
        params: { direction: 'credit', amount: '12.34', reason: 'Courier lost the parcel: cost refunded' },
        ref_type: 'balance_adjustment',
        ref_id: p.id,
      }),
    ]);
    const audit = await auditSince(t, before);
    expect(audit.map((a) => [a.operator_id, a.action, a.target_type, a.target_id])).toEqual([
      [me.id, 'adjustment.propose', 'balance_adjustment', String(p.id)],
      [other.id, 'adjustment.approve', 'balance_adjustment', String(p.id)],
    ]);
    expect(audit[1]).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'approved', journal_id: done.data.journal_id },
      detail: { proposed_by: me.id },
    });
  });

  it('a debit goes to revenue; one the wallet can’t cover is refused when proposed and again when approved', async () => {
    const m = await newMerchant(t, { ...READY, balance: '100.00' });
    expectRefusal(
      await proposer.call(ma.proposeAdjustment, {
        merchant_id: m.id,
        direction: 'debit',
        amount: '100.01',
        reason: 'Too much',
      }),
      'CANNOT_EXCEED_BALANCE',
      'amount',
    );
    const p = await propose(m.id, 'debit', '80.00', 'Commission paid twice');
    // The merchant spends meanwhile: the wallet no longer covers the debit.
    const out = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '50',
      pay_password: '123456',
    });
    expect(out.code, out.raw).toBe(1);
    expectRefusal(await approver.call(ma.approveAdjustment, { id: p.id }), 'INSUFFICIENT_BALANCE');
    const still = await approver.call(ma.adjustments, { merchant_id: String(m.id) });
    expect(still.data.list.map((a) => [a.id, a.status])).toEqual([[p.id, 'pending']]);
    expect(await balanceOf(m)).toBe('50.00');

    const small = await propose(m.id, 'debit', '20.00', 'Commission paid twice (part)');
    const revenueBefore = await revenue();
    const done = await approver.call(ma.approveAdjustment, { id: small.id });
    expect(done.data).toMatchObject({ status: 'approved', balance: '30.00' });
    expect(await revenue()).toBe(revenueBefore + 2000);
    const bill = await m.client.call(reportsRoutes.bill, { type: 'adjustment' });
    expect(bill.data.list[0]).toMatchObject({ amount: '-20.00', reason: 'Commission paid twice (part)' });
    // The stale one is rejected, and moves nothing.
    const rejected = await approver.call(ma.rejectAdjustment, { id: p.id, reason: 'Superseded' });
    expect(rejected.data).toMatchObject({
      status: 'rejected',
      decision_reason: 'Superseded',
      journal_id: null,
    });
    expect(await balanceOf(m)).toBe('30.00');
  });

  it('no one approves their own proposal (SELF_APPROVAL, and the table refuses it too); the proposer may withdraw it', async () => {
    const m = await newMerchant(t, { balance: '10.00' });
    const p = await propose(m.id, 'credit', '5.00');
    expectRefusal(await proposer.call(ma.approveAdjustment, { id: p.id }), 'SELF_APPROVAL');
    expect(await balanceOf(m)).toBe('10.00');
    const me = await operatorOf(t, proposer);
    // Should any code path skip the service, the database's own check refuses the approval.
    await expect(
      t.database.db
        .updateTable('balance_adjustments')
        .set({ status: 'approved', decided_by: me.id, decided_at: t.clock.now() })
        .where('id', '=', p.id)
        .execute(),
    ).rejects.toThrow();
    const withdrawn = await proposer.call(ma.rejectAdjustment, { id: p.id, reason: 'Wrong merchant' });
    expect(withdrawn.data).toMatchObject({ status: 'rejected', decided_by: me });
    expectRefusal(await approver.call(ma.approveAdjustment, { id: p.id }), 'ALREADY_RESOLVED');
    expect(await noticesOf(t, m.id)).toEqual([]);
  });

  it('decided once: five admins approving at once post one journal; a retry with its key replays the answer', async () => {
    const m = await newMerchant(t, { balance: '10.00' });
    const p = await propose(m.id, 'credit', '7.00');
    const admins = await Promise.all(Array.from({ length: 5 }, () => newOperator(t, 'admin')));
    const results = await Promise.all(admins.map((admin) => admin.call(ma.approveAdjustment, { id: p.id })));
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    for (const r of results) if (r.code !== 1) expectRefusal(r, 'ALREADY_RESOLVED');
    expect(await journalsOf(t, { type: 'balance_adjustment', id: p.id })).toHaveLength(1);
    expect(await balanceOf(m)).toBe('17.00');

    const q = await propose(m.id, 'credit', '3.00');
    const key = randomUUID();
    const first = await approver.call(ma.approveAdjustment, { id: q.id }, { idempotencyKey: key });
    const again = await approver.call(ma.approveAdjustment, { id: q.id }, { idempotencyKey: key });
    expect(again.raw).toBe(first.raw);
    expect(await balanceOf(m)).toBe('20.00');
    // A proposal retried with its key is one proposal.
    const proposalKey = randomUUID();
    const body = { merchant_id: m.id, direction: 'credit', amount: '1.00', reason: 'Goodwill' } as const;
    const p1 = await proposer.call(ma.proposeAdjustment, body, { idempotencyKey: proposalKey });
    const p2 = await proposer.call(ma.proposeAdjustment, body, { idempotencyKey: proposalKey });
    expect(p2.data.id).toBe(p1.data.id);
    expect(
      (await approver.call(ma.adjustments, { merchant_id: String(m.id), status: 'pending' })).data.total,
    ).toBe(1);
  });

  it('the list: newest first, by status and merchant, with the operators and the shop', async () => {
    const m = await newMerchant(t, { balance: '10.00' });
    const a1 = await propose(m.id, 'credit', '1.00');
    const a2 = await propose(m.id, 'credit', '2.00');
    await approver.call(ma.approveAdjustment, { id: a1.id });
    const all = await approver.call(ma.adjustments, { merchant_id: String(m.id) });
    expect(all.data).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(all.data.list.map((a) => [a.id, a.status])).toEqual([
      [a2.id, 'pending'],
      [a1.id, 'approved'],
    ]);
    const shop = await t.database.db
      .selectFrom('shops')
      .select('name')
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(all.data.list[1]).toMatchObject({
      shop_name: shop.name,
      decided_by: await operatorOf(t, approver),
    });
    const pending = await approver.call(ma.adjustments, { merchant_id: String(m.id), status: 'pending' });
    expect(pending.data.list.map((a) => a.id)).toEqual([a2.id]);
    const page2 = await approver.call(ma.adjustments, { merchant_id: String(m.id), page: '2', limit: '1' });
    expect(page2.data.list.map((a) => a.id)).toEqual([a1.id]);
  });

  it('bad inputs are refused by field, and change nothing', async () => {
    const m = await newMerchant(t, { balance: '10.00' });
    const good = { merchant_id: m.id, direction: 'credit', amount: '1.00', reason: 'Goodwill' };
    const post = (path: string, body: unknown, key: string | null = randomUUID()) =>
      proposer.post(path, body, { headers: key ? { 'Idempotency-Key': key } : {} });
    for (const [body, key, field] of [
      [{ ...good, merchant_id: undefined }, 'INVALID_INPUT', 'merchant_id'],
      [{ ...good, merchant_id: 0 }, 'INVALID_INPUT', 'merchant_id'],
      [{ ...good, merchant_id: '1' }, 'INVALID_INPUT', 'merchant_id'],
      [{ ...good, merchant_id: 99_999_999 }, 'MERCHANT_UNKNOWN', 'merchant_id'],
      [{ ...good, direction: 'both' }, 'INVALID_INPUT', 'direction'],
      [{ ...good, direction: undefined }, 'INVALID_INPUT', 'direction'],
      [{ ...good, amount: '0' }, 'CANNOT_BE_ZERO', 'amount'],
      [{ ...good, amount: '-1.00' }, 'INVALID_INPUT', 'amount'],
      [{ ...good, amount: '1.001' }, 'INVALID_INPUT', 'amount'],
      [{ ...good, amount: 'abc' }, 'INVALID_INPUT', 'amount'],
      [{ ...good, amount: '1e3' }, 'INVALID_INPUT', 'amount'],
      [{ ...good, amount: 5 }, 'INVALID_INPUT', 'amount'],
      [{ ...good, amount: '10000000000.00' }, 'INVALID_INPUT', 'amount'],
      [{ ...good, reason: '' }, 'INVALID_INPUT', 'reason'],
      [{ ...good, reason: '  ' }, 'INVALID_INPUT', 'reason'],
      [{ ...good, reason: 'x'.repeat(501) }, 'INVALID_INPUT', 'reason'],
      [{ ...good, reason: 'a\u0000b' }, 'INVALID_INPUT', 'reason'],
      [{ ...good, status: 'approved' }, 'INVALID_INPUT', 'status'],
      [{ ...good, journal_id: 1 }, 'INVALID_INPUT', 'journal_id'],
    ] as const) {
      expectRefusal(await post(ma.proposeAdjustment.path, body), key, field, JSON.stringify(body));
    }
    expectRefusal(await post(ma.proposeAdjustment.path, good, null), 'IDEMPOTENCY_KEY_REQUIRED');
    for (const [path, extra] of [
      [ma.approveAdjustment.path, {}],
      [ma.rejectAdjustment.path, { reason: 'x' }],
    ] as const) {
      expectRefusal(await post(path, { ...extra }), 'INVALID_INPUT', 'id');
      expectRefusal(await post(path, { id: -1, ...extra }), 'INVALID_INPUT', 'id');
      expectRefusal(await post(path, { id: 99_999_999, ...extra }), 'NOT_FOUND');
      expectRefusal(await post(path, { id: 1, ...extra }, null), 'IDEMPOTENCY_KEY_REQUIRED');
    }
    expectRefusal(await post(ma.rejectAdjustment.path, { id: 1 }), 'INVALID_INPUT', 'reason');
    expectRefusal(await post(ma.approveAdjustment.path, { id: 1, reason: 'x' }), 'INVALID_INPUT', 'reason');
    for (const query of [
      { status: 'done' },
      { merchant_id: 'x' },
      { page: '0' },
      { limit: '101' },
      { extra: '1' },
    ] as Record<string, string>[])
      expectRefusal(await proposer.get(ma.adjustments.path, query), 'INVALID_INPUT', Object.keys(query)[0]);
    expect((await proposer.call(ma.adjustments, { merchant_id: String(m.id) })).data.total).toBe(0);
    expect(await balanceOf(m)).toBe('10.00');
  });

  it('only admins: reviewer, support and catalogue are FORBIDDEN on every adjustment row; a merchant is not an operator', async () => {
    const m = await newMerchant(t, { balance: '10.00' });
    const p = await propose(m.id, 'credit', '1.00');
    for (const role of ['reviewer', 'support', 'catalogue'] as const) {
      const op = await newOperator(t, role);
      expectRefusal(await op.call(ma.adjustments, {}), 'FORBIDDEN');
      expectRefusal(
        await op.call(ma.proposeAdjustment, {
          merchant_id: m.id,
          direction: 'credit',
          amount: '1.00',
          reason: 'x',
        }),
        'FORBIDDEN',
      );
      expectRefusal(await op.call(ma.approveAdjustment, { id: p.id }), 'FORBIDDEN');
      expectRefusal(await op.call(ma.rejectAdjustment, { id: p.id, reason: 'x' }), 'FORBIDDEN');
    }
    expect((await m.client.post(ma.approveAdjustment.path, { id: p.id })).status).toBe(401);
    expect((await approver.call(ma.adjustments, { merchant_id: String(m.id) })).data.list[0]?.status).toBe(
      'pending',
    );
    expect(await balanceOf(m)).toBe('10.00');
  });
});
