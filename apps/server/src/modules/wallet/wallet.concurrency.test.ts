import { walletRoutes } from '@dropdesk/contract/wallet';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newMerchant, pendingWithdrawalRow } from '../../../test/factories';
import { balanceOf, READY } from '../../../test/wallet';
import { post, walletBalance } from '../ledger/ledger';
import { checkLedger } from '../ledger/ledger.check';

describe(`wallet concurrency (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  it('200 parallel withdrawals of 60% of the balance: exactly one succeeds', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000' });
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 200 }, () =>
        m.client.call(walletRoutes.extract, { method: 'bank', amount: '600', pay_password: '123456' }),
      ),
    );
    const winners = replies.filter((r) => r.code === 1);
    expect(winners).toHaveLength(1);
    // The right payment password is never answered as locked, however many are in flight: each loser
    // is refused for the balance alone (by the pre-check or by the ledger's conditional update).
    for (const r of replies) {
      if (r.code !== 1) expect(['CANNOT_EXCEED_BALANCE', 'INSUFFICIENT_BALANCE'], r.raw).toContain(r.error);
    }
    expect(await balanceOf(m)).toBe('400.00');
    console.log(`200 parallel withdrawals on ${t.engine}: ${Date.now() - started} ms`);
  }, 60_000);

  it('200 parallel ledger debits of 60% of a wallet: exactly one commits (the conditional update)', async () => {
    const m = await newMerchant(t, { ...READY, balance: '1000' });
    const db = t.database.db;
    // Each racer does what a withdrawal does: a pending withdrawal row, and the hold journal that
    // points at it. The losers roll back both, so the one hold left has its withdrawal behind it.
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        db.transaction().execute(async (tx) => {
          const now = t.clock.now();
          const w = await pendingWithdrawalRow(tx, m.id, 60_000, now);
          const hold = await post(tx, {
            type: 'withdrawal_hold',
            merchantId: m.id,
            ref: { type: 'withdrawal', id: w.id },
            at: now,
            postings: [
              { account: { merchantId: m.id, kind: 'wallet' }, amount: -60_000 },
              { account: { merchantId: m.id, kind: 'withdraw_hold' }, amount: 60_000 },
            ],
          });
          await tx
            .updateTable('withdrawals')
            .set({ hold_journal_id: hold.id })
            .where('id', '=', w.id)
            .execute();
          return hold;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await walletBalance(db, m.id)).toBe(40_000);
    const pending = await db
      .selectFrom('withdrawals')
      .select('amount')
      .where('merchant_id', '=', m.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([{ amount: 60_000 }]);
  }, 60_000);
});
