import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { creditWallet, newMerchant, pendingWithdrawalRow } from '../../../test/factories';
import { accountKey, post } from './ledger';
import { checkLedger } from './ledger.check';

/**
 * The ledger check names each fault it exists to find. Postings and journals are append-only, so a
 * fault can't be cleaned up: each test breaks a fresh database of its own, written around the
 * ledger the way a bug or a hand edit would, and expects the check to name exactly that fault.
 */
describe(`ledger check finds what it claims to (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  /** A journal row written around `post()`, as a bug or a hand edit would. */
  function adjustment(db: TestApp['database']['db'], merchantId: number, now: number) {
    return db
      .insertInto('journals')
      .values({
        type: 'adjustment',
        merchant_id: merchantId,
        ref_type: null,
        ref_id: null,
        reason: 'bug',
        operator_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  /** The chain check's word for a posting written around post(), as every row these tests write is. */
  const aroundTheLedger = (problem: string) =>
    problem.endsWith('has no place in its chain (written around the ledger)');

  /** The problems apart from the chain's, after checking the chain names exactly the rows written around post(). */
  async function problemsBesidesChain(db: TestApp['database']['db'], rowsWritten: number) {
    const { problems } = await checkLedger(db);
    expect(problems.filter(aroundTheLedger)).toHaveLength(rowsWritten);
    return problems.filter((p) => !aroundTheLedger(p));
  }

  /** A fresh database holding one merchant with a sound 100.00 balance. */
  async function soundLedger() {
    t = await buildTestApp();
    const m = await newMerchant(t);
    await creditWallet(t, m.id, '100.00');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    const db = t.database.db;
    const wallet = await db
      .selectFrom('accounts')
      .selectAll()
      .where('key', '=', accountKey({ merchantId: m.id, kind: 'wallet' }))
      .executeTakeFirstOrThrow();
    const clearing = await db
      .selectFrom('accounts')
      .selectAll()
      .where('key', '=', accountKey({ platform: 'deposit_clearing' }))
      .executeTakeFirstOrThrow();
    return { db, m, wallet, clearing, now: t.clock.now() };
  }

  it('a journal whose postings do not sum to zero', async () => {
    const { db, m, wallet, now } = await soundLedger();
    const j = await adjustment(db, m.id, now);
    // Two postings that keep each balance chain and cache right, but sum to 1.00.
    await db
      .insertInto('postings')
      .values([
        {
          journal_id: j.id,
          account_id: wallet.id,
          amount: 300,
          balance_after: 10_300,
          created_at: now,
          seq: null,
          hash: null,
        },
        {
          journal_id: j.id,
          account_id: wallet.id,
          amount: -200,
          balance_after: 10_100,
          created_at: now,
          seq: null,
          hash: null,
        },
      ])
      .execute();
    await db.updateTable('accounts').set({ balance: 10_100 }).where('id', '=', wallet.id).execute();
    const problems = await problemsBesidesChain(db, 2);
    expect(problems).toContain(
      `journal #${j.id} (adjustment): 2 postings summing to 1.00, expected 2+ summing to 0.00`,
    );
    expect(problems).toContain('all balances sum to 1.00, expected 0.00 (money created or lost)');
    expect(problems).toHaveLength(2);
  });

  it('a journal with a single posting', async () => {
    const { db, m, wallet, clearing, now } = await soundLedger();
    const j = await adjustment(db, m.id, now);
    const k = await adjustment(db, m.id, now);
    // Balanced overall, but split across two journals of one line each.
    await db
      .insertInto('postings')
      .values([
        {
          journal_id: j.id,
          account_id: wallet.id,
          amount: 500,
          balance_after: 10_500,
          created_at: now,
          seq: null,
          hash: null,
        },
        {
          journal_id: k.id,
          account_id: clearing.id,
          amount: -500,
          balance_after: clearing.balance - 500,
          created_at: now,
          seq: null,
          hash: null,
        },
      ])
      .execute();
    await db.updateTable('accounts').set({ balance: 10_500 }).where('id', '=', wallet.id).execute();
    await db
      .updateTable('accounts')
      .set({ balance: clearing.balance - 500 })
      .where('id', '=', clearing.id)
      .execute();
    const problems = await problemsBesidesChain(db, 2);
    expect(problems).toEqual([
      `journal #${j.id} (adjustment): 1 postings summing to 5.00, expected 2+ summing to 0.00`,
      `journal #${k.id} (adjustment): 1 postings summing to -5.00, expected 2+ summing to 0.00`,
    ]);
  });

  it('a cached balance that drifted from its postings', async () => {
    const { db, m, wallet, clearing } = await soundLedger();
    await db.updateTable('accounts').set({ balance: 10_050 }).where('id', '=', wallet.id).execute();
    await db
      .updateTable('accounts')
      .set({ balance: clearing.balance - 50 })
      .where('id', '=', clearing.id)
      .execute();
    const { problems } = await checkLedger(db);
    expect(problems).toEqual([
      `account wallet:${m.id}: cached balance 100.50 but postings sum to 100.00 (difference 0.50)`,
      `account platform:deposit_clearing: cached balance -100.50 but postings sum to -100.00 (difference -0.50)`,
    ]);
  });

  it('a broken balance chain', async () => {
    const { db, m, wallet, clearing, now } = await soundLedger();
    const j = await adjustment(db, m.id, now);
    // Balanced, cached right, but the wallet's posting claims the wrong balance after it.
    const [bad] = await db
      .insertInto('postings')
      .values([
        {
          journal_id: j.id,
          account_id: wallet.id,
          amount: 700,
          balance_after: 99_999,
          created_at: now,
          seq: null,
          hash: null,
        },
        {
          journal_id: j.id,
          account_id: clearing.id,
          amount: -700,
          balance_after: clearing.balance - 700,
          created_at: now,
          seq: null,
          hash: null,
        },
      ])
      .returning('id')
      .execute();
    await db.updateTable('accounts').set({ balance: 10_700 }).where('id', '=', wallet.id).execute();
    await db
      .updateTable('accounts')
      .set({ balance: clearing.balance - 700 })
      .where('id', '=', clearing.id)
      .execute();
    const problems = await problemsBesidesChain(db, 2);
    expect(problems).toEqual([
      `posting #${bad!.id} on account #${wallet.id}: balance_after 999.99 is not 100.00 + 7.00`,
    ]);
  });

  it('pending withdrawals with no hold account at all', async () => {
    const { db, m, now } = await soundLedger();
    await pendingWithdrawalRow(db, m.id, 4_000, now);
    const { problems } = await checkLedger(db);
    expect(problems).toEqual([
      `withdrawal hold of merchant #${m.id}: 0.00 held but pending withdrawals total 40.00`,
    ]);
  });

  it('a withdrawal hold that holds less than the pending withdrawals', async () => {
    const { db, m, now } = await soundLedger();
    const held = await pendingWithdrawalRow(db, m.id, 4_000, now);
    await db.transaction().execute((tx) =>
      post(tx, {
        type: 'withdrawal_hold',
        merchantId: m.id,
        ref: { type: 'withdrawal', id: held.id },
        at: now,
        postings: [
          { account: { merchantId: m.id, kind: 'wallet' }, amount: -4_000 },
          { account: { merchantId: m.id, kind: 'withdraw_hold' }, amount: 4_000 },
        ],
      }),
    );
    expect((await checkLedger(db)).problems).toEqual([]);
    // A second pending withdrawal whose hold was never posted.
    await pendingWithdrawalRow(db, m.id, 2_500, now);
    expect((await checkLedger(db)).problems).toEqual([
      `withdrawal hold withdraw_hold:${m.id}: 40.00 held but pending withdrawals total 65.00`,
    ]);
  });
});
