import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import type { Client } from '../../../test/client';
import { newOperator } from '../../../test/factories';
import { askTopUp, balanceOf, ERC20, idem, pay, readyMerchant, TRC20, uploadAs } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';

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
    await op.post('/admin/deposit_addresses', { network: 'TRC20', address: TRC20 });
  });
  afterAll(() => t.close());

  async function ledgerOk() {
    const report = await checkLedger(t.database.db);
    expect(report.problems).toEqual([]);
  }

  it('getBlockchain lists the configured networks, the confirmation note and unsupported sources', async () => {
    const m = await readyMerchant(t, { op, bank: false });
    const res = await m.client.get('/merchant/merchant/getBlockchain');
    expect(res.code).toBe(1);
    expect(res.raw).toContain(TRC20);
    expect(res.raw).toContain('binance_smart_chain');
    expect(res.raw).toMatch(/confirm/);
  });

  it('recharge: pending until approved, then credits the wallet and leaves a notice', async () => {
    const m = await readyMerchant(t, { op, bank: false });
    const r = await askTopUp(m, '150.25');
    expect(r.status).toBe('pending');
    expect(await balanceOf(m)).toBe('0.00');
    const log = await m.client.get('/merchant/merchant/recharge_log');
    expect(log.data.list[0]).toMatchObject({ order_no: r.order_no, amount: '150.25', status: 'pending' });
    const ok = await pay(op, '/admin/recharges/approve', { id: r.id });
    expect(ok.code).toBe(1);
    expect(await balanceOf(m)).toBe('150.25');
    const again = await pay(op, '/admin/recharges/reject', { id: r.id, reason: 'late' });
    expect(again.error).toBe('ALREADY_RESOLVED');
    const notices = await t.database.db
      .selectFrom('notices')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .execute();
    expect(notices.map((n) => n.type)).toContain('recharge_approved');
    await ledgerOk();
  });

  it('recharge refuses bad amounts, zero, below minimum, unknown fields and a missing voucher', async () => {
    const m = await readyMerchant(t, { op, bank: false });
    const voucher = await uploadAs(m, 'voucher');
    for (const amount of BAD_AMOUNTS) {
      const res = await pay(m.client, '/merchant/merchant/recharge', { method: 'manual', amount, voucher });
      expect(res.code, `amount ${String(amount)}: ${res.raw}`).not.toBe(1);
    }
    const zero = await pay(m.client, '/merchant/merchant/recharge', {
      method: 'manual',
      amount: '0',
      voucher,
    });
    expect(zero.raw).toContain('CANNOT_BE_ZERO');
    const small = await pay(m.client, '/merchant/merchant/recharge', {
      method: 'manual',
      amount: '99.99',
      voucher,
    });
    expect(small.raw).toContain('MIN_TOPUP');
    for (const extra of [{ fee: '0' }, { balance: '999999' }, { status: 'approved' }]) {
      const res = await pay(m.client, '/merchant/merchant/recharge', {
        method: 'manual',
        amount: '100',
        voucher,
        ...extra,
      });
      expect(res.code, res.raw).not.toBe(1);
    }
    const noVoucher = await pay(m.client, '/merchant/merchant/recharge', { method: 'manual', amount: '100' });
    expect(noVoucher.code).not.toBe(1);
    const chainNoNet = await pay(m.client, '/merchant/merchant/recharge', {
      method: 'chain',
      amount: '100',
      voucher,
    });
    expect(chainNoNet.code).not.toBe(1);
    const erc = await pay(m.client, '/merchant/merchant/recharge', {
      method: 'chain',
      amount: '100',
      voucher,
      network: 'ERC20',
    });
    expect(erc.error).toBe('NETWORK_UNAVAILABLE');
    const chain = await pay(m.client, '/merchant/merchant/recharge', {
      method: 'chain',
      amount: '100',
      voucher,
      network: 'TRC20',
    });
    expect(chain.code, chain.raw).toBe(1);
    expect(chain.data.address).toBe(TRC20);
    // Another merchant's voucher is not theirs to use.
    const other = await readyMerchant(t, { op, bank: false });
    const stolen = await pay(other.client, '/merchant/merchant/recharge', {
      method: 'manual',
      amount: '100',
      voucher,
    });
    expect(stolen.code).not.toBe(1);
    expect(await balanceOf(m)).toBe('0.00');
  });

  it('recharge without an Idempotency-Key or a token is refused', async () => {
    const m = await readyMerchant(t, { op, bank: false });
    const voucher = await uploadAs(m, 'voucher');
    const noKey = await m.client.post('/merchant/merchant/recharge', {
      method: 'manual',
      amount: '100',
      voucher,
    });
    expect(noKey.code).not.toBe(1);
    const anon = await m.client.post(
      '/merchant/merchant/recharge',
      { method: 'manual', amount: '100', voucher },
      { token: null, ...idem() },
    );
    expect(anon.status).toBe(401);
  });

  it('extract info shows balance, fee rule, minimum, processing time and the masked card', async () => {
    const m = await readyMerchant(t, { op, balance: '500' });
    const info = await m.client.get('/merchant/merchant/extract');
    expect(info.code, info.raw).toBe(1);
    expect(info.data.balance).toBe('500.00');
    expect(info.data).toHaveProperty('fee');
    expect(info.raw).not.toContain('0071000123456');
    expect(info.raw).toContain('3456');
  });

  it('withdrawal: amount moves to a hold; fee and actual come from the server; approval pays out', async () => {
    const m = await readyMerchant(t, { op, balance: '500' });
    const w = await pay(m.client, '/merchant/merchant/extract', {
      method: 'bank',
      amount: '200',
      pay_password: '123456',
    });
    expect(w.code, w.raw).toBe(1);
    expect(w.data.status).toBe('pending');
    const fee = Math.round(Number(w.data.fee) * 100);
    expect(Math.round(Number(w.data.actual) * 100)).toBe(20000 - fee);
    expect(await balanceOf(m)).toBe('300.00');
    const ok = await pay(op, '/admin/withdrawals/approve', { id: w.data.id });
    expect(ok.code, ok.raw).toBe(1);
    expect(await balanceOf(m)).toBe('300.00');
    const log = await m.client.get('/merchant/merchant/extract_log');
    expect(log.data.list[0]).toMatchObject({ id: w.data.id, status: 'approved' });
    await ledgerOk();
  });

  it('withdrawal rejection releases the hold with the reason', async () => {
    const m = await readyMerchant(t, { op, balance: '500' });
    const w = await pay(m.client, '/merchant/merchant/extract', {
      method: 'blockchain',
      amount: '120.50',
      pay_password: '123456',
      currency: 'USDT',
      network: 'TRC20',
      address: TRC20,
    });
    expect(w.code, w.raw).toBe(1);
    expect(await balanceOf(m)).toBe('379.50');
    const rej = await pay(op, '/admin/withdrawals/reject', {
      id: w.data.id,
      reason: 'address on a sanctions list',
    });
    expect(rej.code, rej.raw).toBe(1);
    expect(await balanceOf(m)).toBe('500.00');
    const log = await m.client.get('/merchant/merchant/extract_log');
    expect(log.data.list[0]).toMatchObject({ status: 'rejected', reason: 'address on a sanctions list' });
    const approve = await pay(op, '/admin/withdrawals/approve', { id: w.data.id });
    expect(approve.error).toBe('ALREADY_RESOLVED');
    const notices = await t.database.db
      .selectFrom('notices')
      .select(['type', 'ref_id'])
      .where('merchant_id', '=', m.id)
      .where('type', '=', 'withdrawal_rejected')
      .execute();
    expect(notices).toEqual([{ type: 'withdrawal_rejected', ref_id: w.data.id }]);
    await ledgerOk();
  });

  it('withdrawal refuses bad amounts, zero, over balance, wrong password, bad addresses, unknown fields', async () => {
    const m = await readyMerchant(t, { op, balance: '300' });
    const base = { method: 'bank', pay_password: '123456' };
    for (const amount of BAD_AMOUNTS) {
      const res = await pay(m.client, '/merchant/merchant/extract', { ...base, amount });
      expect(res.code, `amount ${String(amount)}: ${res.raw}`).not.toBe(1);
    }
    expect((await pay(m.client, '/merchant/merchant/extract', { ...base, amount: '0' })).raw).toContain(
      'CANNOT_BE_ZERO',
    );
    expect((await pay(m.client, '/merchant/merchant/extract', { ...base, amount: '300.01' })).raw).toContain(
      'CANNOT_EXCEED_BALANCE',
    );
    const wrongPwd = await pay(m.client, '/merchant/merchant/extract', {
      ...base,
      amount: '10',
      pay_password: '654321',
    });
    expect(wrongPwd.code).not.toBe(1);
    for (const extra of [{ fee: '0' }, { balance: '99999' }, { actual: '10' }]) {
      const res = await pay(m.client, '/merchant/merchant/extract', { ...base, amount: '10', ...extra });
      expect(res.code, res.raw).not.toBe(1);
    }
    const chain = { method: 'blockchain', pay_password: '123456', amount: '10', currency: 'USDT' };
    for (const [network, address] of [
      ['TRC20', ERC20],
      ['ERC20', TRC20],
      ['TRC20', 'T123'],
      ['ERC20', '0xzz'],
      ['BEP20', ERC20],
    ]) {
      const res = await pay(m.client, '/merchant/merchant/extract', { ...chain, network, address });
      expect(res.code, `${network} ${address}`).not.toBe(1);
    }
    expect(await balanceOf(m)).toBe('300.00');
    await ledgerOk();
  });

  it('withdrawal needs a verified identity', async () => {
    const { newMerchant } = await import('../../../test/factories');
    const m = await newMerchant(t, { payPassword: '123456' });
    const res = await pay(m.client, '/merchant/merchant/extract', {
      method: 'bank',
      amount: '10',
      pay_password: '123456',
    });
    expect(res.error).toBe('KYC_REQUIRED');
  });

  it("another merchant's ids: not visible, not cancellable", async () => {
    const a = await readyMerchant(t, { op, balance: '300' });
    const b = await readyMerchant(t, { op, balance: '300' });
    const w = await pay(a.client, '/merchant/merchant/extract', {
      method: 'bank',
      amount: '50',
      pay_password: '123456',
    });
    const r = await askTopUp(a, '100');
    const cancelW = await pay(b.client, '/merchant/merchant/extract_cancel', { id: w.data.id });
    expect(cancelW.code).not.toBe(1);
    const cancelR = await b.client.post('/merchant/merchant/recharge_cancel', { id: r.id });
    expect(cancelR.code).not.toBe(1);
    const logs = await b.client.get('/merchant/merchant/extract_log');
    expect(logs.data.list.map((x: any) => x.id)).not.toContain(w.data.id);
    const rlogs = await b.client.get('/merchant/merchant/recharge_log');
    expect(rlogs.data.list.map((x: any) => x.id)).not.toContain(r.id);
    expect(await balanceOf(a)).toBe('250.00');
  });

  it('operators only: merchants cannot review, reviews refuse unknown ids and empty reasons', async () => {
    const m = await readyMerchant(t, { op, bank: false });
    const r = await askTopUp(m, '100');
    const self = await pay(m.client, '/admin/recharges/approve', { id: r.id });
    expect(self.code).not.toBe(1);
    expect((await pay(op, '/admin/recharges/approve', { id: 99999999 })).code).not.toBe(1);
    expect((await pay(op, '/admin/recharges/reject', { id: r.id, reason: '  ' })).code).not.toBe(1);
    expect((await pay(op, '/admin/recharges/approve', { id: r.id, amount: '1000' })).code).not.toBe(1);
    const pending = await op.get('/admin/recharges', { status: 'pending' });
    expect(pending.data.list.map((x: any) => x.id)).toContain(r.id);
    expect(await balanceOf(m)).toBe('0.00');
  });

  it('the same top-up sent 50 times with one Idempotency-Key: one effect, 50 identical answers', async () => {
    const m = await readyMerchant(t, { op, bank: false });
    const voucher = await uploadAs(m, 'voucher');
    const headers = idem();
    const body = { method: 'manual', amount: '100', voucher };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => m.client.post('/merchant/merchant/recharge', body, headers)),
    );
    const ok = replies.filter((r) => r.code === 1);
    expect(ok.length).toBe(50);
    expect(new Set(replies.map((r) => r.raw)).size).toBe(1);
    const log = await m.client.get('/merchant/merchant/recharge_log');
    expect(log.data.total ?? log.data.list.length).toBe(1);
  });

  it('the same withdrawal sent 50 times with one Idempotency-Key: one hold, 50 identical answers', async () => {
    const m = await readyMerchant(t, { op, balance: '1000' });
    const headers = idem();
    const body = { method: 'bank', amount: '100', pay_password: '123456' };
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => m.client.post('/merchant/merchant/extract', body, headers)),
    );
    expect(replies.every((r) => r.code === 1)).toBe(true);
    expect(new Set(replies.map((r) => r.raw)).size).toBe(1);
    expect(await balanceOf(m)).toBe('900.00');
    await ledgerOk();
  });

  it('racing approve vs reject on a withdrawal and a top-up: exactly one winner each', async () => {
    const m = await readyMerchant(t, { op, balance: '1000' });
    const op2 = await newOperator(t, 'reviewer');
    for (let i = 0; i < 3; i++) {
      const w = await pay(m.client, '/merchant/merchant/extract', {
        method: 'bank',
        amount: '100',
        pay_password: '123456',
      });
      const r = await askTopUp(m, '100');
      const results = await Promise.all([
        pay(op, '/admin/withdrawals/approve', { id: w.data.id }),
        pay(op2, '/admin/withdrawals/reject', { id: w.data.id, reason: 'race' }),
        pay(op, '/admin/withdrawals/reject', { id: w.data.id, reason: 'race 2' }),
        pay(op, '/admin/recharges/approve', { id: r.id }),
        pay(op2, '/admin/recharges/reject', { id: r.id, reason: 'race' }),
        pay(op2, '/admin/recharges/approve', { id: r.id }),
      ]);
      expect(results.slice(0, 3).filter((x) => x.code === 1).length).toBe(1);
      expect(results.slice(3).filter((x) => x.code === 1).length).toBe(1);
      for (const x of results) if (x.code !== 1) expect(x.error).toBe('ALREADY_RESOLVED');
    }
    await ledgerOk();
  });
});
