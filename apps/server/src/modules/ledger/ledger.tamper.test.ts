import { GENESIS, postingHash } from '@dropdesk/ledger-proof';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { creditWallet, newMerchant } from '../../../test/factories';
import type { Db } from '../../db/database';
import { CheckpointSigner, contentOf, makeCheckpoint } from './checkpoints';
import { accountKey } from './ledger';
import { checkLedger } from './ledger.check';
import { ledgerRepository } from './ledger.repository';

/**
 * A rogue operator with the database's keys: the append-only triggers switched off, a row edited,
 * deleted or moved, and every figure around it put right so that each balance, each balance_after
 * and each journal's sum still agree. The balance checks can't see that; the hash chain must.
 */
describe(`the ledger's history can't be rewritten unseen (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  /** What a person with the database's owner role can do: take the append-only guard off. */
  async function unguard(db: Db) {
    if (t?.engine === 'postgres') {
      await sql`alter table postings disable trigger user`.execute(db);
      await sql`alter table journals disable trigger user`.execute(db);
      return;
    }
    for (const trigger of [
      'postings_no_update',
      'postings_no_delete',
      'journals_no_update',
      'journals_no_delete',
    ])
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }

  /** A merchant credited 100.00, 50.00 and 25.00: three journals A, B, C on its wallet. */
  async function threeCredits() {
    t = await buildTestApp();
    const m = await newMerchant(t);
    const journals = [];
    for (const amount of ['100.00', '50.00', '25.00']) {
      journals.push(await creditWallet(t, m.id, amount));
      t.clock.advance(60_000);
    }
    const db = t.database.db;
    expect((await checkLedger(db)).problems).toEqual([]);
    const wallet = accountKey({ merchantId: m.id, kind: 'wallet' });
    const clearing = accountKey({ platform: 'deposit_clearing' });
    return { db, m, journals, wallet, clearing };
  }

  /** The postings of journals on an account, as the check names them. */
  async function postingsOf(db: Db, key: string, journalIds: number[]) {
    return db
      .selectFrom('postings as p')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['p.id', 'p.seq', 'p.journal_id', 'a.key'])
      .where('a.key', '=', key)
      .where('p.journal_id', 'in', journalIds)
      .orderBy('p.id')
      .execute();
  }

  const changed = (p: { id: number; key: string; seq: number | null; journal_id: number }) =>
    `posting #${p.id} on account ${p.key} (number ${p.seq}, journal #${p.journal_id}): its hash is not the one its content and the posting before it give: this or an earlier posting was changed, removed or moved`;

  /** What the rogue who knows the algorithm does next: every hash of the account recomputed. */
  async function rehash(db: Db, key: string) {
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    let prev = GENESIS;
    for (const r of await ledgerRepository.chainRange(db, account.id, 1, Number.MAX_SAFE_INTEGER)) {
      const hash = postingHash(prev, contentOf(r));
      await db.updateTable('postings').set({ hash }).where('id', '=', r.id).execute();
      prev = hash;
    }
  }

  /** 50.00 of journal B becomes 500.00 on both its accounts, every balance after it put right. */
  async function inflate(db: Db, journalId: number, wallet: string, clearing: string) {
    const walletId = await shiftFrom(db, journalId, wallet, 45_000);
    const clearingId = await shiftFrom(db, journalId, clearing, -45_000);
    await db
      .updateTable('postings')
      .set({ amount: 50_000 })
      .where('journal_id', '=', journalId)
      .where('account_id', '=', walletId)
      .execute();
    await db
      .updateTable('postings')
      .set({ amount: -50_000 })
      .where('journal_id', '=', journalId)
      .where('account_id', '=', clearingId)
      .execute();
  }

  /** Every posting of a journal moved by `delta` on its account, and everything after it with it. */
  async function shiftFrom(db: Db, journalId: number, key: string, delta: number) {
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const first = await db
      .selectFrom('postings')
      .select('id')
      .where('journal_id', '=', journalId)
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('postings')
      .set((eb) => ({ balance_after: eb('balance_after', '+', delta) }))
      .where('account_id', '=', account.id)
      .where('id', '>=', first.id)
      .execute();
    await db
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', delta) }))
      .where('id', '=', account.id)
      .execute();
    return account.id;
  }

  it('an amount edited, with every balance after it put right', async () => {
    const { db, journals, wallet, clearing } = await threeCredits();
    const b = journals[1]!;
    await unguard(db);
    // 50.00 becomes 500.00: the merchant's wallet and the clearing account both move by 450.00.
    const walletId = await shiftFrom(db, b.id, wallet, 45_000);
    const clearingId = await shiftFrom(db, b.id, clearing, -45_000);
    await db
      .updateTable('postings')
      .set({ amount: 50_000 })
      .where('journal_id', '=', b.id)
      .where('account_id', '=', walletId)
      .execute();
    await db
      .updateTable('postings')
      .set({ amount: -50_000 })
      .where('journal_id', '=', b.id)
      .where('account_id', '=', clearingId)
      .execute();

    const { problems } = await checkLedger(db);
    expect(problems).not.toEqual([]);
  });

  it('a journal deleted, with the balances after it put right', async () => {
    const { db, journals, wallet, clearing } = await threeCredits();
    const [, b, c] = journals;
    const after = [...(await postingsOf(db, wallet, [c!.id])), ...(await postingsOf(db, clearing, [c!.id]))];
    await unguard(db);
    await shiftFrom(db, b!.id, wallet, -5_000);
    await shiftFrom(db, b!.id, clearing, 5_000);
    await db.updateTable('recharges').set({ journal_id: null }).where('journal_id', '=', b!.id).execute();
    await db.deleteFrom('postings').where('journal_id', '=', b!.id).execute();
    await db.deleteFrom('journals').where('id', '=', b!.id).execute();

    // C's postings are number 3 on their accounts and now follow number 1.
    const { problems } = await checkLedger(db);
    expect(problems.sort()).toEqual(
      after
        .flatMap((p) => [
          `posting #${p.id} on account ${p.key} is number 3 but follows number 1: a posting is missing or out of place`,
          changed(p),
        ])
        .sort(),
    );
  });

  it('two journals reordered in time', async () => {
    const { db, journals, wallet, clearing } = await threeCredits();
    const [, b, c] = journals;
    const times = await db
      .selectFrom('journals')
      .select(['id', 'created_at'])
      .where('id', 'in', [b!.id, c!.id])
      .orderBy('id')
      .execute();
    await unguard(db);
    // C now reads as earlier than B in the merchant's funds records.
    for (const [journal, time] of [
      [c!.id, times[0]!.created_at],
      [b!.id, times[1]!.created_at],
    ] as const) {
      await db.updateTable('journals').set({ created_at: time }).where('id', '=', journal).execute();
      await db.updateTable('postings').set({ created_at: time }).where('journal_id', '=', journal).execute();
    }

    const touched = [
      ...(await postingsOf(db, wallet, [b!.id, c!.id])),
      ...(await postingsOf(db, clearing, [b!.id, c!.id])),
    ];
    const { problems } = await checkLedger(db);
    expect(problems.sort()).toEqual(touched.map(changed).sort());
  });

  it("a journal's type and reason rewritten", async () => {
    const { db, journals, wallet, clearing } = await threeCredits();
    const a = journals[0]!;
    await unguard(db);
    await db
      .updateTable('journals')
      .set({ reason: 'goodwill', type: 'adjustment' })
      .where('id', '=', a.id)
      .execute();

    const touched = [...(await postingsOf(db, wallet, [a.id])), ...(await postingsOf(db, clearing, [a.id]))];
    const { problems } = await checkLedger(db);
    expect(problems.sort()).toEqual(touched.map(changed).sort());
  });

  it('an amount edited and every hash after it recomputed: the signed checkpoint still tells', async () => {
    const { db, journals, wallet, clearing } = await threeCredits();
    const signer = new CheckpointSigner(t!.config.ledgerSigningKey);
    expect((await makeCheckpoint(db, signer, t!.clock.now()))?.id).toBe(1);
    const heads = () =>
      db
        .selectFrom('postings as p')
        .innerJoin('accounts as a', 'a.id', 'p.account_id')
        .select(['a.key', 'p.hash'])
        .where('p.seq', '=', 3)
        .where('a.key', 'in', [wallet, clearing])
        .orderBy('a.id')
        .execute();
    const signed = await heads();
    await unguard(db);
    await inflate(db, journals[1]!.id, wallet, clearing);
    await rehash(db, wallet);
    await rehash(db, clearing);

    // The chains agree with themselves again; only the heads checkpoint #1 signed no longer match.
    const now = await heads();
    expect(now.map((h) => h.hash)).not.toEqual(signed.map((h) => h.hash));
    const { problems } = await checkLedger(db);
    expect(problems).toEqual(
      signed.map(
        (h, i) =>
          `checkpoint #1 signed ${h.key} at seq 3 as ${h.hash!.slice(0, 12)}…, the ledger now holds ${now[i]!.hash!.slice(0, 12)}…`,
      ),
    );
  });

  it('a checkpoint edited after it was signed', async () => {
    const { db, m } = await threeCredits();
    const signer = new CheckpointSigner(t!.config.ledgerSigningKey);
    for (let i = 0; i < 3; i++) {
      await creditWallet(t!, m.id, '1.00');
      expect(await makeCheckpoint(db, signer, t!.clock.now())).not.toBeNull();
    }
    // Nothing moved since: no new checkpoint.
    expect(await makeCheckpoint(db, signer, t!.clock.now())).toBeNull();
    expect((await checkLedger(db)).problems).toEqual([]);
    if (t!.engine === 'postgres') await sql`alter table ledger_checkpoints disable trigger user`.execute(db);
    else await sql`drop trigger ledger_checkpoints_no_update`.execute(db);
    await db.updateTable('ledger_checkpoints').set({ accounts: 9 }).where('id', '=', 1).execute();
    expect((await checkLedger(db)).problems).toEqual([
      'checkpoint #1: the signature does not verify',
      'checkpoint #2: does not link to the checkpoint before it',
    ]);
  });
});
