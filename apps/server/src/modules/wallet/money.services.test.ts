import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newMerchant, newUpload } from '../../../test/factories';
import { newReviewer, plainLink, refusedWith } from '../../../test/services';
import { TOPUP_ACCOUNT, TOPUP_MANUAL } from '../../../test/wallet';
import type { SessionOperator } from '../../plugins/types';
import { walletBalance } from '../ledger/ledger';
import { checkLedger } from '../ledger/ledger.check';
import { RechargeService } from './recharge.service';
import { TopupAccountService } from './topup-account.service';
import { walletSettingsRepository } from './wallet.repository';
import { WithdrawalService, withdrawalFee } from './withdrawal.service';

/**
 * The money services on a real database, without HTTP: rows made by factories, the services built
 * from their explicit dependencies, each rule asserted by its refusal key and by what the ledger
 * holds afterwards. HTTP tests (wallet.test.ts) cover schemas, auth, envelopes and headers.
 */
describe(`money services (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let withdrawals: WithdrawalService;
  let recharges: RechargeService;
  let op: SessionOperator;

  beforeAll(async () => {
    t = await buildTestApp();
    const deps = { db: t.database.db, clock: t.clock, payPasswords: t.app.payPasswords };
    withdrawals = new WithdrawalService(deps);
    recharges = new RechargeService(deps);
    op = await newReviewer(t, 'svc-reviewer');
    // Manual top-ups are open once their instructions are written, bank-card ones once the
    // platform's receiving account is set.
    const topups = new TopupAccountService(deps);
    await topups.set(op, { ...TOPUP_ACCOUNT, enabled: true });
    await topups.setManual(op, { ...TOPUP_MANUAL, enabled: true });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  const ready = (balance: string) =>
    newMerchant(t, { balance, kyc: 'verified', bank: true, payPassword: '123456' });
  const bank = (amount: number) => ({ method: 'bank' as const, amount, pay_password: '123456' });

  it('withdraws exactly the whole balance, and answers the balance after it', async () => {
    const m = await ready('250.00');
    const w = await withdrawals.create(m.id, bank(25_000), null);
    expect(w).toMatchObject({ status: 'pending', amount: '250.00', balance: '0.00' });
    expect(await walletBalance(t.database.db, m.id)).toBe(0);
  });

  it('refuses one cent more than the balance, and changes nothing', async () => {
    const m = await ready('250.00');
    const r = await refusedWith(withdrawals.create(m.id, bank(25_001), null));
    expect(r.key).toBe('CANNOT_EXCEED_BALANCE');
    expect(r.data).toMatchObject({ fields: { amount: 'CANNOT_EXCEED_BALANCE' } });
    expect(await walletBalance(t.database.db, m.id)).toBe(25_000);
    expect((await withdrawals.log(m.id, { page: 1, limit: 10 })).total).toBe(0);
  });

  it('takes the minimum itself and refuses one cent below it, naming the minimum', async () => {
    const m = await ready('500.00');
    const { withdraw_min: min } = await walletSettingsRepository.get(t.database.db);
    const below = await refusedWith(withdrawals.create(m.id, bank(min - 1), null));
    expect(below.key).toBe('MIN_WITHDRAWAL');
    expect(below.vars).toEqual({ min: (min / 100).toFixed(2) });
    const at = await withdrawals.create(m.id, bank(min), null);
    expect(at.amount).toBe((min / 100).toFixed(2));
  });

  it('fee and actual come from the settings, rounded half-up once', async () => {
    const settings = { withdraw_fee_bps: 150, withdraw_fee_fixed: 100 };
    // 1.5% of 333.33 is 4.99995, half-up to 5.00, plus 1.00 fixed.
    expect(withdrawalFee(33_333, settings)).toEqual({ fee: 600, actual: 32_733 });
    expect(withdrawalFee(10_000, { withdraw_fee_bps: 0, withdraw_fee_fixed: 0 })).toEqual({
      fee: 0,
      actual: 10_000,
    });
  });

  it('needs a verified identity and a bank card for a bank withdrawal', async () => {
    const unverified = await newMerchant(t, { balance: '300.00', bank: true, payPassword: '123456' });
    expect((await refusedWith(withdrawals.create(unverified.id, bank(20_000), null))).key).toBe(
      'KYC_REQUIRED',
    );
    const noCard = await newMerchant(t, { balance: '300.00', kyc: 'verified', payPassword: '123456' });
    expect((await refusedWith(withdrawals.create(noCard.id, bank(20_000), null))).key).toBe('BANK_REQUIRED');
  });

  it('cancel: the owner gets the hold back; another merchant is told NOT_FOUND and changes nothing', async () => {
    const a = await ready('300.00');
    const b = await ready('300.00');
    const w = await withdrawals.create(a.id, bank(12_000), null);
    const stranger = await refusedWith(withdrawals.cancel(b.id, w.id, null));
    expect(stranger.key).toBe('NOT_FOUND');
    expect((await withdrawals.log(a.id, { page: 1, limit: 10 })).list[0]).toMatchObject({
      status: 'pending',
    });
    expect(await walletBalance(t.database.db, a.id)).toBe(18_000);

    const mine = await withdrawals.cancel(a.id, w.id, null);
    expect(mine).toMatchObject({ id: w.id, status: 'cancelled', balance: '300.00' });
    expect(await walletBalance(t.database.db, a.id)).toBe(30_000);
    expect((await refusedWith(withdrawals.cancel(a.id, w.id, null))).key).toBe('ALREADY_RESOLVED');
  });

  it('a decision is taken once: approve after cancel is ALREADY_RESOLVED, an unknown id NOT_FOUND', async () => {
    const m = await ready('300.00');
    const w = await withdrawals.create(m.id, bank(20_000), null);
    const paid = await withdrawals.decide(op, w.id, { approve: true, reference: 'TX-1' }, null);
    expect(paid.status).toBe('approved');
    const again = await refusedWith(
      withdrawals.decide(op, w.id, { approve: false, rejection: { reason: 'late' } }, null),
    );
    expect(again.key).toBe('ALREADY_RESOLVED');
    expect(
      (await refusedWith(withdrawals.decide(op, 9_999_999, { approve: true, reference: null }, null))).key,
    ).toBe('NOT_FOUND');
    // Paid out: nothing came back to the wallet, the hold is empty.
    expect(await walletBalance(t.database.db, m.id)).toBe(10_000);
  });

  it('a rejected withdrawal releases the hold to the wallet', async () => {
    const m = await ready('300.00');
    const w = await withdrawals.create(m.id, bank(20_000), null);
    const rejected = await withdrawals.decide(
      op,
      w.id,
      { approve: false, rejection: { reason: 'name mismatch' } },
      null,
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'name mismatch' });
    expect(await walletBalance(t.database.db, m.id)).toBe(30_000);
  });

  it("a top-up with another merchant's voucher is refused at the voucher field", async () => {
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    const voucherOfA = await newUpload(t, a.id, 'voucher');
    const r = await refusedWith(
      recharges.create(b.id, { method: 'manual', amount: 15_000, voucher: voucherOfA }, null, plainLink),
    );
    expect(r.key).toBe('UPLOAD_INVALID');
    expect(r.data).toEqual({ fields: { voucher: 'UPLOAD_INVALID' } });
    const idPhoto = await newUpload(t, b.id, 'id_card');
    const wrongKind = await refusedWith(
      recharges.create(b.id, { method: 'manual', amount: 15_000, voucher: idPhoto }, null, plainLink),
    );
    expect(wrongKind.key).toBe('UPLOAD_INVALID');
    expect((await recharges.log(b.id, { page: 1, limit: 10 }, plainLink)).total).toBe(0);
  });

  it('a top-up is credited once on approval; a voucher serves one top-up', async () => {
    const m = await newMerchant(t);
    const voucher = await newUpload(t, m.id, 'voucher');
    const r = await recharges.create(m.id, { method: 'manual', amount: 15_025, voucher }, null, plainLink);
    expect(r).toMatchObject({ status: 'pending', amount: '150.25' });
    const reused = await refusedWith(
      recharges.create(m.id, { method: 'manual', amount: 10_000, voucher }, null, plainLink),
    );
    expect(reused.key).toBe('VOUCHER_USED');
    await recharges.decide(op, r.id, { approve: true }, null, plainLink);
    expect(await walletBalance(t.database.db, m.id)).toBe(15_025);
    expect((await refusedWith(recharges.decide(op, r.id, { approve: true }, null, plainLink))).key).toBe(
      'ALREADY_RESOLVED',
    );
    expect(await walletBalance(t.database.db, m.id)).toBe(15_025);
  });

  it("cancelling a top-up: only its owner's, only while pending", async () => {
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    const r = await recharges.create(
      a.id,
      { method: 'manual', amount: 20_000, voucher: await newUpload(t, a.id, 'voucher') },
      null,
      plainLink,
    );
    expect((await refusedWith(recharges.cancel(b.id, r.id, plainLink))).key).toBe('NOT_FOUND');
    expect((await recharges.cancel(a.id, r.id, plainLink)).status).toBe('cancelled');
    expect((await refusedWith(recharges.cancel(a.id, r.id, plainLink))).key).toBe('ALREADY_RESOLVED');
    expect((await refusedWith(recharges.decide(op, r.id, { approve: true }, null, plainLink))).key).toBe(
      'ALREADY_RESOLVED',
    );
    expect(await walletBalance(t.database.db, a.id)).toBe(0);
  });
});
