import { randomUUID } from 'node:crypto';
import { catalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newLevel, newProduct, newProducts, quotaState, setMerchantLevel } from '../../../test/catalogue';
import { expectRefusal } from '../../../test/client';
import { newMerchant } from '../../../test/factories';
import { noticesOf } from '../../../test/services';
import { balanceOf } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';
import type { LevelRow } from './levels.repository';

/**
 * Seller levels over HTTP: the ladder, and buying the next level from the wallet through the ledger
 * (payment password, Idempotency-Key), with what the purchase changes: the margin every listing is
 * priced at, and the quota of the next add.
 */
describe(`levels (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let v1: LevelRow;
  let v2: LevelRow;
  let v3: LevelRow;
  let v4: LevelRow;
  beforeAll(async () => {
    t = await buildTestApp();
    v1 = await t.database.db.selectFrom('levels').selectAll().where('rank', '=', 1).executeTakeFirstOrThrow();
    v2 = await newLevel(t, { name: 'V2', margin_bps: 2_000, quota: 100, price: '100.00' });
    v3 = await newLevel(t, { name: 'V3', margin_bps: 2_500, quota: 200, price: '300.00' });
    v4 = await newLevel(t, { name: 'V4', margin_bps: 3_000, quota: 400, price: '0.00' });
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const db = () => t.database.db;
  const upgrade = (m: { client: import('../../../test/client').Client }, level_id: number, key?: string) =>
    m.client.call(r.levelUpgrade, { level_id, pay_password: '123456' }, key ? { idempotencyKey: key } : {});

  /** The merchant's level purchases in the ledger, with postings as `account key → amount`. */
  async function levelJournals(merchantId: number) {
    const journals = await db()
      .selectFrom('journals')
      .select(['id', 'type', 'merchant_id', 'ref_type', 'ref_id'])
      .where('merchant_id', '=', merchantId)
      .where('type', '=', 'level_purchase')
      .orderBy('id')
      .execute();
    const out = [];
    for (const j of journals) {
      const postings = await db()
        .selectFrom('postings as p')
        .innerJoin('accounts as a', 'a.id', 'p.account_id')
        .select(['a.key', 'p.amount'])
        .where('p.journal_id', '=', j.id)
        .execute();
      out.push({ ...j, postings: Object.fromEntries(postings.map((p) => [p.key, Number(p.amount)])) });
    }
    return out;
  }

  it('level: the levels by rank with their terms today, the merchant level as bought, the next one, the quota used', async () => {
    const m = await newMerchant(t);
    await m.client.call(r.add, { product_ids: await newProducts(t, 2) });
    const res = await m.client.call(r.level);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({
      current: { level_id: v1.id, rank: 1, name: 'V1', margin_bps: 1_500, quota: 50, bought_at: null },
      levels: [
        { id: v1.id, rank: 1, name: 'V1', margin_bps: 1_500, quota: 50, price: '0.00' },
        { id: v2.id, rank: 2, name: 'V2', margin_bps: 2_000, quota: 100, price: '100.00' },
        { id: v3.id, rank: 3, name: 'V3', margin_bps: 2_500, quota: 200, price: '300.00' },
        { id: v4.id, rank: 4, name: 'V4', margin_bps: 3_000, quota: 400, price: '0.00' },
      ],
      next_level_id: v2.id,
      quota_used: 2,
    });
  });

  it('upgrade buys the next level: a level_purchase journal wallet → revenue, the terms of today, a notice', async () => {
    const m = await newMerchant(t, { balance: '250.00', payPassword: '123456' });
    const revenueBefore = Number(
      (
        await db()
          .selectFrom('accounts')
          .select('balance')
          .where('key', '=', 'platform:revenue')
          .executeTakeFirst()
      )?.balance ?? 0,
    );
    const res = await upgrade(m, v2.id);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({
      current: {
        level_id: v2.id,
        rank: 2,
        name: 'V2',
        margin_bps: 2_000,
        quota: 100,
        bought_at: new Date(t.clock.now()).toISOString(),
      },
      balance: '150.00',
    });
    expect(await levelJournals(m.id)).toEqual([
      {
        id: expect.any(Number),
        type: 'level_purchase',
        merchant_id: m.id,
        ref_type: 'level',
        ref_id: v2.id,
        postings: { [`wallet:${m.id}`]: -10_000, 'platform:revenue': 10_000 },
      },
    ]);
    const revenue = await db()
      .selectFrom('accounts')
      .select('balance')
      .where('key', '=', 'platform:revenue')
      .executeTakeFirstOrThrow();
    expect(Number(revenue.balance) - revenueBefore).toBe(10_000);
    expect(await balanceOf(m)).toBe('150.00');
    const row = await db()
      .selectFrom('merchant_levels')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      level_id: v2.id,
      margin_bps: 2_000,
      quota: 100,
      price_paid: 10_000,
      bought_at: t.clock.now(),
    });
    expect((await noticesOf(t, m.id)).filter((n) => n.type === 'level_upgraded')).toEqual([
      {
        type: 'level_upgraded',
        title_key: 'notice.level_upgraded',
        params: { level: 'V2' },
        ref_type: 'level',
        ref_id: v2.id,
      },
    ]);
    const overview = await m.client.call(r.level);
    expect([overview.data.current.level_id, overview.data.next_level_id]).toEqual([v2.id, v3.id]);
  });

  it('insufficient balance is refused and nothing changes', async () => {
    const m = await newMerchant(t, { balance: '99.99', payPassword: '123456' });
    const res = await upgrade(m, v2.id);
    expectRefusal(res, 'INSUFFICIENT_BALANCE');
    expect(await balanceOf(m)).toBe('99.99');
    expect(await levelJournals(m.id)).toEqual([]);
    expect(await quotaState(t, m.id)).toMatchObject({ level_id: v1.id, margin_bps: 1_500, quota: 50 });
    expect((await noticesOf(t, m.id)).map((n) => n.type)).not.toContain('level_upgraded');
    // An empty wallet too.
    const poor = await newMerchant(t, { payPassword: '123456' });
    expectRefusal(await upgrade(poor, v2.id), 'INSUFFICIENT_BALANCE');
  });

  it('the payment password: wrong, missing, malformed or never set is refused and nothing changes', async () => {
    const m = await newMerchant(t, { balance: '500.00', payPassword: '123456' });
    const wrong = await m.client.call(
      r.levelUpgrade,
      { level_id: v2.id, pay_password: '654321' },
      { lang: 'en' },
    );
    expectRefusal(wrong, 'WRONG_PAY_PASSWORD', 'pay_password');
    expectRefusal(
      await m.client.post(
        r.levelUpgrade.path,
        { level_id: v2.id },
        { headers: { 'Idempotency-Key': randomUUID() } },
      ),
      'PAY_PASSWORD_REQUIRED',
      'pay_password',
    );
    expectRefusal(
      await m.client.call(r.levelUpgrade, { level_id: v2.id, pay_password: '12345' }),
      'PAY_PASSWORD_FORMAT',
      'pay_password',
    );
    const unset = await newMerchant(t, { balance: '500.00' });
    expectRefusal(await upgrade(unset, v2.id), 'PAY_PASSWORD_NOT_SET', 'pay_password');
    expect(await balanceOf(m)).toBe('500.00');
    expect(await levelJournals(m.id)).toEqual([]);
    expect((await quotaState(t, m.id)).level_id).toBe(v1.id);
  });

  it('a retry with the same Idempotency-Key replays the answer and has one effect', async () => {
    const m = await newMerchant(t, { balance: '500.00', payPassword: '123456' });
    const key = randomUUID();
    const first = await upgrade(m, v2.id, key);
    const retry = await upgrade(m, v2.id, key);
    expect(first.code, first.raw).toBe(1);
    expect(retry.raw).toBe(first.raw);
    expect(await levelJournals(m.id)).toHaveLength(1);
    expect(await balanceOf(m)).toBe('400.00');
    // Without a key the call is refused before anything runs.
    expectRefusal(
      await m.client.call(
        r.levelUpgrade,
        { level_id: v3.id, pay_password: '123456' },
        { idempotencyKey: null },
      ),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    // A new key is a new purchase: of the next level only.
    expectRefusal(await upgrade(m, v2.id), 'LEVEL_NOT_NEXT');
  });

  it('only the next level can be bought: LEVEL_NOT_NEXT for a skip, the current or a lower level; NOT_FOUND for none', async () => {
    const m = await newMerchant(t, { balance: '1000.00', payPassword: '123456' });
    expectRefusal(await upgrade(m, v3.id), 'LEVEL_NOT_NEXT');
    expectRefusal(await upgrade(m, v1.id), 'LEVEL_NOT_NEXT');
    expectRefusal(await upgrade(m, 99_999_999), 'NOT_FOUND');
    expect((await upgrade(m, v2.id)).code).toBe(1);
    expectRefusal(await upgrade(m, v2.id), 'LEVEL_NOT_NEXT');
    expectRefusal(await upgrade(m, v1.id), 'LEVEL_NOT_NEXT');
    expect((await upgrade(m, v3.id)).code).toBe(1);
    expect(await balanceOf(m)).toBe('600.00');
    expect((await levelJournals(m.id)).map((j) => j.ref_id)).toEqual([v2.id, v3.id]);
    for (const body of [
      { level_id: 'x', pay_password: '123456' },
      { level_id: v2.id, pay_password: '123456', price: '0' },
    ]) {
      const res = await m.client.post(r.levelUpgrade.path, body, {
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expectRefusal(res, 'INVALID_INPUT');
    }
  });

  it('two purchases racing with different keys: one wins, the other is LEVEL_NOT_NEXT, one journal', async () => {
    const m = await newMerchant(t, { balance: '1000.00', payPassword: '123456' });
    const results = await Promise.all([upgrade(m, v2.id), upgrade(m, v2.id), upgrade(m, v2.id)]);
    expect(results.map((res) => (res.code === 1 ? 'OK' : res.error)).sort()).toEqual([
      'LEVEL_NOT_NEXT',
      'LEVEL_NOT_NEXT',
      'OK',
    ]);
    expect(await levelJournals(m.id)).toHaveLength(1);
    expect(await balanceOf(m)).toBe('900.00');
  });

  it('a free level posts no journal but is recorded as bought', async () => {
    const m = await newMerchant(t, { payPassword: '123456' });
    await setMerchantLevel(t, m.id, { level_id: v3.id, margin_bps: v3.margin_bps, quota: v3.quota });
    const res = await upgrade(m, v4.id);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      current: { level_id: v4.id, margin_bps: 3_000, quota: 400 },
      balance: '0.00',
    });
    expect(res.data.current.bought_at).not.toBeNull();
    expect(await levelJournals(m.id)).toEqual([]);
    const row = await db()
      .selectFrom('merchant_levels')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ level_id: v4.id, price_paid: 0, bought_at: t.clock.now() });
    const top = await m.client.call(r.level);
    expect(top.data.next_level_id).toBeNull();
    expectRefusal(await upgrade(m, v4.id), 'LEVEL_NOT_NEXT');
  });

  it('a higher margin reprices every listing in manage at once, with no write to the listings', async () => {
    const m = await newMerchant(t, { balance: '100.00', payPassword: '123456' });
    const product = await newProduct(t, { cost: '12.34' });
    await m.client.call(r.add, { product_ids: [product] });
    const before = await m.client.call(r.manage);
    expect(before.data.list.map((l) => [l.price, l.profit])).toEqual([['14.19', '1.85']]);
    const stamp = await db()
      .selectFrom('listings')
      .select('updated_at')
      .where('merchant_id', '=', m.id)
      .execute();
    t.clock.advance(60_000);
    expect((await upgrade(m, v2.id)).code).toBe(1);
    const after = await m.client.call(r.manage);
    // 12.34 × 20% = 2.468 → 2.47.
    expect(after.data.list.map((l) => [l.cost, l.price, l.profit])).toEqual([['12.34', '14.81', '2.47']]);
    const detail = await m.client.call(r.detail, { product_id: String(product) });
    expect([detail.data.price, detail.data.profit]).toEqual(['14.81', '2.47']);
    expect(
      await db().selectFrom('listings').select('updated_at').where('merchant_id', '=', m.id).execute(),
    ).toEqual(stamp);
  });

  it('a bigger quota allows more adds at once', async () => {
    const m = await newMerchant(t, { balance: '100.00', payPassword: '123456' });
    await setMerchantLevel(t, m.id, { quota: 3 });
    const products = await newProducts(t, 6);
    const first = await m.client.call(r.add, { product_ids: products });
    expect(first.data).toMatchObject({ added: 3, skipped: { quota: 3 }, quota: { used: 3, total: 3 } });
    const bought = await upgrade(m, v2.id);
    expect(bought.data.current.quota).toBe(100);
    const more = await m.client.call(r.add, { product_ids: products });
    expect(more.data).toMatchObject({
      added: 3,
      skipped: { listed: 3, quota: 0 },
      quota: { used: 6, total: 100 },
    });
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 6, listings_used: 6, quota: 100 });
  });

  it("an operator's later change of a level applies to new purchases, never to what a merchant bought", async () => {
    const m = await newMerchant(t, { balance: '500.00', payPassword: '123456' });
    expect((await upgrade(m, v2.id)).code).toBe(1);
    await db()
      .updateTable('levels')
      .set({ margin_bps: 100, quota: 5, price: 999 })
      .where('id', '=', v2.id)
      .execute();
    try {
      const res = await m.client.call(r.level);
      expect(res.data.current).toMatchObject({ level_id: v2.id, margin_bps: 2_000, quota: 100 });
      expect(res.data.levels.find((l) => l.id === v2.id)).toMatchObject({
        margin_bps: 100,
        quota: 5,
        price: '9.99',
      });
      // The next buyer pays and gets the new terms.
      const next = await newMerchant(t, { balance: '500.00', payPassword: '123456' });
      const bought = await upgrade(next, v2.id);
      expect([bought.data.current.margin_bps, bought.data.current.quota, bought.data.balance]).toEqual([
        100,
        5,
        '490.01',
      ]);
      // A shop already holding more listings than the new quota keeps them: the quota is never below.
      const big = await newMerchant(t, { balance: '500.00', payPassword: '123456' });
      await big.client.call(r.add, { product_ids: await newProducts(t, 7) });
      expect((await upgrade(big, v2.id)).data.current.quota).toBe(7);
      expect(await quotaState(t, big.id)).toMatchObject({ listings: 7, listings_used: 7, quota: 7 });
    } finally {
      await db()
        .updateTable('levels')
        .set({ margin_bps: v2.margin_bps, quota: v2.quota, price: v2.price })
        .where('id', '=', v2.id)
        .execute();
    }
  });
});
