import { ledgerRoutes as l } from '@dropdesk/contract/ledger';
import { merchantAdminRoutes as ma } from '@dropdesk/contract/merchants-admin';
import en from '@dropdesk/contract/messages/en.json' with { type: 'json' };
import { reportsRoutes as r } from '@dropdesk/contract/reports';
import { keyFingerprint, type VerifiableStatement, verifyStatement } from '@dropdesk/ledger-proof';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { expectBooksBalanced } from '../../../test/checks';
import { Client, expectRefusal } from '../../../test/client';
import { creditWallet, newMerchant, newOperator, type TestMerchant } from '../../../test/factories';
import { newOrder } from '../../../test/orders';
import { dayKey, localDay } from '../../lib/zoned';
import { CheckpointSigner, makeCheckpoint } from '../ledger';

const ZONE = 'Asia/Ho_Chi_Minh';
const DAY = 86_400_000;

/**
 * A merchant's statement, downloaded as a merchant and as an operator: what is in it, that the
 * JSON form verifies offline against the signed checkpoint (and stops verifying when changed), that
 * the CSV carries the same journals and hashes, and every bad input and other merchant refused.
 */
describe(`statements (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let m: TestMerchant;
  let other: TestMerchant;
  let signer: CheckpointSigner;
  /** The merchant's days: [0] the first credit, [1] the second and an order picked up, [2] a credit after the checkpoint. */
  const days: string[] = [];

  const today = () => dayKey(localDay(t.clock.now(), ZONE));

  beforeAll(async () => {
    t = await buildTestApp();
    signer = new CheckpointSigner(t.config.ledgerSigningKey);
    m = await newMerchant(t, { timeZone: ZONE, lang: 'th' });
    other = await newMerchant(t, { timeZone: ZONE, balance: '70.00' });
    days.push(today());
    await creditWallet(t, m.id, '100.00');
    t.clock.advance(DAY);
    days.push(today());
    await creditWallet(t, m.id, '50.00');
    await newOrder(t, m.id, { status: 1 });
    t.clock.advance(DAY);
    // Checkpoint #1, early on day 3: it signs days 1–2 and the other merchant's credit.
    expect((await makeCheckpoint(t.database.db, signer, t.clock.now()))?.id).toBe(1);
    t.clock.advance(60_000);
    days.push(today());
    await creditWallet(t, m.id, '25.00');
  });
  afterAll(async () => {
    await expectBooksBalanced(t);
    await t.close();
  });

  async function json(client = m.client, from = days[0]!, to = days[2]!) {
    const res = await client.get(r.statement.path, { from, to, format: 'json' });
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return JSON.parse(res.raw) as VerifiableStatement;
  }

  it('the JSON statement verifies: every posting, its chain, and the link to the signed checkpoint', async () => {
    const s = await json();
    const v = verifyStatement(s, { key: signer.publicKey });
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.checkpoint).toMatchObject({
      id: 1,
      signed: true,
      fingerprint: keyFingerprint(signer.publicKey),
    });
    const wallet = v.accounts.find((a) => a.account === `wallet:${m.id}`)!;
    // 100.00 in, 50.00 in, the order's cost out; then 25.00 after the checkpoint.
    expect(wallet.opening).toBe(0);
    expect(wallet.postings).toBe(4);
    expect(wallet.checkpointSeq).toBe(3);
    expect(wallet.afterCheckpoint).toBe(1);
    const amounts = s.accounts
      .find((a) => a.account === `wallet:${m.id}`)!
      .postings.map((p) => [p.type, p.amount]);
    expect(amounts).toEqual([
      ['recharge', 10_000],
      ['recharge', 5_000],
      ['order_pickup', expect.any(Number)],
      ['recharge', 2_500],
    ]);
    expect(wallet.closing).toBe(15_000 + 2_500 + (amounts[2]![1] as number));
  });

  it('a period that ends before the checkpoint carries digests up to the signed head, and verifies', async () => {
    const s = await json(m.client, days[0], days[0]);
    const wallet = s.accounts.find((a) => a.account === `wallet:${m.id}`)!;
    expect(wallet.postings).toHaveLength(1);
    // Day 2's two postings, as digests only: what they were is not in this statement.
    expect(wallet.tail).toHaveLength(2);
    expect(JSON.stringify(s)).not.toContain('order_pickup');
    const v = verifyStatement(s, { key: signer.publicKey });
    expect(v.problems).toEqual([]);
    expect(v.accounts.find((a) => a.account === wallet.account)?.checkpointSeq).toBe(3);
  });

  it('a statement changed after download no longer verifies, and says where', async () => {
    const s = await json();
    const wallet = s.accounts.find((a) => a.account === `wallet:${m.id}`)!;
    wallet.postings[1]!.amount = 50_000;
    const v = verifyStatement(s, { key: signer.publicKey });
    expect(v.ok).toBe(false);
    expect(v.problems).toContainEqual({ code: 'HASH', account: wallet.account, seq: 2 });
    expect(v.problems).toContainEqual({ code: 'BALANCE', account: wallet.account, seq: 2 });
    // Checked against another key than the platform's: refused as such.
    expect(verifyStatement(await json(), { key: '11'.repeat(32) }).problems).toEqual([{ code: 'KEY' }]);
  });

  it('the CSV carries the same journals with the same hashes, opening and closing', async () => {
    const res = await m.client.get(r.statement.path, { from: days[0]!, to: days[2]!, format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toBe(
      `attachment; filename="statement-${days[0]}-${days[2]}.csv"`,
    );
    const s = await json();
    const hashes = s.accounts.flatMap((a) => a.postings.map((p) => p.hash));
    const cells = (parse(res.raw.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]).flat();
    for (const hash of hashes) expect(cells).toContain(hash);
    expect(cells).toContain(s.accounts[0]!.closing.hash);
  });

  it('the PDF is a PDF', async () => {
    const res = await m.client.get(r.statement.path, { from: days[0]!, to: days[2]!, format: 'pdf' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.raw.slice(0, 5)).toBe('%PDF-');
  });

  it("another merchant's statement holds only its own accounts", async () => {
    const s = await json(other.client);
    expect(s.merchant).toBe(other.id);
    expect(s.accounts.map((a) => a.account)).toEqual([`wallet:${other.id}`]);
    expect(verifyStatement(s, { key: signer.publicKey }).ok).toBe(true);
  });

  it('bad periods and forms are refused with their field, in the language asked', async () => {
    const get = (q: Record<string, string>, lang?: string) =>
      m.client.get(r.statement.path, q, lang ? { lang } : {});
    expectRefusal(await get({ to: days[0]! }), 'INVALID_INPUT', 'from');
    expectRefusal(await get({ from: days[0]!, to: '2025-02-30' }), 'INVALID_INPUT', 'to');
    expectRefusal(await get({ from: days[0]!, to: days[0]!, format: 'xls' }), 'INVALID_INPUT', 'format');
    expectRefusal(await get({ from: days[0]!, to: days[0]!, page: '2' }), 'INVALID_INPUT');
    const backwards = await get({ from: days[1]!, to: days[0]! }, 'en');
    expectRefusal(backwards, 'INVALID_INPUT', 'to');
    expect(backwards.fields?.to).toBe(en.FIELD_STATEMENT_PERIOD);
    const long = await get({ from: '2025-01-01', to: '2026-01-02' }, 'th');
    expectRefusal(long, 'INVALID_INPUT', 'to');
    expect(long.fields?.to).toMatch(/366/);
    expect(long.fields?.to).not.toBe(en.FIELD_STATEMENT_PERIOD);
    // 366 days (a leap year) is allowed.
    expect((await get({ from: '2024-01-01', to: '2024-12-31', format: 'json' })).status).toBe(200);
    // Without a session, nothing.
    expect(
      (await m.client.get(r.statement.path, { from: days[0]!, to: days[0]! }, { token: null })).status,
    ).toBe(401);
  });

  it('an operator produces the same statement for a merchant, audited; other roles and unknown ids are refused', async () => {
    const support = await newOperator(t, 'support');
    const res = await support.get(ma.statement.path, {
      id: m.id,
      from: days[0]!,
      to: days[2]!,
      format: 'json',
    });
    expect(res.status).toBe(200);
    const s = JSON.parse(res.raw) as VerifiableStatement;
    const own = await json();
    expect(s.accounts.map((a) => a.postings.map((p) => p.hash))).toEqual(
      own.accounts.map((a) => a.postings.map((p) => p.hash)),
    );
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'statement.produce')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      operator_id: support.id,
      target_type: 'merchant',
      target_id: String(m.id),
    });
    expect(JSON.parse(entry.after!)).toEqual({ from: days[0], to: days[2], format: 'json' });

    expectRefusal(
      await support.get(ma.statement.path, { id: 999_999, from: days[0]!, to: days[0]! }),
      'NOT_FOUND',
    );
    expectRefusal(
      await support.get(ma.statement.path, { from: days[0]!, to: days[0]! }),
      'INVALID_INPUT',
      'id',
    );
    expectRefusal(
      await support.get(ma.statement.path, { id: m.id, from: days[1]!, to: days[0]! }),
      'INVALID_INPUT',
      'to',
    );
    for (const role of ['reviewer', 'catalogue'] as const) {
      const op = await newOperator(t, role);
      expectRefusal(await op.get(ma.statement.path, { id: m.id, from: days[0]!, to: days[0]! }), 'FORBIDDEN');
    }
    // A merchant is no operator, whoever's id it asks for.
    expect(
      (await m.client.get(ma.statement.path, { id: other.id, from: days[0]!, to: days[0]! })).status,
    ).toBe(401);
  });

  it('the key and the checkpoints are public, newest first, and page back', async () => {
    await creditWallet(t, other.id, '1.00');
    expect((await makeCheckpoint(t.database.db, signer, t.clock.now()))?.id).toBe(2);
    const anon = new Client(t.app);
    const key = await anon.call(l.key);
    expect(key.data).toEqual({
      key: signer.publicKey,
      fingerprint: keyFingerprint(signer.publicKey),
      algorithm: 'ed25519',
    });
    const all = await anon.call(l.checkpoints, {});
    expect(all.data.list.map((c) => c.id)).toEqual([2, 1]);
    expect((await anon.call(l.checkpoints, { before: '2' })).data.list.map((c) => c.id)).toEqual([1]);
    expectRefusal(await anon.get(l.checkpoints.path, { limit: 0 }), 'INVALID_INPUT', 'limit');
    expectRefusal(await anon.get(l.checkpoints.path, { before: 'x' }), 'INVALID_INPUT', 'before');
    expectRefusal(await anon.get(l.checkpoints.path, { id: 1 }), 'INVALID_INPUT');
  });
});
