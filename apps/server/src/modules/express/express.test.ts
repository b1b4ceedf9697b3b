import { randomUUID } from 'node:crypto';
import { catalogueRoutes as c } from '@dropdesk/contract/catalogue';
import { adminExpressRoutes as a, EXPRESS_DAY_MS, expressRoutes as r } from '@dropdesk/contract/express';
import { storeRoutes as s } from '@dropdesk/contract/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newProduct, setProduct } from '../../../test/catalogue';
import { type Client, expectRefusal } from '../../../test/client';
import { newPackage } from '../../../test/express';
import { creditWallet, newMerchant, newOperator, type TestMerchant } from '../../../test/factories';
import { withPostings } from '../../../test/orders';
import { noticesOf } from '../../../test/services';
import { guest, onShelf } from '../../../test/store';
import { balanceOf } from '../../../test/wallet';
import { checkLedger } from '../ledger/ledger.check';
import { OrderJobs } from '../orders/order-jobs';
import type { PackageRow } from './express.repository';

/**
 * The shop express lane over HTTP: the packages on sale, a purchase paid through the ledger
 * (payment password, Idempotency-Key), what it changes (the recommended flag of exactly the products
 * featured, their place first in the storefront) until the clock passes its end, the records, every
 * refusal, and the operators' packages.
 */
