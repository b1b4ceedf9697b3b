import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectRefusal } from '../../../test/client';
import { newMerchant, type TestMerchant } from '../../../test/factories';
import { READY, uploadAs } from '../../../test/wallet';

/**
 * Each wrong amount says what is wrong with it, on the top-up and the withdrawal
 * forms alike: not a number, negative, too large, too many decimals. The messages come from the
 * server's catalogue, which the web shows as they are.
 */
const CASES: Array<[string, string, string]> = [
  ['abc', 'Please enter a number', 'Vui lòng nhập một số'],
  ['1e5', 'Please enter a number', 'Vui lòng nhập một số'],
  ['-50', 'The amount cannot be negative', 'Số tiền không được là số âm'],
  ['100000000000000', 'The amount can be at most 1000000000.00', 'Số tiền tối đa là 1000000000.00'],
  [
    '100.001',
    'Please enter an amount with at most 2 decimals',
    'Vui lòng nhập số tiền có tối đa 2 chữ số thập phân',
  ],
];

describe(`amount messages (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let m: TestMerchant;
  let voucher: string;
  beforeAll(async () => {
    t = await buildTestApp();
    m = await newMerchant(t, { ...READY, balance: '500.00' });
    voucher = await uploadAs(m, 'voucher');
  });
  afterAll(() => t.close());

  const send = (url: string, body: Record<string, unknown>, lang: string) =>
    m.client.post(url, body, { lang, headers: { 'Idempotency-Key': randomUUID() } });

  it.each(CASES)('%s: recharge and extract name the problem, in en and vi', async (amount, en, vi) => {
    const forms = [
      ['/merchant/merchant/recharge', { method: 'manual', amount, voucher }],
      ['/merchant/merchant/extract', { method: 'bank', amount, pay_password: '123456' }],
    ] as const;
    for (const [url, body] of forms) {
      for (const [lang, message] of [
        ['en', en],
        ['vi', vi],
      ]) {
        const res = await send(url, body, lang!);
        expectRefusal(res, 'INVALID_INPUT', 'amount', `${url} ${lang}`);
        expect(res.fields?.amount, `${url} ${lang}`).toBe(message);
      }
    }
    // Nothing was asked for: the only top-up is the factory's, which credited the balance.
    expect((await m.client.get('/merchant/merchant/recharge_log')).data.total).toBe(1);
    expect((await m.client.get('/merchant/merchant/extract_log')).data.total).toBe(0);
  });
});
