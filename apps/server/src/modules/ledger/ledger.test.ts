import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatMoney } from '@dropdesk/contract/money';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { creditWallet, newMerchant } from '../../../test/factories';
import { balanceOf, LedgerError, post, reverse, walletBalance } from './ledger';
import { checkLedger } from './ledger.check';

describe(`ledger (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let merchantId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    merchantId = (await newMerchant(t)).id;
  });
  // Every test leaves a ledger the check accepts, the refused journals included.
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const wallet = () => ({ merchantId, kind: 'wallet' as const });
  const clearing = { platform: 'deposit_clearing' as const };
  /** A credit with an approved top-up behind it, as the wallet makes one. */
  const credit = (amount: number) => creditWallet(t, merchantId, amount);

  it('posts a balanced journal and records the balance after each posting', async () => {
    const before = await walletBalance(t.database.db, merchantId);
    const j = await credit(12345);
    expect(await walletBalance(t.database.db, merchantId)).toBe(before + 12345);
    expect(j.postings.find((p) => p.key === `wallet:${merchantId}`)?.balanceAfter).toBe(before + 12345);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('refuses unbalanced, single-line, fractional and out-of-transaction journals', async () => {
    const at = t.clock.now();
    const db = t.database.db;
    await expect(
      db.transaction().execute((tx) =>
        post(tx, {
          type: 'recharge',
          merchantId,
          at,
          postings: [
            { account: wallet(), amount: 100 },
            { account: clearing, amount: -99 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      db
        .transaction()
        .execute((tx) =>
          post(tx, { type: 'recharge', merchantId, at, postings: [{ account: wallet(), amount: 100 }] }),
        ),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      db.transaction().execute((tx) =>
        post(tx, {
          type: 'recharge',
          merchantId,
          at,
          postings: [
            { account: wallet(), amount: 0.5 },
            { account: clearing, amount: -0.5 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      post(db, {
        type: 'recharge',
        merchantId,
        at,
        postings: [
          { account: wallet(), amount: 1 },
          { account: clearing, amount: -1 },
        ],
      }),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      db.transaction().execute((tx) =>
        post(tx, {
          type: 'adjustment',
          merchantId,
          at,
          postings: [
            { account: wallet(), amount: 1 },
            { account: clearing, amount: -1 },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
  });

  it('never takes a wallet below zero, and the refused journal leaves nothing behind', async () => {
    const db = t.database.db;
    const balance = await walletBalance(db, merchantId);
    const journals = (await checkLedger(db)).journals;
    const overdraw = db.transaction().execute((tx) =>
      post(tx, {
        type: 'adjustment',
        merchantId,
        reason: 'more than there is',
        at: t.clock.now(),
        postings: [
          { account: wallet(), amount: -(balance + 1) },
          { account: clearing, amount: balance + 1 },
        ],
      }),
    );
    await expect(overdraw).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await walletBalance(db, merchantId)).toBe(balance);
    expect((await checkLedger(db)).journals).toBe(journals);
  });

  it('corrects with a reversing adjustment that carries a reason; the original stays', async () => {
    const db = t.database.db;
    const before = await walletBalance(db, merchantId);
    const j = await credit(500);
    const r = await db
      .transaction()
      .execute((tx) => reverse(tx, j.id, { reason: 'credited twice by mistake', at: t.clock.now() }));
    expect(await walletBalance(db, merchantId)).toBe(before);
    const row = await db.selectFrom('journals').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      type: 'adjustment',
      reason: 'credited twice by mistake',
      ref_type: 'journal',
    });
    expect(
      await db.selectFrom('postings').select('id').where('journal_id', '=', j.id).execute(),
    ).toHaveLength(2);
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('postings and journals cannot be updated or deleted', async () => {
    const db = t.database.db;
    await credit(100);
    await expect(sql`update postings set amount = amount + 1`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from postings`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update journals set reason = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from journals`.execute(db)).rejects.toThrow(/append-only/);
    if (t.engine === 'postgres') {
      await expect(sql`truncate postings cascade`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('ledger:check reports a cached balance that differs from its postings', async () => {
    const db = t.database.db;
    const before = await balanceOf(db, wallet());
    await db
      .updateTable('accounts')
      .set({ balance: before + 7 })
      .where('key', '=', `wallet:${merchantId}`)
      .execute();
    const report = await checkLedger(db);
    // Named twice: the account drifts from its postings, and money appears from nowhere.
    expect(report.problems).toEqual([
      `account wallet:${merchantId}: cached balance ${formatMoney(before + 7)} but postings sum to ${formatMoney(before)} (difference 0.07)`,
      'all balances sum to 0.07, expected 0.00 (money created or lost)',
    ]);
    await db
      .updateTable('accounts')
      .set({ balance: before })
      .where('key', '=', `wallet:${merchantId}`)
      .execute();
    expect((await checkLedger(db)).problems).toEqual([]);
  });

  it('npm run ops -- ledger:check prints the result and exits 0 on a sound ledger', async () => {
    const cwd = path.resolve(__dirname, '../../..');
    const env = { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl ?? '' };
    if (!t.config.databaseUrl) delete (env as Record<string, string | undefined>).DATABASE_URL;
    // What `npm run ops` runs (tsx on the script), without npx's own start-up.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/ops.ts', 'ledger:check'],
      { cwd, env },
    );
    expect(stdout).toContain('ledger check passed');
    expect(stdout).toContain(`ledger: ${(await checkLedger(t.database.db)).journals} journals`);
    // A new process that imports the whole app: 10–15 s alone, and it outlasted 30 s in a run
    // beside the browser tests (11-29). The limit guards against a hang, it is not a wait.
  }, 120_000);
});
