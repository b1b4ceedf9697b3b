import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newMerchant, newUpload } from '../../../test/factories';
import {
  auditSince,
  lastAuditId,
  lostReservation,
  newReviewer,
  noticesOf,
  plainLink,
  refusedWith,
} from '../../../test/services';
import { TOPUP_ACCOUNT, TOPUP_MANUAL, TRC20 } from '../../../test/wallet';
import type { Refusal } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { walletBalance } from '../ledger/ledger';
import { checkLedger } from '../ledger/ledger.check';
import { RechargeService } from './recharge.service';
import { TopupAccountService } from './topup-account.service';
import { WalletSettings } from './wallet.settings';

/**
 * RechargeService on a real database, without HTTP: what a top-up stores, the voucher's one use
 * (also when two requests race for it), the operator's queue, and what a decision leaves in the
 * ledger, the audit log and the merchant's notices.
 */
describe(`recharge service (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let recharges: RechargeService;
  let op: SessionOperator;

  beforeAll(async () => {
    t = await buildTestApp();
    const deps = { db: t.database.db, clock: t.clock, payPasswords: t.app.payPasswords };
    recharges = new RechargeService(deps);
    op = await newReviewer(t, 'rc-reviewer');
    // Bank-card top-ups are open once the receiving account is set, manual ones once their
    // instructions are written; chain ones on TRC20 only.
    const topups = new TopupAccountService(deps);
    await topups.set(op, { ...TOPUP_ACCOUNT, enabled: true });
    await topups.setManual(op, { ...TOPUP_MANUAL, enabled: true });
    await new WalletSettings(deps).setAddress(op, { network: 'TRC20', address: TRC20, enabled: true });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  const db = () => t.database.db;
  const stored = (id: number) =>
    db().selectFrom('recharges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const rowsOf = (merchantId: number) =>
    db().selectFrom('recharges').selectAll().where('merchant_id', '=', merchantId).execute();
  const manual = async (merchantId: number, amount: number) =>
    recharges.create(
      merchantId,
      { method: 'manual', amount, voucher: await newUpload(t, merchantId, 'voucher') },
      null,
      plainLink,
    );

  // ------------------------------------------------------------ the merchant's side

  it('a chain top-up keeps the network and the platform address the merchant was shown', async () => {
    const m = await newMerchant(t);
    const voucher = await newUpload(t, m.id, 'voucher');
    const r = await recharges.create(
      m.id,
      { method: 'chain', amount: 20_000, voucher, network: 'TRC20' },
      null,
      plainLink,
    );
    expect(r).toMatchObject({ method: 'chain', network: 'TRC20', address: TRC20, status: 'pending' });
    expect(await stored(r.id)).toMatchObject({ method: 'chain', network: 'TRC20', address: TRC20 });

    const closed = await refusedWith(
      recharges.create(
        m.id,
        { method: 'chain', amount: 20_000, voucher: await newUpload(t, m.id, 'voucher'), network: 'ERC20' },
        null,
        plainLink,
      ),
    );
    expect([closed.key, closed.data]).toEqual([
      'NETWORK_UNAVAILABLE',
      { fields: { network: 'NETWORK_UNAVAILABLE' } },
    ]);
  });

  it('a manual or bank top-up sent with a network stores no network and no address', async () => {
    const m = await newMerchant(t);
    for (const method of ['manual', 'bank'] as const) {
      const voucher = await newUpload(t, m.id, 'voucher');
      const r = await recharges.create(
        m.id,
        { method, amount: 15_000, voucher, network: 'TRC20' },
        null,
        plainLink,
      );
      expect(r).toMatchObject({ method, network: null, address: null });
      expect(await stored(r.id)).toMatchObject({ method, network: null, address: null });
    }
  });

  it('a voucher already used, even by a cancelled top-up, is VOUCHER_USED at the voucher field', async () => {
    const m = await newMerchant(t);
    const voucher = await newUpload(t, m.id, 'voucher');
    const r = await recharges.create(m.id, { method: 'manual', amount: 15_000, voucher }, null, plainLink);
    await recharges.cancel(m.id, r.id, plainLink);
    const reused = await refusedWith(
      recharges.create(m.id, { method: 'manual', amount: 15_000, voucher }, null, plainLink),
    );
    expect([reused.key, reused.data]).toEqual(['VOUCHER_USED', { fields: { voucher: 'VOUCHER_USED' } }]);
    expect(await rowsOf(m.id)).toHaveLength(1);
  });

  it('two top-ups racing with one voucher: one is recorded, the other is told VOUCHER_USED', async () => {
    const m = await newMerchant(t);
    const voucher = await newUpload(t, m.id, 'voucher');
    // On SQLite both read "unused" before either writes (on PostgreSQL usually): the unique voucher
    // column decides, and the loser is told the same as a late reuse.
    const results = await Promise.allSettled([
      recharges.create(m.id, { method: 'manual', amount: 15_000, voucher }, null, plainLink),
      recharges.create(m.id, { method: 'bank', amount: 16_000, voucher }, null, plainLink),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Refusal] : []));
    expect(refused.map((r) => [r.name, r.key, r.data])).toEqual([
      ['Refusal', 'VOUCHER_USED', { fields: { voucher: 'VOUCHER_USED' } }],
    ]);
    expect(await rowsOf(m.id)).toHaveLength(1);
  });

  it('a failure while recording is reported as itself, and the voucher stays free for the retry', async () => {
    const m = await newMerchant(t);
    const voucher = await newUpload(t, m.id, 'voucher');
    const error = await recharges
      .create(
        m.id,
        { method: 'manual', amount: 15_000, voucher },
        lostReservation('lost-key-0002'),
        plainLink,
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('Error');
    expect((error as Error).message).toMatch(/lost its reservation/);
    expect(await rowsOf(m.id)).toEqual([]);
    const retry = await recharges.create(
      m.id,
      { method: 'manual', amount: 15_000, voucher },
      null,
      plainLink,
    );
    expect(retry.status).toBe('pending');
  });

  // ------------------------------------------------------------ the operator's side

  it('the review queue: oldest first, by merchant and status, each with its merchant', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const first = await manual(m.id, 10_000);
    t.clock.advance(1_000);
    const second = await manual(m.id, 11_000);
    t.clock.advance(1_000);
    const third = await manual(m.id, 12_000);
    await manual(other.id, 13_000);
    await recharges.decide(
      op,
      second.id,
      { approve: false, rejection: { reason: 'Voucher unreadable' } },
      null,
      plainLink,
    );

    const all = await recharges.list({ page: 1, limit: 10, merchant_id: m.id }, plainLink);
    expect(all.total).toBe(3);
    expect(all.list.map((r) => r.id)).toEqual([first.id, second.id, third.id]);
    expect(all.list[0]).toMatchObject({
      amount: '100.00',
      merchant: { id: m.id, real_name: 'Nguyen Van A' },
    });
    expect(all.list[0]!.merchant.shop_name).toMatch(/^Shop /);

    const pending = await recharges.list(
      { page: 1, limit: 10, merchant_id: m.id, status: 'pending' },
      plainLink,
    );
    expect(pending.list.map((r) => r.id)).toEqual([first.id, third.id]);
    const rejected = await recharges.list(
      { page: 1, limit: 10, merchant_id: m.id, status: 'rejected' },
      plainLink,
    );
    expect(rejected.list).toMatchObject([{ id: second.id, reason: 'Voucher unreadable' }]);
  });

  it('approval credits the wallet in one journal under the operator’s name, audited and told', async () => {
    const m = await newMerchant(t);
    const r = await manual(m.id, 15_025);
    const before = await lastAuditId(t);
    const approved = await recharges.decide(op, r.id, { approve: true }, null, plainLink);
    expect(approved).toMatchObject({ id: r.id, status: 'approved', reason: null });

    const row = await stored(r.id);
    expect(row).toMatchObject({ status: 'approved', resolved_by: op.id });
    expect(
      await db()
        .selectFrom('journals')
        .select(['type', 'merchant_id', 'ref_type', 'ref_id', 'operator_id'])
        .where('id', '=', row.journal_id ?? -1)
        .executeTakeFirst(),
    ).toEqual({
      type: 'recharge',
      merchant_id: m.id,
      ref_type: 'recharge',
      ref_id: r.id,
      operator_id: op.id,
    });
    expect(await walletBalance(db(), m.id)).toBe(15_025);
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: op.id,
        action: 'recharge.approve',
        target_type: 'recharge',
        target_id: String(r.id),
        before: { status: 'pending', amount: '150.25', reason: null },
        after: { status: 'approved', amount: '150.25', reason: null, journal_id: expect.any(Number) },
        detail: { merchant: m.id },
      },
    ]);
    expect(await noticesOf(t, m.id)).toEqual([
      {
        type: 'recharge_approved',
        title_key: 'notice.recharge_approved',
        params: { order_no: r.order_no, amount: '150.25' },
        ref_type: 'recharge',
        ref_id: r.id,
      },
    ]);
  });

  it('rejection credits nothing, audits the reason and tells the merchant why', async () => {
    const m = await newMerchant(t);
    const r = await manual(m.id, 20_000);
    const before = await lastAuditId(t);
    await recharges.decide(
      op,
      r.id,
      { approve: false, rejection: { reason: 'Amount differs from the voucher' } },
      null,
      plainLink,
    );

    expect(await stored(r.id)).toMatchObject({
      status: 'rejected',
      reason: 'Amount differs from the voucher',
      journal_id: null,
      resolved_by: op.id,
    });
    expect(await walletBalance(db(), m.id)).toBe(0);
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: op.id,
        action: 'recharge.reject',
        target_type: 'recharge',
        target_id: String(r.id),
        before: { status: 'pending', amount: '200.00', reason: null },
        after: {
          status: 'rejected',
          amount: '200.00',
          reason: 'Amount differs from the voucher',
          journal_id: null,
        },
        detail: { merchant: m.id, reason: 'Amount differs from the voucher', reason_code: null },
      },
    ]);
    expect(await noticesOf(t, m.id)).toEqual([
      {
        type: 'recharge_rejected',
        title_key: 'notice.recharge_rejected',
        params: { order_no: r.order_no, amount: '200.00', reason: 'Amount differs from the voucher' },
        ref_type: 'recharge',
        ref_id: r.id,
      },
    ]);
  });
});