describe(`express lane (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let pkg: PackageRow;
  beforeAll(async () => {
    t = await buildTestApp();
    pkg = await newPackage(t, {
      names: { en: 'Weekly spotlight', vi: 'Tiêu điểm tuần' },
      price: '50.00',
      days: 7,
      productCount: 2,
      sort: 1,
    });
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const db = () => t.database.db;
  const buy = (m: { client: Client }, id: number, listing_ids: number[], key?: string) =>
    m.client.call(
      r.buyTrain,
      { id, pay_password: '123456', listing_ids },
      { lang: 'en', ...(key ? { idempotencyKey: key } : {}) },
    );

  /** A merchant with `balance`, payment password 123456, and `n` products on shelf (oldest first). */
  async function shop(balance: string, n = 3): Promise<{ m: TestMerchant; listings: number[] }> {
    const m = await newMerchant(t, { balance, payPassword: '123456' });
    const listings: number[] = [];
    for (let i = 0; i < n; i++) listings.push((await onShelf(t, { merchant: m })).listingId);
    return { m, listings };
  }

  const purchaseJournals = async (merchantId: number) =>
    withPostings(
      t,
      await db()
        .selectFrom('journals')
        .select(['id', 'type', 'merchant_id', 'ref_type', 'ref_id'])
        .where('merchant_id', '=', merchantId)
        .where('type', '=', 'express_purchase')
        .orderBy('id')
        .execute(),
    );

  /** product management's recommended flags, by listing id. */
  async function recommended(m: TestMerchant) {
    const res = await m.client.call(c.manage, { limit: '100' });
    return Object.fromEntries(res.data.list.map((l) => [l.id, l.recommended]));
  }

  /** The storefront's shelf of the shop, as ids in order, with the recommended flags. */
  async function shelf(m: TestMerchant) {
    const res = await guest(t).call(s.products, { shop: String(m.id), limit: '100' });
    return res.data.list.map((p) => [p.id, p.recommended]);
  }

  it('train: the packages on sale in display order, named in the caller language, and the products featured now', async () => {
    const off = await newPackage(t, { active: false, sort: 0 });
    const { m, listings } = await shop('100.00', 1);
    const res = await m.client.call(r.train, undefined, { lang: 'vi' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data.list.map((p) => p.id)).not.toContain(off.id);
    expect(res.data.list.find((p) => p.id === pkg.id)).toEqual({
      id: pkg.id,
      name: 'Tiêu điểm tuần',
      price: '50.00',
      days: 7,
      product_count: 2,
    });
    // A language the package has no name in falls back to its main language.
    const ko = await m.client.call(r.train, undefined, { lang: 'ko' });
    expect(ko.data.list.find((p) => p.id === pkg.id)?.name).toBe('Weekly spotlight');
    expect(res.data.featured).toBe(0);
    expect((await buy(m, pkg.id, [listings[0]!])).code).toBe(1);
    expect((await m.client.call(r.train)).data.featured).toBe(1);
  });

  it('buy: one journal wallet → revenue, the purchase, the recommended flag on exactly those products, first in the storefront, a notice', async () => {
    const { m, listings } = await shop('120.00', 4);
    const [l1, l2, l3, l4] = listings as [number, number, number, number];
    // Newest first before any purchase.
    expect((await shelf(m)).map(([id]) => id)).toEqual([l4, l3, l2, l1]);
    const revenue = async () =>
      Number(
        (
          await db()
            .selectFrom('accounts')
            .select('balance')
            .where('key', '=', 'platform:revenue')
            .executeTakeFirst()
        )?.balance ?? 0,
      );
    const revenueBefore = await revenue();

    const res = await buy(m, pkg.id, [l2, l1]);
    expect(res.code, res.raw).toBe(1);
    const now = t.clock.now();
    expect(res.data).toEqual({
      purchase: {
        id: expect.any(Number),
        package_id: pkg.id,
        name: 'Weekly spotlight',
        price: '50.00',
        days: 7,
        product_count: 2,
        starts_at: new Date(now).toISOString(),
        ends_at: new Date(now + 7 * EXPRESS_DAY_MS).toISOString(),
        state: 'active',
        products: expect.any(Array),
        created_at: new Date(now).toISOString(),
      },
      balance: '70.00',
    });
    expect(res.data.purchase.products.map((p) => p.listing_id).sort()).toEqual([l1, l2].sort());
    expect(res.data.purchase.products[0]!.title).toMatch(/\w/);
    const purchaseId = res.data.purchase.id;
    expect(await purchaseJournals(m.id)).toEqual([
      {
        id: expect.any(Number),
        type: 'express_purchase',
        merchant_id: m.id,
        ref_type: 'express_purchase',
        ref_id: purchaseId,
        postings: { [`wallet:${m.id}`]: -5_000, 'platform:revenue': 5_000 },
      },
    ]);
    expect((await revenue()) - revenueBefore).toBe(5_000);
    expect(await balanceOf(m)).toBe('70.00');
    const row = await db()
      .selectFrom('express_purchases')
      .selectAll()
      .where('id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(row.journal_id).toBe((await purchaseJournals(m.id))[0]!.id);

    expect(await recommended(m)).toEqual({ [l1]: true, [l2]: true, [l3]: false, [l4]: false });
    expect(await shelf(m)).toEqual([
      [l2, true],
      [l1, true],
      [l4, false],
      [l3, false],
    ]);
    // The product page says so too.
    expect((await guest(t).call(s.product, { id: String(l1) })).data.recommended).toBe(true);
    expect((await guest(t).call(s.product, { id: String(l3) })).data.recommended).toBe(false);

    expect((await noticesOf(t, m.id)).filter((n) => n.type === 'promotion_started')).toEqual([
      {
        type: 'promotion_started',
        title_key: 'notice.promotion_started',
        params: {
          package: 'Weekly spotlight',
          count: 2,
          ends_at: new Date(now + 7 * EXPRESS_DAY_MS).toISOString(),
        },
        ref_type: 'express_purchase',
        ref_id: purchaseId,
      },
    ]);
    // It buys visibility, never orders or visits.
    expect(await db().selectFrom('orders').select('id').where('merchant_id', '=', m.id).execute()).toEqual(
      [],
    );
    expect(
      await db().selectFrom('shop_visits').select('day').where('merchant_id', '=', m.id).execute(),
    ).toEqual([]);
    // Fewer products than the package features is allowed.
    expect((await buy(m, pkg.id, [l3])).data.purchase.products).toHaveLength(1);
    expect(await balanceOf(m)).toBe('20.00');
  });

  it('expiry by the clock: recommended ends at ends_at; the job ends the purchase and tells the merchant once', async () => {
    const short = await newPackage(t, { days: 1, productCount: 1, price: '5.00' });
    const { m, listings } = await shop('5.00', 2);
    const [l1, l2] = listings as [number, number];
    const bought = await buy(m, short.id, [l1]);
    expect(bought.code, bought.raw).toBe(1);
    t.clock.advance(EXPRESS_DAY_MS - 1);
    expect((await recommended(m))[l1]).toBe(true);
    expect((await shelf(m))[0]).toEqual([l1, true]);
    t.clock.advance(1);
    // At ends_at, by the clock alone: the job has not run.
    expect(await recommended(m)).toEqual({ [l1]: false, [l2]: false });
    expect(await shelf(m)).toEqual([
      [l2, false],
      [l1, false],
    ]);
    const bill = await m.client.call(r.buyTrainBill);
    expect(bill.data.list.map((p) => p.state)).toEqual(['expired']);
    expect((await noticesOf(t, m.id)).map((n) => n.type)).not.toContain('promotion_ended');

    const jobs = new OrderJobs({ db: db(), clock: t.clock });
    const first = await jobs.runOnce();
    expect(first.promotionsEnded).toBeGreaterThanOrEqual(1);
    const row = await db()
      .selectFrom('express_purchases')
      .select(['ended_at', 'ends_at'])
      .where('id', '=', bought.data.purchase.id)
      .executeTakeFirstOrThrow();
    expect(row.ended_at).toBe(t.clock.now());
    // Two runs, two instances: told once.
    expect((await jobs.runOnce()).promotionsEnded).toBe(0);
    expect((await new OrderJobs({ db: db(), clock: t.clock }).runOnce()).promotionsEnded).toBe(0);
    expect((await noticesOf(t, m.id)).filter((n) => n.type === 'promotion_ended')).toEqual([
      {
        type: 'promotion_ended',
        title_key: 'notice.promotion_ended',
        params: { package: JSON.parse(short.names).en, ends_at: new Date(row.ends_at).toISOString() },
        ref_type: 'express_purchase',
        ref_id: bought.data.purchase.id,
      },
    ]);
    // The same product can be featured again once its promotion is over.
    await creditWallet(t, m.id, '5.00');
    expect((await buy(m, short.id, [l1])).code).toBe(1);
    expect((await recommended(m))[l1]).toBe(true);
  });

  it('a retry with the same Idempotency-Key replays the answer and has one effect', async () => {
    const { m, listings } = await shop('200.00', 2);
    const key = randomUUID();
    const first = await buy(m, pkg.id, [listings[0]!], key);
    const retry = await buy(m, pkg.id, [listings[0]!], key);
    expect(first.code, first.raw).toBe(1);
    expect(retry.raw).toBe(first.raw);
    expect(await purchaseJournals(m.id)).toHaveLength(1);
    expect(await balanceOf(m)).toBe('150.00');
    expect(
      await db().selectFrom('express_purchases').select('id').where('merchant_id', '=', m.id).execute(),
    ).toHaveLength(1);
    // The same key with another body is refused; no key at all too.
    expectRefusal(await buy(m, pkg.id, [listings[1]!], key), 'IDEMPOTENCY_KEY_REUSED');
    expectRefusal(
      await m.client.call(
        r.buyTrain,
        { id: pkg.id, pay_password: '123456', listing_ids: [listings[1]!] },
        { idempotencyKey: null },
      ),
      'IDEMPOTENCY_KEY_REQUIRED',
    );
    expect(await balanceOf(m)).toBe('150.00');
  });

  it('20 parallel purchases with a balance for one: one succeeds, the others are short, one journal', async () => {
    const { m, listings } = await shop('50.00', 20);
    const results = await Promise.all(listings.map((id) => buy(m, pkg.id, [id])));
    const outcomes = results.map((res) => (res.code === 1 ? 'OK' : res.error));
    expect(outcomes.filter((o) => o === 'OK')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'OK')).toEqual(Array(19).fill('PACKAGE_BALANCE_SHORT'));
    expect(await purchaseJournals(m.id)).toHaveLength(1);
    expect(await balanceOf(m)).toBe('0.00');
    expect(Object.values(await recommended(m)).filter(Boolean)).toHaveLength(1);
    expect(
      await db()
        .selectFrom('express_featured')
        .select('product_id')
        .where('merchant_id', '=', m.id)
        .execute(),
    ).toHaveLength(1);
  });

  it('parallel purchases of the same product with money for all: one features it, the others ALREADY_FEATURED', async () => {
    const { m, listings } = await shop('500.00', 1);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => buy(m, pkg.id, [listings[0]!])));
    const outcomes = results.map((res) => (res.code === 1 ? 'OK' : res.error)).sort();
    expect(outcomes).toEqual([
      'ALREADY_FEATURED',
      'ALREADY_FEATURED',
      'ALREADY_FEATURED',
      'ALREADY_FEATURED',
      'OK',
    ]);
    expect(await purchaseJournals(m.id)).toHaveLength(1);
    expect(await balanceOf(m)).toBe('450.00');
  });

  it('each refusal by its key and field, and nothing changes', async () => {
    const { m, listings } = await shop('60.00', 3);
    const [l1, l2, l3] = listings as [number, number, number];
    const other = await shop('100.00', 1);
    const off = await newPackage(t, { active: false });
    await m.client.call(c.setSwitch, { ids: [l3], status: 'warehouse' });
    const inactive = await onShelf(t, { merchant: m });
    await setProduct(t, inactive.productId, { active: false });
    const post = (body: unknown) =>
      m.client.post(r.buyTrain.path, body, { headers: { 'Idempotency-Key': randomUUID() } });

    const cases: Array<[unknown, string, string | undefined]> = [
      [{ id: pkg.id, pay_password: '123456' }, 'SELECT_PRODUCT', 'listing_ids'],
      [{ id: pkg.id, pay_password: '123456', listing_ids: [] }, 'SELECT_PRODUCT', 'listing_ids'],
      [
        { id: pkg.id, pay_password: '123456', listing_ids: Array.from({ length: 101 }, (_, i) => i + 1) },
        'INVALID_INPUT',
        'listing_ids',
      ],
      [{ id: 'x', pay_password: '123456', listing_ids: [l1] }, 'INVALID_INPUT', 'id'],
      [{ id: pkg.id, pay_password: '123456', listing_ids: [l1], price: '0.01' }, 'INVALID_INPUT', 'price'],
      [{ id: pkg.id, listing_ids: [l1] }, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
      [{ id: pkg.id, pay_password: '12ab56', listing_ids: [l1] }, 'PAY_PASSWORD_FORMAT', 'pay_password'],
      [{ id: 99_999_999, pay_password: '123456', listing_ids: [l1] }, 'NOT_FOUND', undefined],
      [{ id: off.id, pay_password: '123456', listing_ids: [l1] }, 'PACKAGE_NOT_ON_SALE', undefined],
      [{ id: pkg.id, pay_password: '123456', listing_ids: [l1, l2, l3] }, 'TOO_MANY_PRODUCTS', 'listing_ids'],
      [{ id: pkg.id, pay_password: '123456', listing_ids: [l3] }, 'NOT_ON_SHELF', 'listing_ids'],
      [
        { id: pkg.id, pay_password: '123456', listing_ids: [inactive.listingId] },
        'NOT_ON_SHELF',
        'listing_ids',
      ],
      [
        { id: pkg.id, pay_password: '123456', listing_ids: [l1, other.listings[0]!] },
        'NOT_FOUND',
        'listing_ids',
      ],
      [{ id: pkg.id, pay_password: '123456', listing_ids: [99_999_999] }, 'NOT_FOUND', 'listing_ids'],
    ];
    for (const [body, key, field] of cases) expectRefusal(await post(body), key, field, JSON.stringify(body));

    const tooMany = await m.client.call(
      r.buyTrain,
      { id: pkg.id, pay_password: '123456', listing_ids: [l1, l2, l3] },
      { lang: 'en' },
    );
    expect(tooMany.msg).toBe('This package features at most 2 products');

    // Short: says how much is missing.
    const dear = await newPackage(t, { price: '75.50', productCount: 1 });
    const short = await m.client.call(
      r.buyTrain,
      { id: dear.id, pay_password: '123456', listing_ids: [l1] },
      { lang: 'en' },
    );
    expectRefusal(short, 'PACKAGE_BALANCE_SHORT');
    expect(short.msg).toBe("Your balance is 15.50 short of this package's price");

    expect(await balanceOf(m)).toBe('60.00');
    expect(await purchaseJournals(m.id)).toEqual([]);
    expect(
      await db().selectFrom('express_purchases').select('id').where('merchant_id', '=', m.id).execute(),
    ).toEqual([]);
    expect(Object.values(await recommended(m)).some(Boolean)).toBe(false);
    expect((await noticesOf(t, m.id)).map((n) => n.type)).not.toContain('promotion_started');

    // A product featured already can't be bought again while it is.
    expect((await buy(m, pkg.id, [l1])).code).toBe(1);
    expectRefusal(await buy(m, pkg.id, [l2, l1]), 'ALREADY_FEATURED', 'listing_ids');
    expect(await balanceOf(m)).toBe('10.00');
    // Another merchant's products stay theirs: nothing of theirs changed.
    expect(Object.values(await recommended(other.m)).some(Boolean)).toBe(false);
  });

  it('the payment password: wrong, never set, then locked after 5 wrong ones; nothing is paid', async () => {
    const { m, listings } = await shop('100.00', 1);
    const wrong = (pw: string) =>
      m.client.call(
        r.buyTrain,
        { id: pkg.id, pay_password: pw, listing_ids: [listings[0]!] },
        { lang: 'en' },
      );
    const first = await wrong('654321');
    expectRefusal(first, 'WRONG_PAY_PASSWORD', 'pay_password');
    expect(first.msg).toBe('Incorrect payment password, 4 attempts left');
    for (let i = 0; i < 4; i++) await wrong('654321');
    expectRefusal(await wrong('123456'), 'PAY_PASSWORD_LOCKED', 'pay_password');
    const unset = await newMerchant(t, { balance: '100.00' });
    const item = await onShelf(t, { merchant: unset });
    expectRefusal(await buy(unset, pkg.id, [item.listingId]), 'PAY_PASSWORD_NOT_SET', 'pay_password');
    expect(await balanceOf(m)).toBe('100.00');
    expect(await purchaseJournals(m.id)).toEqual([]);
  });

  it('a closed shop can read but not buy (SHOP_CLOSED)', async () => {
    const { m, listings } = await shop('100.00', 1);
    await db().updateTable('merchants').set({ status: 'closed' }).where('id', '=', m.id).execute();
    expectRefusal(await buy(m, pkg.id, [listings[0]!]), 'SHOP_CLOSED');
    expect((await m.client.call(r.train)).code).toBe(1);
    expect((await m.client.call(r.buyTrainBill)).code).toBe(1);
    expect(await balanceOf(m)).toBe('100.00');
  });

  it("buy_train_bill: the merchant's own purchases, newest first, by state, products titled, a removed listing kept by product", async () => {
    const short = await newPackage(t, {
      days: 1,
      productCount: 1,
      price: '1.00',
      names: { en: 'Day pass', ja: 'デイパス' },
    });
    const { m, listings } = await shop('100.00', 3);
    const [l1, l2, l3] = listings as [number, number, number];
    const productId = (
      await db().selectFrom('listings').select('product_id').where('id', '=', l3).executeTakeFirstOrThrow()
    ).product_id;
    const old = await buy(m, short.id, [l1]);
    t.clock.advance(EXPRESS_DAY_MS);
    const current = await buy(m, pkg.id, [l2, l3]);
    await m.client.call(c.del, { ids: [l3] });
    const other = await shop('100.00', 1);
    await buy(other.m, pkg.id, [other.listings[0]!]);

    const all = await m.client.call(r.buyTrainBill, undefined, { lang: 'ja' });
    expect(all.code, all.raw).toBe(1);
    expect(all.data).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(all.data.list.map((p) => [p.id, p.name, p.price, p.state])).toEqual([
      [current.data.purchase.id, 'Weekly spotlight', '50.00', 'active'],
      [old.data.purchase.id, 'デイパス', '1.00', 'expired'],
    ]);
    const featured = all.data.list[0]!.products;
    expect(featured.find((p) => p.product_id === productId)).toMatchObject({ listing_id: null });
    expect(featured.find((p) => p.listing_id === l2)?.title).toMatch(/\w/);
    // Removing the listing does not end the purchase: the product is featured again if re-listed.
    expect((await m.client.call(r.buyTrainBill, { state: 'active' })).data.list.map((p) => p.id)).toEqual([
      current.data.purchase.id,
    ]);
    expect((await m.client.call(r.buyTrainBill, { state: 'expired' })).data.list.map((p) => p.id)).toEqual([
      old.data.purchase.id,
    ]);
    const paged = await m.client.call(r.buyTrainBill, { limit: '1', page: '2' });
    expect(paged.data).toMatchObject({ total: 2, page: 2, limit: 1, list: [{ id: old.data.purchase.id }] });
    expectRefusal(await m.client.get(r.buyTrainBill.path, { state: 'soon' }), 'INVALID_INPUT', 'state');
    expectRefusal(await m.client.get(r.buyTrainBill.path, { limit: '1e1' }), 'INVALID_INPUT', 'limit');
  });

  it('operators: catalogue and admin roles manage packages; terms apply to later purchases; off sale stops sales, not running promotions', async () => {
    const admin = await newOperator(t, 'admin');
    const catalogue = await newOperator(t, 'catalogue');
    for (const role of ['reviewer', 'support'] as const) {
      const op = await newOperator(t, role);
      expectRefusal(await op.call(a.packages), 'FORBIDDEN');
      expectRefusal(
        await op.call(a.createPackage, {
          main_lang: 'en',
          names: { en: 'X' },
          price: '1.00',
          days: 1,
          product_count: 1,
        }),
        'FORBIDDEN',
      );
      expectRefusal(await op.call(a.disablePackage, { id: pkg.id }), 'FORBIDDEN');
    }
    const { m, listings } = await shop('100.00', 2);
    expectRefusal(await m.client.get(a.packages.path), 'UNAUTHORIZED');

    const created = await catalogue.call(a.createPackage, {
      main_lang: 'vi',
      names: { vi: 'Gói thử', en: 'Trial' },
      price: '9.99',
      days: 2,
      product_count: 1,
    });
    expect(created.code, created.raw).toBe(1);
    expect(created.data).toMatchObject({
      main_lang: 'vi',
      names: { vi: 'Gói thử', en: 'Trial' },
      price: '9.99',
      days: 2,
      product_count: 1,
      active: true,
      sort: 0,
      sold: 0,
    });
    const id = created.data.id;
    for (const [body, key, field] of [
      [
        { main_lang: 'en', names: { vi: 'x' }, price: '1.00', days: 1, product_count: 1 },
        'INVALID_INPUT',
        'names',
      ],
      [
        { main_lang: 'en', names: { en: 'x' }, price: '0', days: 1, product_count: 1 },
        'CANNOT_BE_ZERO',
        'price',
      ],
      [
        { main_lang: 'en', names: { en: 'x' }, price: '1.00', days: 0, product_count: 1 },
        'INVALID_INPUT',
        'days',
      ],
      [
        { main_lang: 'en', names: { en: 'x' }, price: '1.00', days: 366, product_count: 1 },
        'INVALID_INPUT',
        'days',
      ],
      [
        { main_lang: 'en', names: { en: 'x' }, price: '1.00', days: 1, product_count: 101 },
        'INVALID_INPUT',
        'product_count',
      ],
      [
        { main_lang: 'en', names: { en: 'x' }, price: '1.00', days: 1.5, product_count: 1 },
        'INVALID_INPUT',
        'days',
      ],
    ] as const)
      expectRefusal(await admin.post(a.createPackage.path, body), key, field, JSON.stringify(body));

    const bought = await buy(m, id, [listings[0]!]);
    expect(bought.data.purchase).toMatchObject({ price: '9.99', days: 2, product_count: 1 });
    const updated = await admin.call(a.updatePackage, {
      id,
      price: '19.99',
      product_count: 2,
      names: { en: 'Trial+' },
    });
    expect(updated.data).toMatchObject({
      price: '19.99',
      product_count: 2,
      names: { vi: 'Gói thử', en: 'Trial+' },
      sold: 1,
    });
    expectRefusal(await admin.call(a.updatePackage, { id, main_lang: 'ko' }), 'INVALID_INPUT', 'names');
    expectRefusal(await admin.call(a.updatePackage, { id: 99_999_999, price: '1.00' }), 'NOT_FOUND');
    // What was bought keeps its terms.
    const bill = await m.client.call(r.buyTrainBill, undefined, { lang: 'en' });
    expect(bill.data.list[0]).toMatchObject({ name: 'Trial', price: '9.99', product_count: 1 });

    const disabled = await catalogue.call(a.disablePackage, { id });
    expect(disabled.data.active).toBe(false);
    expect((await m.client.call(r.train)).data.list.map((p) => p.id)).not.toContain(id);
    expectRefusal(await buy(m, id, [listings[1]!]), 'PACKAGE_NOT_ON_SALE');
    expect((await recommended(m))[listings[0]!]).toBe(true);
    expectRefusal(await admin.call(a.disablePackage, { id: 99_999_999 }), 'NOT_FOUND');
    expectRefusal(await admin.post(a.disablePackage.path, { id: 'x' }), 'INVALID_INPUT', 'id');
    const listed = await admin.call(a.packages);
    expect(listed.data.find((p) => p.id === id)).toMatchObject({ active: false, sold: 1 });
    // Back on sale through update.
    expect((await admin.call(a.updatePackage, { id, active: true })).data.active).toBe(true);
    const audit = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'express_package')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((x) => x.action)).toEqual([
      'express_package.create',
      'express_package.update',
      'express_package.update',
      'express_package.update',
    ]);
  });

  it('a product re-listed during its promotion is featured again; a fresh product is not', async () => {
    const { m, listings } = await shop('100.00', 1);
    const productId = (
      await db()
        .selectFrom('listings')
        .select('product_id')
        .where('id', '=', listings[0]!)
        .executeTakeFirstOrThrow()
    ).product_id;
    expect((await buy(m, pkg.id, [listings[0]!])).code).toBe(1);
    await m.client.call(c.del, { ids: [listings[0]!] });
    await m.client.call(c.add, { product_ids: [productId, await newProduct(t)] });
    const flags = Object.values(await recommended(m));
    expect(flags.sort()).toEqual([false, true]);
  });
});
