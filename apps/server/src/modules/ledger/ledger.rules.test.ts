import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { creditWallet, newMerchant } from '../../../test/factories';
import { newReviewer } from '../../../test/services';
import type { Db } from '../../db/database';
import {
  type AccountRef,
  balanceAfter,
  balanceOf,
  type JournalInput,
  LedgerError,
  post,
  reverse,
} from './ledger';
import { checkLedger } from './ledger.check';

/**
 * The ledger's own rules, each refusal by its message, and what a posted journal records: the
 * operator, the postings in account order (the lock order that keeps PostgreSQL from deadlocking),
 * a zero line dropped, a reversal that lands on the very accounts it corrects.
 */
describe(`ledger rules (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let db: Db;
  let merchantId: number;
  let operatorId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    db = t.database.db;
    merchantId = (await newMerchant(t)).id;
    await creditWallet(t, merchantId, '100.00');
    operatorId = (await newReviewer(t, 'ledger-op')).id;
  });
  afterEach(async () => expect((await checkLedger(db)).problems).toEqual([]));
  afterAll(() => t.close());

  const wallet = (): AccountRef => ({ merchantId, kind: 'wallet' });
  const clearing: AccountRef = { platform: 'deposit_clearing' };
  const revenue: AccountRef = { platform: 'revenue' };
  const inTx = (journal: Omit<JournalInput, 'at'>) =>
    db.transaction().execute((tx) => post(tx, { ...journal, at: t.clock.now() }));

  it('names each malformed journal it refuses', async () => {
    const cases: Array<[Omit<JournalInput, 'at'>, string]> = [
      [
        { type: 'recharge', merchantId, postings: [{ account: wallet(), amount: 100 }] },
        'journal recharge needs two or more postings',
      ],
      [
        {
          type: 'recharge',
          merchantId,
          postings: [
            { account: wallet(), amount: 100 },
            { account: clearing, amount: -99 },
          ],
        },
        'journal recharge is unbalanced by 1',
      ],
      [
        {
          type: 'recharge',
          merchantId,
          postings: [
            { account: wallet(), amount: 0.5 },
            { account: clearing, amount: -0.5 },
          ],
        },
        'posting amount 0.5',
      ],
      [
        {
          type: 'recharge',
          merchantId,
          postings: [
            { account: wallet(), amount: 100 },
            { account: wallet(), amount: -100 },
          ],
        },
        'an account appears twice in one journal',
      ],
      [
        {
          type: 'adjustment',
          merchantId,
          reason: '   ',
          postings: [
            { account: wallet(), amount: 1 },
            { account: clearing, amount: -1 },
          ],
        },
        'an adjustment needs a reason',
      ],
    ];
    for (const [journal, message] of cases) {
      const error = await inTx(journal).catch((e: unknown) => e);
      expect(error, message).toBeInstanceOf(LedgerError);
      expect((error as LedgerError).message).toBe(message);
      expect((error as LedgerError).name).toBe('LedgerError');
    }
    const outside = await post(db, {
      type: 'recharge',
      merchantId,
      at: t.clock.now(),
      postings: [
        { account: wallet(), amount: 1 },
        { account: clearing, amount: -1 },
      ],
    }).catch((e: unknown) => e);
    expect((outside as Error).message).toBe('post() needs a transaction');
  });

  it('drops a zero line, records the operator, and writes postings in account order', async () => {
    const before = await balanceOf(db, wallet());
    // Listed revenue, zero, wallet: the postings come out in account-id order, without the zero.
    const j = await inTx({
      type: 'adjustment',
      merchantId,
      reason: 'goodwill',
      operatorId,
      postings: [
        { account: revenue, amount: -250 },
        { account: clearing, amount: 0 },
        { account: wallet(), amount: 250 },
      ],
    });
    const rows = await db
      .selectFrom('postings')
      .select(['id', 'account_id', 'amount', 'balance_after'])
      .where('journal_id', '=', j.id)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.account_id)).toEqual([...rows.map((r) => r.account_id)].sort((a, b) => a - b));
    expect(j.postings).toEqual(
      rows.map((r) => ({
        accountId: r.account_id,
        key: expect.any(String),
        amount: r.amount,
        balanceAfter: r.balance_after,
      })),
    );
    expect(balanceAfter(j, wallet())).toBe(before + 250);
    const journal = await db
      .selectFrom('journals')
      .selectAll()
      .where('id', '=', j.id)
      .executeTakeFirstOrThrow();
    expect(journal).toMatchObject({ operator_id: operatorId, reason: 'goodwill', merchant_id: merchantId });
    expect(() => balanceAfter(j, clearing)).toThrow(
      `journal ${j.id} has no posting on platform:deposit_clearing`,
    );
  });

  it('a refused debit names the account kind that was short', async () => {
    const balance = await balanceOf(db, wallet());
    const error = await inTx({
      type: 'adjustment',
      merchantId,
      reason: 'too much',
      postings: [
        { account: wallet(), amount: -(balance + 1) },
        { account: clearing, amount: balance + 1 },
      ],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ key: 'INSUFFICIENT_BALANCE', data: { account: 'wallet' } });
  });

  it('a reversal lands on the very accounts it corrects, platform ones included, and names its operator', async () => {
    const walletBefore = await balanceOf(db, wallet());
    const clearingBefore = await balanceOf(db, clearing);
    const j = await creditWallet(t, merchantId, '7.00');
    expect(await balanceOf(db, clearing)).toBe(clearingBefore - 700);
    const r = await db
      .transaction()
      .execute((tx) => reverse(tx, j.id, { reason: 'sent twice', operatorId, at: t.clock.now() }));
    expect(await balanceOf(db, wallet())).toBe(walletBefore);
    expect(await balanceOf(db, clearing)).toBe(clearingBefore);
    const row = await db.selectFrom('journals').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ operator_id: operatorId, ref_id: j.id, merchant_id: merchantId });
    const missing = await db
      .transaction()
      .execute((tx) => reverse(tx, 9_999_999, { reason: 'x', at: t.clock.now() }))
      .catch((e: unknown) => e);
    expect((missing as Error).message).toBe('journal 9999999 does not exist');
  });

  it('the check counts what it read', async () => {
    const report = await checkLedger(db);
    const count = async (table: 'journals' | 'postings' | 'accounts') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(report).toMatchObject({
      journals: await count('journals'),
      postings: await count('postings'),
      accounts: await count('accounts'),
    });
    expect(report.postings).toBeGreaterThan(0);
  });
});
