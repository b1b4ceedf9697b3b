import { randomUUID } from 'node:crypto';
import { adminWalletRoutes, walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { askTopUp, balanceOf, ERC20, openBankTopUps, READY, TRC20, uploadAs } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';

/** Amounts no schema accepts, each refused as a malformed amount. */
const BAD_AMOUNTS: unknown[] = [
  '-100',
  '100.001',
  'NaN',
  '1e400',
  '99999999999999999999',
  -100,
  '',
  null,
  'abc',
];

describe(`wallet (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let op: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t);
    await op.call(adminWalletRoutes.setDepositAddress, { network: 'TRC20', address: TRC20 });
    await openBankTopUps(op);
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  it('getBlockchain lists the configured networks, the confirmation note and unsupported sources', async () => {
    const m = await newMerchant(t);
    const res = await m.client.call(walletRoutes.getBlockchain);
    expect(res.code, res.raw).toBe(1);
    // Not a watched network: the platform's shared address, declared with a voucher.
    expect(res.data.networks).toContainEqual({
      network: 'TRC20',
      currency: 'USDT',
      address: TRC20,
      own: false,
      confirmations: 2,
      token_contract: null,
    });
    expect(res.data.unsupported).toContain('binance_smart_chain');
    expect(res.data.confirmations).toBeGreaterThan(0);
  });

  it('recharge: pending until approved, then credits the wallet and leaves a notice', async () => {
    const m = await newMerchant(t);
    const r = await askTopUp(m, '150.25');
    expect(r.status).toBe('pending');
    expect(await balanceOf(m)).toBe('0.00');
    const log = await m.client.call(walletRoutes.rechargeLog);
    expect(log.data.list).toEqual([
      expect.objectContaining({ order_no: r.order_no, amount: '150.25', status: 'pending' }),
    ]);
    const ok = await op.call(adminWalletRoutes.approveRecharge, { id: r.id });
    expect(ok.code, ok.raw).toBe(1);
    expect(await balanceOf(m)).toBe('150.25');
    const again = await op.call(adminWalletRoutes.rejectRecharge, { id: r.id, reason: 'late' });
    expectRefusal(again, 'ALREADY_RESOLVED');
    const notices = await t.database.db
      .selectFrom('notices')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .execute();
    expect(notices.map((n) => n.type)).toContain('recharge_approved');
  });

  it('recharge refuses bad amounts, zero, below minimum, unknown fields and a missing voucher', async () => {
    const m = await newMerchant(t);
    const voucher = await uploadAs(m, 'voucher');
    const recharge = (body: Record<string, unknown>) =>
      m.client.post('/merchant/merchant/recharge', body, { headers: { 'Idempotency-Key': randomUUID() } });
    for (const amount of BAD_AMOUNTS) {
      const res = await recharge({ method: 'manual', amount, voucher });
      expectRefusal(res, 'INVALID_INPUT', 'amount', `amount ${String(amount)}:`);
    }
    expectRefusal(await recharge({ method: 'manual', amount: '0', voucher }), 'CANNOT_BE_ZERO', 'amount');
    expectRefusal(await recharge({ method: 'manual', amount: '99.99', voucher }), 'MIN_TOPUP', 'amount');
    for (const extra of [{ fee: '0' }, { balance: '999999' }, { status: 'approved' }]) {
      const res = await recharge({ method: 'manual', amount: '100', voucher, ...extra });
      expectRefusal(res, 'INVALID_INPUT', Object.keys(extra)[0]);
    }
    expectRefusal(await recharge({ method: 'manual', amount: '100' }), 'INVALID_INPUT', 'voucher');
    expectRefusal(await recharge({ method: 'chain', amount: '100', voucher }), 'INVALID_INPUT', 'network');
    const erc = await m.client.call(walletRoutes.recharge, {
      method: 'chain',
      amount: '100',
      voucher,
      network: 'ERC20',
    });
    expectRefusal(erc, 'NETWORK_UNAVAILABLE', 'network');
    const chain = await m.client.call(walletRoutes.recharge, {
      method: 'chain',
      amount: '100',
      voucher,
      network: 'TRC20',
    });
    expect(chain.code, chain.raw).toBe(1);
    expect(chain.data.address).toBe(TRC20);
    // A voucher is used once.
    const reused = await m.client.call(walletRoutes.recharge, { method: 'manual', amount: '100', voucher });
    expectRefusal(reused, 'VOUCHER_USED', 'voucher');
    // Another merchant's voucher is not theirs to use.
    const other = await newMerchant(t);
    const theirs = await uploadAs(m, 'voucher');
    const stolen = await other.client.call(walletRoutes.recharge, {
      method: 'manual',
      amount: '100',
      voucher: theirs,
    });
    expectRefusal(stolen, 'UPLOAD_INVALID', 'voucher');
    expect((await other.client.call(walletRoutes.rechargeLog)).data.total).toBe(0);
    expect(await balanceOf(m)).toBe('0.00');
  });

  it('recharge without an Idempotency-Key or a token is refused', async () => {
    const m = await newMerchant(t);
    const voucher = await uploadAs(m, 'voucher');
    const body = { method: 'manual', amount: '100', voucher } as const;
    const noKey = await m.client.call(walletRoutes.recharge, body, { idempotencyKey: null });
    expectRefusal(noKey, 'IDEMPOTENCY_KEY_REQUIRED');
    const anon = await m.client.call(walletRoutes.recharge, body, { token: null });
    expect(anon.status).toBe(401);
    expectRefusal(anon, 'UNAUTHORIZED');
    expect((await m.client.call(walletRoutes.rechargeLog)).data.total).toBe(0);
  });

  it('extract info shows balance, fee rule, minimum, processing time and the masked card', async () => {
    const m = await newMerchant(t, { ...READY, balance: '500' });
    const info = await m.client.call(walletRoutes.extractInfo);
    expect(info.code, info.raw).toBe(1);
    expect(info.data).toMatchObject({ balance: '500.00', kyc_status: 'verified' });
    expect(info.data.fee).toEqual({ bps: expect.any(Number), fixed: expect.any(String) });
    expect(info.data.bank?.account_number).toMatch(/3456$/);
    expect(info.raw).not.toContain('0071000123456');
  });

  it('withdrawal: amount moves to a hold; fee and actual come from the server; approval pays out', async () => {
    const m = await newMerchant(t, { ...READY, balance: '500' });
    const w = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '200',
      pay_password: '123456',
    });
    expect(w.code, w.raw).toBe(1);
    expect(w.data).toMatchObject({ status: 'pending', amount: '200.00', balance: '300.00' });
    const fee = Math.round(Number(w.data.fee) * 100);
    expect(Math.round(Number(w.data.actual) * 100)).toBe(20000 - fee);
    expect(await balanceOf(m)).toBe('300.00');
    const ok = await op.call(adminWalletRoutes.approveWithdrawal, { id: w.data.id });
    expect(ok.code, ok.raw).toBe(1);
    expect(await balanceOf(m)).toBe('300.00');
    const log = await m.client.call(walletRoutes.extractLog);
    expect(log.data.list).toEqual([expect.objectContaining({ id: w.data.id, status: 'approved' })]);
  });

  it('withdrawal rejection releases the hold with the reason', async () => {
    const m = await newMerchant(t, { ...READY, balance: '500' });
    const w = await m.client.call(walletRoutes.extract, {
      method: 'blockchain',
      amount: '120.50',
      pay_password: '123456',
      currency: 'USDT',
      network: 'TRC20',
      address: TRC20,
    });
    expect(w.code, w.raw).toBe(1);
    expect(await balanceOf(m)).toBe('379.50');
    const rej = await op.call(adminWalletRoutes.rejectWithdrawal, {
      id: w.data.id,
      reason: 'address on a sanctions list',
    });
    expect(rej.code, rej.raw).toBe(1);
    expect(await balanceOf(m)).toBe('500.00');
    const log = await m.client.call(walletRoutes.extractLog);
    expect(log.data.list).toEqual([
      expect.objectContaining({ id: w.data.id, status: 'rejected', reason: 'address on a sanctions list' }),
    ]);
    expectRefusal(await op.call(adminWalletRoutes.approveWithdrawal, { id: w.data.id }), 'ALREADY_RESOLVED');
    const notices = await t.database.db
      .selectFrom('notices')
      .select(['type', 'ref_id'])
      .where('merchant_id', '=', m.id)
      .where('type', '=', 'withdrawal_rejected')
      .execute();
    expect(notices).toEqual([{ type: 'withdrawal_rejected', ref_id: w.data.id }]);
  });

  it('withdrawal refuses bad amounts, zero, over balance, wrong password, bad addresses, unknown fields', async () => {
    const m = await newMerchant(t, { ...READY, balance: '300' });
    const extract = (body: Record<string, unknown>) =>
      m.client.post(
        '/merchant/merchant/extract',
        { method: 'bank', pay_password: '123456', ...body },
        { headers: { 'Idempotency-Key': randomUUID() } },
      );
    for (const amount of BAD_AMOUNTS) {
      expectRefusal(await extract({ amount }), 'INVALID_INPUT', 'amount', `amount ${String(amount)}:`);
    }
    expectRefusal(await extract({ amount: '0' }), 'CANNOT_BE_ZERO', 'amount');
    expectRefusal(await extract({ amount: '300.01' }), 'CANNOT_EXCEED_BALANCE', 'amount');
    const wrongPwd = await extract({ amount: '10', pay_password: '654321' });
    expectRefusal(wrongPwd, 'WRONG_PAY_PASSWORD', 'pay_password');
    for (const extra of [{ fee: '0' }, { balance: '99999' }, { actual: '10' }]) {
      expectRefusal(await extract({ amount: '10', ...extra }), 'INVALID_INPUT', Object.keys(extra)[0]);
    }
    const chain = { method: 'blockchain', amount: '10', currency: 'USDT' };
    for (const [network, address, key, field] of [
      ['TRC20', ERC20, 'ADDRESS_INVALID', 'address'],
      ['ERC20', TRC20, 'ADDRESS_INVALID', 'address'],
      ['TRC20', 'T123', 'ADDRESS_INVALID', 'address'],
      ['ERC20', '0xzz', 'ADDRESS_INVALID', 'address'],
      ['BEP20', ERC20, 'INVALID_INPUT', 'network'],
    ] as const) {
      expectRefusal(await extract({ ...chain, network, address }), key, field, `${network} ${address}:`);
    }
    expect(await balanceOf(m)).toBe('300.00');
    expect((await m.client.call(walletRoutes.extractLog)).data.total).toBe(0);
  });

  it('withdrawal needs a verified identity', async () => {
    const m = await newMerchant(t, { payPassword: '123456', bank: true, balance: '300' });
    const res = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '10',
      pay_password: '123456',
    });
    expectRefusal(res, 'KYC_REQUIRED');
    expect(await balanceOf(m)).toBe('300.00');
  });

  it("another merchant's ids: not visible, not cancellable", async () => {
    const a = await newMerchant(t, { ...READY, balance: '300' });
    const b = await newMerchant(t, { ...READY, balance: '300' });
    const w = await a.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '50',
      pay_password: '123456',
    });
    expect(w.code, w.raw).toBe(1);
    const r = await askTopUp(a, '100');
    expectRefusal(await b.client.call(walletRoutes.extractCancel, { id: w.data.id }), 'NOT_FOUND');
    expectRefusal(await b.client.call(walletRoutes.rechargeCancel, { id: r.id }), 'NOT_FOUND');
    expect((await b.client.call(walletRoutes.extractLog)).data.list.map((x) => x.id)).not.toContain(
      w.data.id,
    );
    expect((await b.client.call(walletRoutes.rechargeLog)).data.list.map((x) => x.id)).not.toContain(r.id);
    // Both are still A's, pending, and A's money is where it was.
    expect((await a.client.call(walletRoutes.extractLog)).data.list).toEqual([
      expect.objectContaining({ id: w.data.id, status: 'pending' }),
    ]);
    expect((await a.client.call(walletRoutes.rechargeLog, { status: 'pending' })).data.list).toEqual([
      expect.objectContaining({ id: r.id, status: 'pending' }),
    ]);
    expect(await balanceOf(a)).toBe('250.00');
    expect(await balanceOf(b)).toBe('300.00');
  });

  it('the merchant cancels its own pending withdrawal: the hold returns; twice is ALREADY_RESOLVED', async () => {
    const m = await newMerchant(t, { ...READY, balance: '300' });
    const w = await m.client.call(walletRoutes.extract, {
      method: 'bank',
      amount: '120',
      pay_password: '123456',
    });
    expect(await balanceOf(m)).toBe('180.00');
    const cancel = await m.client.call(walletRoutes.extractCancel, { id: w.data.id });
    expect(cancel.code, cancel.raw).toBe(1);
    expect(cancel.data).toMatchObject({ id: w.data.id, status: 'cancelled', balance: '300.00' });
    expect(await balanceOf(m)).toBe('300.00');
    expectRefusal(await m.client.call(walletRoutes.extractCancel, { id: w.data.id }), 'ALREADY_RESOLVED');
    expectRefusal(await op.call(adminWalletRoutes.approveWithdrawal, { id: w.data.id }), 'ALREADY_RESOLVED');
    expect(await balanceOf(m)).toBe('300.00');
  });

  it('operators only: merchants cannot review, reviews refuse unknown ids and empty reasons', async () => {
    const m = await newMerchant(t);
    const r = await askTopUp(m, '100');
    const self = await m.client.call(adminWalletRoutes.approveRecharge, { id: r.id });
    expect(self.status).toBe(401);
    expectRefusal(self, 'UNAUTHORIZED');
    expectRefusal(await op.call(adminWalletRoutes.approveRecharge, { id: 99999999 }), 'NOT_FOUND');
    expectRefusal(
      await op.call(adminWalletRoutes.rejectRecharge, { id: r.id, reason: '  ' }),
      'INVALID_INPUT',
      'reason',
    );
    expectRefusal(
      await op.post(
        '/admin/recharges/approve',
        { id: r.id, amount: '1000' },
        { headers: { 'Idempotency-Key': 'k1' } },
      ),
      'INVALID_INPUT',
      'amount',
    );
    // Read through this merchant's own filter: other tests' top-ups are not ours to count.
    const pending = await op.call(adminWalletRoutes.recharges, {
      status: 'pending',
      merchant_id: String(m.id),
    });
    expect(pending.data.list.map((x) => x.id)).toEqual([r.id]);
    expect(await balanceOf(m)).toBe('0.00');
  });

  it('the same top-up sent 50 times with one Idempotency-Key: one effect, 50 identical answers', async () => {
    const m = await newMerchant(t);
    const voucher = await uploadAs(m, 'voucher');
    const idempotencyKey = randomUUID();
    const body = { method: 'manual', amount: '100', voucher } as const;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => m.client.call(walletRoutes.recharge, body, { idempotencyKey })),
    );
    expect(replies.filter((r) => r.code === 1)).toHaveLength(50);
    expect(new Set(replies.map((r) => r.raw)).size).toBe(1);
    expect((await m.client.call(walletRoutes.rechargeLog)).data.total).toBe(1);
  });

  it('the same withdrawal sent 50 times with one Idempotency-Key: one hold, 50 identical answers', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000' });
    const idempotencyKey = randomUUID();
    const body = { method: 'bank', amount: '100', pay_password: '123456' } as const;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => m.client.call(walletRoutes.extract, body, { idempotencyKey })),
    );
    expect(replies.every((r) => r.code === 1)).toBe(true);
    expect(new Set(replies.map((r) => r.raw)).size).toBe(1);
    expect(await balanceOf(m)).toBe('900.00');
    expect((await m.client.call(walletRoutes.extractLog)).data.total).toBe(1);
  });

  it('racing approve vs reject on a withdrawal and a top-up: exactly one winner each', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000' });
    const op2 = await newOperator(t, 'reviewer');
    for (let i = 0; i < 3; i++) {
      const w = await m.client.call(walletRoutes.extract, {
        method: 'bank',
        amount: '100',
        pay_password: '123456',
      });
      const r = await askTopUp(m, '100');
      const results = await Promise.all([
        op.call(adminWalletRoutes.approveWithdrawal, { id: w.data.id }),
        op2.call(adminWalletRoutes.rejectWithdrawal, { id: w.data.id, reason: 'race' }),
        op.call(adminWalletRoutes.rejectWithdrawal, { id: w.data.id, reason: 'race 2' }),
        op.call(adminWalletRoutes.approveRecharge, { id: r.id }),
        op2.call(adminWalletRoutes.rejectRecharge, { id: r.id, reason: 'race' }),
        op2.call(adminWalletRoutes.approveRecharge, { id: r.id }),
      ]);
      expect(results.slice(0, 3).filter((x) => x.code === 1)).toHaveLength(1);
      expect(results.slice(3).filter((x) => x.code === 1)).toHaveLength(1);
      for (const x of results) if (x.code !== 1) expectRefusal(x, 'ALREADY_RESOLVED');
    }
  });
});
