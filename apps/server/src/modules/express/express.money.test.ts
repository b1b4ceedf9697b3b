import { randomUUID } from 'node:crypto';
import { catalogueRoutes as c } from '@dropdesk/contract/catalogue';
import { EXPRESS_DAY_MS, expressRoutes as r } from '@dropdesk/contract/express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Client, expectRefusal } from '../../../test/client';
import { newPackage } from '../../../test/express';
import { newMerchant, type TestMerchant } from '../../../test/factories';
import { withPostings } from '../../../test/orders';
import { noticesOf } from '../../../test/services';
import { onShelf } from '../../../test/store';
import { balanceOf } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';
import { nameIn, namesOf } from './express.service';

/**
 * The express lane's money and figures to the cent: what a short wallet is told, that refusals come
 * before the payment password (no try counted), each purchase's own products in the records, and
 * the names a merchant reads in its language, whatever the stored names hold.
 */
describe(`express lane money (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const db = () => t.database.db;
  const buy = (
    m: { client: Client },
    id: number,
    listing_ids: number[],
    pay_password = '123456',
    lang = 'en',
  ) => m.client.call(r.buyTrain, { id, pay_password, listing_ids }, { lang, idempotencyKey: randomUUID() });
  /** A merchant with `balance` (none: an empty wallet), payment password 123456, `n` products on shelf. */
  async function shop(balance: string | null, n: number): Promise<{ m: TestMerchant; listings: number[] }> {
    const m = await newMerchant(t, { ...(balance ? { balance } : {}), payPassword: '123456' });
    const listings: number[] = [];
    for (let i = 0; i < n; i++) listings.push((await onShelf(t, { merchant: m })).listingId);
    return { m, listings };
  }
  const productOf = async (listingId: number) =>
    (
      await db()
        .selectFrom('listings')
        .select('product_id')
        .where('id', '=', listingId)
        .executeTakeFirstOrThrow()
    ).product_id;
  const purchaseJournals = async (merchantId: number) =>
    withPostings(
      t,
      await db()
        .selectFrom('journals')
        .select(['id', 'ref_id'])
        .where('merchant_id', '=', merchantId)
        .where('type', '=', 'express_purchase')
        .orderBy('id')
        .execute(),
    );

  it('names: the stored JSON read safely, the caller language, then the main one, then nothing', () => {
    expect(namesOf({ names: '{"en":"Spotlight","vi":"Tiêu điểm"}' })).toEqual({
      en: 'Spotlight',
      vi: 'Tiêu điểm',
    });
    for (const names of ['not json', 'null', '"Spotlight"', '42', 'true', ''])
      expect(namesOf({ names }), names).toEqual({});
    const row = { names: '{"en":"Spotlight","vi":"Tiêu điểm"}', main_lang: 'vi' as const };
    expect(nameIn(row, 'en')).toBe('Spotlight');
    expect(nameIn(row, 'th')).toBe('Tiêu điểm');
    expect(nameIn({ names: '{"en":"Spotlight"}', main_lang: 'vi' }, 'th')).toBe('');
    expect(nameIn({ names: 'null', main_lang: 'en' }, 'en')).toBe('');
  });

  it('a wallet short by one cent is told 0.01; an empty one the whole price; nothing is paid', async () => {
    const pkg = await newPackage(t, { price: '50.00', productCount: 1 });
    const { m, listings } = await shop('49.99', 1);
    const short = await buy(m, pkg.id, [listings[0]!]);
    expectRefusal(short, 'PACKAGE_BALANCE_SHORT');
    expect(short.msg).toBe("Your balance is 0.01 short of this package's price");
    const empty = await shop(null, 1);
    const none = await buy(empty.m, pkg.id, [empty.listings[0]!]);
    expectRefusal(none, 'PACKAGE_BALANCE_SHORT');
    expect(none.msg).toBe("Your balance is 50.00 short of this package's price");
    expect(await balanceOf(m)).toBe('49.99');
    expect(await purchaseJournals(m.id)).toEqual([]);
    expect(
      await db().selectFrom('express_purchases').select('id').where('merchant_id', '=', m.id).execute(),
    ).toEqual([]);
    // Exactly the price is enough, and leaves 0.00.
    const exact = await shop('50.00', 1);
    const bought = await buy(exact.m, pkg.id, [exact.listings[0]!]);
    expect(bought.code, bought.raw).toBe(1);
    expect(bought.data.balance).toBe('0.00');
  });

  it('refusals come before the payment password: a wrong one is not counted against them', async () => {
    const pkg = await newPackage(t, { price: '10.00', productCount: 1 });
    const off = await newPackage(t, { price: '10.00', active: false });
    const { m, listings } = await shop('100.00', 2);
    const [l1, l2] = listings as [number, number];
    expect((await buy(m, pkg.id, [l1])).code).toBe(1);
    for (const [id, ids, key] of [
      [pkg.id, [l1], 'ALREADY_FEATURED'],
      [pkg.id, [l1, l2], 'TOO_MANY_PRODUCTS'],
      [off.id, [l2], 'PACKAGE_NOT_ON_SALE'],
      [99_999_999, [l2], 'NOT_FOUND'],
      [pkg.id, [99_999_999], 'NOT_FOUND'],
    ] as const)
      expectRefusal(await buy(m, id, [...ids], '654321'), key);
    // One listing off the shelf among others on it is enough to refuse.
    await m.client.call(c.setSwitch, { ids: [l2], status: 'warehouse' });
    const wide = await newPackage(t, { price: '10.00', productCount: 3 });
    const third = (await onShelf(t, { merchant: m })).listingId;
    expectRefusal(await buy(m, wide.id, [third, l2], '654321'), 'NOT_ON_SHELF', 'listing_ids');
    await m.client.call(c.setSwitch, { ids: [l2], status: 'selling' });
    // The refusals name the field and say why there, in the caller's language.
    expect((await buy(m, pkg.id, [l1, l2], '654321')).fields).toEqual({
      listing_ids: 'This package features at most 1 products',
    });
    expect((await buy(m, pkg.id, [l1], '654321')).fields).toEqual({
      listing_ids: 'This product is already featured',
    });
    // The first wrong password now is the first one counted.
    const wrong = await buy(m, pkg.id, [l2], '654321');
    expectRefusal(wrong, 'WRONG_PAY_PASSWORD', 'pay_password');
    expect(wrong.msg).toBe('Incorrect payment password, 4 attempts left');
    expect(await balanceOf(m)).toBe('90.00');
  });

  it('the records show each purchase with its own products, in the caller language, and the notice names the package in it', async () => {
    const pkg = await newPackage(t, {
      names: { en: 'Double', vi: 'Gói đôi' },
      mainLang: 'en',
      price: '12.34',
      days: 3,
      productCount: 2,
    });
    const { m, listings } = await shop('100.00', 3);
    const [l1, l2, l3] = listings as [number, number, number];
    const [p1, p2, p3] = [await productOf(l1), await productOf(l2), await productOf(l3)];
    const first = await buy(m, pkg.id, [l1, l2], '123456', 'vi');
    expect(first.code, first.raw).toBe(1);
    const startedAt = t.clock.now();
    t.clock.advance(60_000);
    const second = await buy(m, pkg.id, [l3], '123456', 'vi');
    expect(second.data).toMatchObject({
      purchase: { name: 'Gói đôi', price: '12.34', days: 3, product_count: 2, state: 'active' },
      balance: '75.32',
    });
    expect(second.data.purchase.products.map((p) => [p.product_id, p.listing_id])).toEqual([[p3, l3]]);

    const bill = await m.client.call(r.buyTrainBill, undefined, { lang: 'vi' });
    expect(bill.code, bill.raw).toBe(1);
    expect(bill.data.total).toBe(2);
    const byId = new Map(bill.data.list.map((p) => [p.id, p]));
    const sorted = (ps: Array<{ product_id: number; listing_id: number | null }>) =>
      ps.map((p) => [p.product_id, p.listing_id]).sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(sorted(byId.get(first.data.purchase.id)!.products)).toEqual(
      [
        [p1, l1],
        [p2, l2],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    expect(sorted(byId.get(second.data.purchase.id)!.products)).toEqual([[p3, l3]]);
    expect(byId.get(first.data.purchase.id)).toMatchObject({
      name: 'Gói đôi',
      price: '12.34',
      starts_at: new Date(startedAt).toISOString(),
      ends_at: new Date(startedAt + 3 * EXPRESS_DAY_MS).toISOString(),
      created_at: new Date(startedAt).toISOString(),
    });
    expect((await purchaseJournals(m.id)).map((j) => [j.ref_id, j.postings])).toEqual([
      [first.data.purchase.id, { [`wallet:${m.id}`]: -1_234, 'platform:revenue': 1_234 }],
      [second.data.purchase.id, { [`wallet:${m.id}`]: -1_234, 'platform:revenue': 1_234 }],
    ]);
    expect(
      (await noticesOf(t, m.id)).filter((n) => n.type === 'promotion_started').map((n) => n.params),
    ).toEqual([
      { package: 'Gói đôi', count: 2, ends_at: new Date(startedAt + 3 * EXPRESS_DAY_MS).toISOString() },
      {
        package: 'Gói đôi',
        count: 1,
        ends_at: new Date(startedAt + 60_000 + 3 * EXPRESS_DAY_MS).toISOString(),
      },
    ]);
    // The shop's train counts the three products featured now.
    expect((await m.client.call(r.train)).data.featured).toBe(3);
  });

  it('purchases racing for one product: the one that pays first features it; the others are refused at listing_ids, unpaid', async () => {
    const pkg = await newPackage(t, { price: '5.00', productCount: 1 });
    const { m, listings } = await shop('100.00', 1);
    const replies = await Promise.all([1, 2, 3].map(() => buy(m, pkg.id, [listings[0]!])));
    expect(replies.filter((res) => res.code === 1)).toHaveLength(1);
    const refused = replies.filter((res) => res.code !== 1);
    expect(refused).toHaveLength(2);
    for (const res of refused) {
      expectRefusal(res, 'ALREADY_FEATURED', 'listing_ids');
      expect(res.fields).toEqual({ listing_ids: 'This product is already featured' });
    }
    expect(await balanceOf(m)).toBe('95.00');
    expect(await purchaseJournals(m.id)).toHaveLength(1);
  });
});
