import { CURRENCIES, NETWORKS } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newMerchant } from '../../../test/factories';
import {
  auditSince,
  lastAuditId,
  lostReservation,
  newReviewer,
  noticesOf,
  refusedWith,
} from '../../../test/services';
import { ERC20, TRC20 } from '../../../test/wallet';
import type { MoneyDeps, PayPasswordCheck } from '../../lib/money-deps';
import type { Refusal } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { walletBalance } from '../ledger/ledger';
import { checkLedger } from '../ledger/ledger.check';
import { walletSettingsRepository } from './wallet.repository';
import { WithdrawalService } from './withdrawal.service';

/**
 * WithdrawalService on a real database, without HTTP: what a withdrawal stores (the destination
 * the operator pays to), what the ledger holds after each step and which journal says so, what the
 * operator's decision leaves in the audit log and in the merchant's notices, and how the service
 * behaves when two requests race or the transaction fails late.
 */
describe(`withdrawal service (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let deps: MoneyDeps;
  let withdrawals: WithdrawalService;
  let op: SessionOperator;

  beforeAll(async () => {
    t = await buildTestApp();
    deps = { db: t.database.db, clock: t.clock, payPasswords: t.app.payPasswords };
    withdrawals = new WithdrawalService(deps);
    op = await newReviewer(t, 'wd-reviewer');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  const ready = (balance: string) =>
    newMerchant(t, { balance, kyc: 'verified', bank: true, payPassword: '123456' });
  const bank = (amount: number) => ({ method: 'bank' as const, amount, pay_password: '123456' });
  const chain = (amount: number, network: 'TRC20' | 'ERC20' = 'TRC20', address = TRC20) => ({
    method: 'blockchain' as const,
    amount,
    pay_password: '123456',
    network,
    address,
  });

  const db = () => t.database.db;
  const stored = (id: number) =>
    db().selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const rowsOf = (merchantId: number) =>
    db().selectFrom('withdrawals').selectAll().where('merchant_id', '=', merchantId).execute();

  /** A journal with its postings as `account key → amount`. */
  async function journal(id: number | null) {
    const j = await db()
      .selectFrom('journals')
      .select(['type', 'merchant_id', 'ref_type', 'ref_id', 'operator_id'])
      .where('id', '=', id ?? -1)
      .executeTakeFirstOrThrow();
    const postings = await db()
      .selectFrom('postings as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['a.key', 'p.amount'])
      .where('p.journal_id', '=', id ?? -1)
      .execute();
    return { ...j, postings: Object.fromEntries(postings.map((p) => [p.key, Number(p.amount)])) };
  }

  /** Runs `fn` with other wallet settings, then puts the previous ones back. */
  async function withSettings(
    values: { withdraw_min: number; withdraw_fee_bps: number; withdraw_fee_fixed: number },
    fn: () => Promise<void>,
  ) {
    const before = await walletSettingsRepository.get(db());
    await walletSettingsRepository.update(db(), values);
    try {
      await fn();
    } finally {
      await walletSettingsRepository.update(db(), {
        withdraw_min: before.withdraw_min,
        withdraw_fee_bps: before.withdraw_fee_bps,
        withdraw_fee_fixed: before.withdraw_fee_fixed,
      });
    }
  }

  // ------------------------------------------------------------ the merchant's side

  it('a session whose merchant no longer exists is UNAUTHORIZED for the screen and for a withdrawal', async () => {
    const info = await refusedWith(withdrawals.info(9_999_999));
    expect([info.key, info.status]).toEqual(['UNAUTHORIZED', 401]);
    const create = await refusedWith(withdrawals.create(9_999_999, bank(20_000), null));
    expect([create.key, create.status]).toEqual(['UNAUTHORIZED', 401]);
  });

  it('the withdrawal screen offers the contract’s currencies and networks, the masked card and recent addresses', async () => {
    const m = await ready('500.00');
    await withdrawals.create(m.id, chain(10_000, 'TRC20', TRC20), null);
    await withdrawals.create(m.id, chain(10_000, 'ERC20', ERC20), null);
    await withdrawals.create(m.id, chain(10_000, 'TRC20', TRC20), null);
    await withdrawals.create(m.id, bank(10_000), null);
    const settings = await walletSettingsRepository.get(db());

    const info = await withdrawals.info(m.id);
    expect(info).toMatchObject({
      balance: '100.00',
      fee: { bps: settings.withdraw_fee_bps, fixed: (settings.withdraw_fee_fixed / 100).toFixed(2) },
      min: (settings.withdraw_min / 100).toFixed(2),
      kyc_status: 'verified',
    });
    expect(info.currencies).toEqual([...CURRENCIES]);
    expect(info.networks).toEqual([...NETWORKS]);
    expect(info.bank).toMatchObject({
      holder_name: 'Nguyen Van A',
      bank_name: 'Vietcombank',
      account_number: '**** 3456',
    });
    // Each address once, the one used last first; bank withdrawals have none.
    expect(info.addresses).toEqual([
      { network: 'TRC20', address: TRC20 },
      { network: 'ERC20', address: ERC20 },
    ]);
  });

  it('a chain withdrawal stores where to pay (USDT unless told) and nothing of the saved bank card', async () => {
    const m = await ready('300.00');
    const w = await withdrawals.create(m.id, chain(10_000, 'ERC20', ERC20), null);
    expect(w).toMatchObject({
      method: 'blockchain',
      currency: 'USDT',
      network: 'ERC20',
      address: ERC20,
      bank: null,
    });
    expect(await stored(w.id)).toMatchObject({
      method: 'blockchain',
      currency: CURRENCIES[0],
      network: 'ERC20',
      address: ERC20,
      holder_name: null,
      bank_name: null,
      account_number: null,
    });
    const usdt = await withdrawals.create(m.id, { ...chain(10_000), currency: 'USDT' }, null);
    expect(await stored(usdt.id)).toMatchObject({ currency: 'USDT', network: 'TRC20', address: TRC20 });
  });

  it('a bank withdrawal stores the saved card to pay to, and no chain destination even when one is sent', async () => {
    const m = await ready('300.00');
    const w = await withdrawals.create(
      m.id,
      { ...bank(10_000), currency: 'USDT', network: 'TRC20', address: TRC20 },
      null,
    );
    expect(w).toMatchObject({
      method: 'bank',
      currency: null,
      network: null,
      address: null,
      bank: { holder_name: 'Nguyen Van A', bank_name: 'Vietcombank', account_number: '**** 3456' },
    });
    expect(await stored(w.id)).toMatchObject({
      method: 'bank',
      currency: null,
      network: null,
      address: null,
      holder_name: 'Nguyen Van A',
      bank_name: 'Vietcombank',
      account_number: '0071000123456',
    });
  });

  it('the hold is one journal, referring to the withdrawal, that the row points at', async () => {
    const m = await ready('300.00');
    const w = await withdrawals.create(m.id, bank(12_000), null);
    expect(w.balance).toBe('180.00');
    const row = await stored(w.id);
    expect(row.resolve_journal_id).toBeNull();
    expect(await journal(row.hold_journal_id)).toEqual({
      type: 'withdrawal_hold',
      merchant_id: m.id,
      ref_type: 'withdrawal',
      ref_id: w.id,
      operator_id: null,
      postings: { [`wallet:${m.id}`]: -12_000, [`withdraw_hold:${m.id}`]: 12_000 },
    });
  });

  it('refuses an amount the fee would eat entirely (nothing or less than nothing to pay out)', async () => {
    const m = await ready('300.00');
    // Set in the table directly: the settings screen refuses a minimum the fee eats (wallet.settings.ts).
    await withSettings({ withdraw_min: 100, withdraw_fee_bps: 0, withdraw_fee_fixed: 500 }, async () => {
      for (const amount of [500, 400]) {
        const r = await refusedWith(withdrawals.create(m.id, bank(amount), null));
        expect(r.key).toBe('MIN_WITHDRAWAL');
        expect(r.data).toEqual({ min: '1.00', fields: { amount: 'MIN_WITHDRAWAL' } });
        expect(r.vars).toEqual({ min: '1.00' });
      }
      expect(await rowsOf(m.id)).toEqual([]);
      // One cent left to pay out is a withdrawal.
      const w = await withdrawals.create(m.id, bank(501), null);
      expect(w).toMatchObject({ amount: '5.01', fee: '5.00', actual: '0.01' });
    });
    expect(await walletBalance(db(), m.id)).toBe(30_000 - 501);
  });

  it('two withdrawals racing for the same balance: one is held, the other is told CANNOT_EXCEED_BALANCE', async () => {
    const m = await ready('100.00');
    // Both requests pass the password check before either reads the balance, as on a busy server:
    // the early balance check lets both through and the ledger's conditional debit decides.
    let arrived = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const payPasswords: PayPasswordCheck = {
      async check(merchantId, password, field) {
        await deps.payPasswords.check(merchantId, password, field);
        if (++arrived === 2) open();
        await gate;
      },
    };
    const racing = new WithdrawalService({ ...deps, payPasswords });
    const results = await Promise.allSettled([
      racing.create(m.id, bank(6_000), null),
      racing.create(m.id, bank(6_000), null),
    ]);
    const held = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Refusal] : []));
    expect(held).toHaveLength(1);
    expect(refused.map((r) => [r.name, r.key, r.data])).toEqual([
      ['Refusal', 'CANNOT_EXCEED_BALANCE', { fields: { amount: 'CANNOT_EXCEED_BALANCE' } }],
    ]);
    expect(await rowsOf(m.id)).toHaveLength(1);
    expect(await walletBalance(db(), m.id)).toBe(4_000);
  });

  it('a failure after the debit rolls the withdrawal back and is reported as itself, not as a refusal', async () => {
    const m = await ready('300.00');
    const error = await withdrawals
      .create(m.id, bank(10_000), lostReservation('lost-key-0001'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('Error');
    expect((error as Error).message).toMatch(/lost its reservation/);
    expect(await rowsOf(m.id)).toEqual([]);
    expect(await walletBalance(db(), m.id)).toBe(30_000);
    // The retry that took the key over goes through.
    expect((await withdrawals.create(m.id, bank(10_000), null)).balance).toBe('200.00');
  });

  it('cancel releases the hold in a journal of its own, with no operator', async () => {
    const m = await ready('300.00');
    const w = await withdrawals.create(m.id, bank(10_000), null);
    await withdrawals.cancel(m.id, w.id, null);
    const row = await stored(w.id);
    expect(row).toMatchObject({ status: 'cancelled', resolved_by: null });
    expect(await journal(row.resolve_journal_id)).toEqual({
      type: 'withdrawal_release',
      merchant_id: m.id,
      ref_type: 'withdrawal',
      ref_id: w.id,
      operator_id: null,
      postings: { [`withdraw_hold:${m.id}`]: -10_000, [`wallet:${m.id}`]: 10_000 },
    });
    expect(await noticesOf(t, m.id)).toEqual([]);
  });

  // ------------------------------------------------------------ the operator's side

  it('approval pays the hold out under the operator’s name, audits the reference and tells the merchant', async () => {
    const m = await ready('300.00');
    // 200.00 at the default fee.
    const w = await withdrawals.create(m.id, bank(20_000), null);
    const before = await lastAuditId(t);
    const paid = await withdrawals.decide(op, w.id, { approve: true, reference: 'BANK-TX-77' }, null);
    expect(paid).toMatchObject({ id: w.id, status: 'approved' });

    const row = await stored(w.id);
    expect(row).toMatchObject({ status: 'approved', reference: 'BANK-TX-77', resolved_by: op.id });
    expect(await journal(row.resolve_journal_id)).toEqual({
      type: 'withdrawal_payout',
      merchant_id: m.id,
      ref_type: 'withdrawal',
      ref_id: w.id,
      operator_id: op.id,
      postings: {
        [`withdraw_hold:${m.id}`]: -20_000,
        'platform:payout_clearing': row.actual,
        'platform:revenue': row.fee,
      },
    });
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: op.id,
        action: 'withdrawal.approve',
        target_type: 'withdrawal',
        target_id: String(w.id),
        before: { status: 'pending', amount: '200.00', reason: null, reference: null },
        after: {
          status: 'approved',
          amount: '200.00',
          reason: null,
          reference: 'BANK-TX-77',
          journal_id: expect.any(Number),
        },
        detail: { merchant: m.id, reference: 'BANK-TX-77' },
      },
    ]);
    expect(await noticesOf(t, m.id)).toEqual([
      {
        type: 'withdrawal_approved',
        title_key: 'notice.withdrawal_approved',
        params: { order_no: w.order_no, amount: '200.00', actual: w.actual },
        ref_type: 'withdrawal',
        ref_id: w.id,
      },
    ]);
  });

  it('rejection releases the hold under the operator’s name, audits the reason and tells the merchant why', async () => {
    const m = await ready('300.00');
    const w = await withdrawals.create(m.id, bank(15_000), null);
    const before = await lastAuditId(t);
    await withdrawals.decide(
      op,
      w.id,
      { approve: false, rejection: { reason: 'Name does not match the card' } },
      null,
    );

    const row = await stored(w.id);
    expect(row).toMatchObject({
      status: 'rejected',
      reason: 'Name does not match the card',
      reference: null,
    });
    expect(await journal(row.resolve_journal_id)).toEqual({
      type: 'withdrawal_release',
      merchant_id: m.id,
      ref_type: 'withdrawal',
      ref_id: w.id,
      operator_id: op.id,
      postings: { [`withdraw_hold:${m.id}`]: -15_000, [`wallet:${m.id}`]: 15_000 },
    });
    expect(await auditSince(t, before)).toEqual([
      {
        operator_id: op.id,
        action: 'withdrawal.reject',
        target_type: 'withdrawal',
        target_id: String(w.id),
        before: { status: 'pending', amount: '150.00', reason: null, reference: null },
        after: {
          status: 'rejected',
          amount: '150.00',
          reason: 'Name does not match the card',
          reference: null,
          journal_id: expect.any(Number),
        },
        detail: { merchant: m.id, reason: 'Name does not match the card', reason_code: null },
      },
    ]);
    expect(await noticesOf(t, m.id)).toEqual([
      {
        type: 'withdrawal_rejected',
        title_key: 'notice.withdrawal_rejected',
        params: { order_no: w.order_no, amount: '150.00', reason: 'Name does not match the card' },
        ref_type: 'withdrawal',
        ref_id: w.id,
      },
    ]);
    expect(await walletBalance(db(), m.id)).toBe(30_000);
  });

  it('the review queue: oldest first, by merchant and status, with the full account to pay to', async () => {
    const m = await ready('500.00');
    const other = await ready('500.00');
    const first = await withdrawals.create(m.id, bank(10_000), null);
    t.clock.advance(1_000);
    const second = await withdrawals.create(m.id, chain(11_000, 'ERC20', ERC20), null);
    t.clock.advance(1_000);
    const third = await withdrawals.create(m.id, bank(12_000), null);
    await withdrawals.create(other.id, bank(13_000), null);
    await withdrawals.decide(op, third.id, { approve: true, reference: 'REF-3' }, null);

    const all = await withdrawals.list({ page: 1, limit: 10, merchant_id: m.id });
    expect(all.total).toBe(3);
    expect(all.list.map((w) => w.id)).toEqual([first.id, second.id, third.id]);
    const ref = all.list[0]!.merchant;
    expect(ref).toMatchObject({ id: m.id, real_name: 'Nguyen Van A' });
    expect(ref.shop_name).toMatch(/^Shop /);
    expect(ref.phone).toMatch(/^\+849/);
    expect(all.list[0]).toMatchObject({
      method: 'bank',
      amount: '100.00',
      bank: { holder_name: 'Nguyen Van A', bank_name: 'Vietcombank', account_number: '0071000123456' },
      reference: null,
    });
    expect(all.list[1]).toMatchObject({ method: 'blockchain', network: 'ERC20', address: ERC20, bank: null });
    expect(all.list[2]).toMatchObject({ status: 'approved', reference: 'REF-3' });

    const pending = await withdrawals.list({ page: 1, limit: 10, merchant_id: m.id, status: 'pending' });
    expect(pending.list.map((w) => w.id)).toEqual([first.id, second.id]);
    expect(pending.total).toBe(2);
  });
});
