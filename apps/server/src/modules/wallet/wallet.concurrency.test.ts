import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { balanceOf, pay, readyMerchant } from '../../../test/wallet';
import { post, walletBalance } from '../ledger/ledger';
import { checkLedger } from '../ledger/ledger.check';

describe(`wallet concurrency (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('200 parallel withdrawals of 60% of the balance: exactly one succeeds', async () => {
    const m = await readyMerchant(t, { balance: '1000' });
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 200 }, () =>
        pay(m.client, '/merchant/merchant/extract', {
          method: 'bank',
          amount: '600',
          pay_password: '123456',
        }),
      ),
    );
    const winners = replies.filter((r) => r.code === 1);
    expect(winners).toHaveLength(1);
    for (const r of replies) {
      // Payment-password checks reserve an attempt each, so beyond five in flight the rest are
      // turned away before the balance is looked at; either way none of them moves money.
      if (r.code !== 1)
        expect(['CANNOT_EXCEED_BALANCE', 'INSUFFICIENT_BALANCE', 'PAY_PASSWORD_LOCKED']).toContain(r.error);
    }
    expect(await balanceOf(m)).toBe('400.00');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    console.log(`200 parallel withdrawals on ${t.engine}: ${Date.now() - started} ms`);
  }, 60_000);

  it('200 parallel ledger debits of 60% of a wallet: exactly one commits (the conditional update)', async () => {
    const m = await readyMerchant(t, { balance: '1000' });
    const db = t.database.db;
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        db.transaction().execute((tx) =>
          post(tx, {
            type: 'withdrawal_hold',
            merchantId: m.id,
            at: t.clock.now(),
            postings: [
              { account: { merchantId: m.id, kind: 'wallet' }, amount: -60_000 },
              { account: { merchantId: m.id, kind: 'withdraw_hold' }, amount: 60_000 },
            ],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await walletBalance(db, m.id)).toBe(40_000);
  }, 60_000);
});
