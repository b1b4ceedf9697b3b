import { MAX_ADD_IDS, catalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  newCategory,
  newProduct,
  newProducts,
  quotaState,
  setMerchantLevel,
  setProduct,
  uniqueWord,
} from '../../../test/catalogue';
import { expectRefusal } from '../../../test/client';
import { newMerchant, type TestMerchant } from '../../../test/factories';
import { checkLedger } from '../ledger/ledger.check';

const none = { quota: 0, listed: 0, inactive: 0, missing: 0 };

/**
 * Listing over HTTP: adding products within the quota (also when adds race), distributing a whole
 * category, search or the hot products, product management, on and off shelf, removal, and every
 * refusal, with another merchant's listings out of reach.
 */
describe(`listings (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  /** The merchant's listing ids, newest first. */
  async function listingIds(m: TestMerchant, status: 'all' | 'selling' | 'warehouse' = 'all') {
    const res = await m.client.call(r.manage, { status, limit: String(100) });
    expect(res.code, res.raw).toBe(1);
    return res.data.list.map((l) => l.id);
  }

  it('add lists products on shelf and counts each one skipped by why: listed, inactive, missing', async () => {
    const m = await newMerchant(t);
    const [a, b] = await newProducts(t, 2);
    const off = await newProduct(t, { active: false });
    const first = await m.client.call(r.add, { product_ids: [a!] });
    expect(first.data).toEqual({ added: 1, skipped: none, quota: { used: 1, total: 50 } });
    const second = await m.client.call(r.add, { product_ids: [a!, b!, off, 99_999_999] });
    expect(second.data).toEqual({
      added: 1,
      skipped: { quota: 0, listed: 1, inactive: 1, missing: 1 },
      quota: { used: 2, total: 50 },
    });
    // Twice the same id in one call is one product.
    const again = await m.client.call(r.add, { product_ids: [a!, a!] });
    expect(again.data.skipped).toEqual({ ...none, listed: 1 });
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 2, listings_used: 2 });
    const manage = await m.client.call(r.manage);
    expect(manage.data.list.map((l) => [l.product_id, l.status])).toEqual([
      [b, 'selling'],
      [a, 'selling'],
    ]);
  });

  it('the same product added twice, even at once, is skipped as listed and never duplicated', async () => {
    const m = await newMerchant(t);
    const product = await newProduct(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => m.client.call(r.add, { product_ids: [product] })),
    );
    expect(results.map((res) => res.code)).toEqual([1, 1, 1, 1, 1]);
    expect(results.reduce((sum, res) => sum + res.data.added, 0)).toBe(1);
    expect(results.reduce((sum, res) => sum + res.data.skipped.listed, 0)).toBe(4);
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 1, listings_used: 1 });
  });

  it('20 parallel adds at the quota edge end exactly at the quota', async () => {
    const m = await newMerchant(t);
    await setMerchantLevel(t, m.id, { quota: 12 });
    const products = await newProducts(t, 60);
    // 10 already listed: 2 left of the quota, then 20 calls of 2 or 3 products each at once.
    await m.client.call(r.add, { product_ids: products.slice(0, 10) });
    const rest = products.slice(10);
    const calls = Array.from({ length: 20 }, (_, i) =>
      m.client.call(r.add, {
        product_ids: i % 2 ? rest.slice(i * 2, i * 2 + 2) : [rest[i]!, rest[i + 20]!, rest[i + 25]!],
      }),
    );
    const results = await Promise.all(calls);
    for (const res of results) expect(res.code, res.raw).toBe(1);
    expect(results.reduce((sum, res) => sum + res.data.added, 0)).toBe(2);
    const state = await quotaState(t, m.id);
    expect(state).toMatchObject({ listings: 12, listings_used: 12, quota: 12 });
    // Every call reports the quota it saw at its turn: never above the total.
    for (const res of results) expect(res.data.quota.used).toBeLessThanOrEqual(12);
    const full = await m.client.call(r.add, { product_ids: [rest[49]!] });
    expect(full.data).toEqual({ added: 0, skipped: { ...none, quota: 1 }, quota: { used: 12, total: 12 } });
  });

  it('20 parallel adds of one product each, from an empty shop with quota 7, list exactly 7', async () => {
    const m = await newMerchant(t);
    await setMerchantLevel(t, m.id, { quota: 7 });
    const products = await newProducts(t, 20);
    const results = await Promise.all(products.map((id) => m.client.call(r.add, { product_ids: [id] })));
    expect(results.reduce((sum, res) => sum + res.data.added, 0)).toBe(7);
    expect(results.reduce((sum, res) => sum + res.data.skipped.quota, 0)).toBe(13);
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 7, listings_used: 7 });
  });

  it('add with no product answers SELECT_PRODUCT in the caller language; other bad bodies are refused', async () => {
    const m = await newMerchant(t);
    const en = await m.client.call(r.add, { product_ids: [] }, { lang: 'en' });
    expectRefusal(en, 'SELECT_PRODUCT', 'product_ids');
    expect(en.msg).toBe('Please select a product');
    const zh = await m.client.post(r.add.path, {}, { lang: 'zh-CN' });
    expectRefusal(zh, 'SELECT_PRODUCT', 'product_ids');
    expect(zh.msg).toBe('请选择商品');
    const vi = await m.client.post(r.add.path, { product_ids: [] });
    expect(vi.msg).toBe('Vui lòng chọn sản phẩm');
    for (const body of [
      { product_ids: ['1'] },
      { product_ids: [1.5] },
      { product_ids: [0] },
      { product_ids: 1 },
      { product_ids: [1], status: 'selling' },
      { product_ids: Array.from({ length: MAX_ADD_IDS + 1 }, (_, i) => i + 1) },
    ]) {
      const res = await m.client.post(r.add.path, body);
      expect(['INVALID_INPUT', 'SELECT_PRODUCT'], res.raw).toContain(res.error);
      expect(res.code).toBe(0);
    }
    expectRefusal(
      await m.client.post(r.add.path, { product_ids: [1], status: 'selling' }),
      'INVALID_INPUT',
      'status',
    );
    expectRefusal(await m.client.post(r.add.path, { product_ids: ['1'] }), 'INVALID_INPUT', 'product_ids.0');
    expectRefusal(await m.client.post(r.addAll.path, { keyword: 1 }), 'INVALID_INPUT', 'keyword');
    expectRefusal(await m.client.post(r.addAll.path, { category_id: 'x' }), 'INVALID_INPUT', 'category_id');
    expectRefusal(
      await m.client.post(r.addAll.path, { keyword: 'x'.repeat(101) }),
      'INVALID_INPUT',
      'keyword',
    );
    expectRefusal(await m.client.post(r.addAllHot.path, { all: true }), 'INVALID_INPUT', 'all');
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 0, listings_used: 0 });
  });

  it('a closed shop reads but cannot list, switch or remove', async () => {
    const m = await newMerchant(t);
    const product = await newProduct(t);
    await m.client.call(r.add, { product_ids: [product] });
    const [id] = await listingIds(m);
    await t.database.db.updateTable('merchants').set({ status: 'closed' }).where('id', '=', m.id).execute();
    expectRefusal(await m.client.call(r.add, { product_ids: [product] }), 'SHOP_CLOSED');
    expectRefusal(await m.client.call(r.addAllHot, {}), 'SHOP_CLOSED');
    expectRefusal(await m.client.call(r.setSwitch, { ids: [id!], status: 'warehouse' }), 'SHOP_CLOSED');
    expectRefusal(await m.client.call(r.del, { ids: [id!] }), 'SHOP_CLOSED');
    expect((await m.client.call(r.manage)).data.list.map((l) => l.status)).toEqual(['selling']);
  });

  it('addAll lists a category with its children, newest first, up to the room, skipping what is listed', async () => {
    const m = await newMerchant(t);
    await setMerchantLevel(t, m.id, { quota: 4 });
    const parent = await newCategory(t);
    const child = await newCategory(t, { parentId: parent });
    const p1 = await newProduct(t, { categoryId: parent });
    const p2 = await newProduct(t, { categoryId: child });
    await newProduct(t, { categoryId: child, active: false });
    const p3 = await newProduct(t, { categoryId: parent });
    const p4 = await newProduct(t, { categoryId: child });
    const p5 = await newProduct(t, { categoryId: child });
    await newProduct(t); // another category
    await m.client.call(r.add, { product_ids: [p4] });
    const res = await m.client.call(r.addAll, { category_id: parent });
    expect(res.data).toEqual({
      added: 3,
      skipped: { ...none, listed: 1, quota: 1 },
      quota: { used: 4, total: 4 },
    });
    const listed = (await m.client.call(r.manage)).data.list.map((l) => l.product_id).sort();
    // Newest first: p5 and p3 and p2 take the room; p1, the oldest, is left out.
    expect(listed).toEqual([p2, p3, p4, p5].sort());
    expect(listed).not.toContain(p1);
    const full = await m.client.call(r.addAll, { category_id: parent });
    expect(full.data).toEqual({
      added: 0,
      skipped: { ...none, listed: 4, quota: 1 },
      quota: { used: 4, total: 4 },
    });
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 4, listings_used: 4 });
  });

  it('addAll by keyword lists what the search finds; a child category only itself', async () => {
    const m = await newMerchant(t);
    const word = uniqueWord('all');
    const parent = await newCategory(t);
    const child = await newCategory(t, { parentId: parent });
    const hit = await newProduct(t, { categoryId: child, titles: { en: `Lamp ${word}` } });
    const hitElsewhere = await newProduct(t, { titles: { en: `Desk ${word}` } });
    await newProduct(t, { categoryId: child, titles: { en: 'Unrelated thing' } });
    const inParent = await newProduct(t, { categoryId: parent, titles: { en: `Chair ${word}` } });
    const both = await m.client.call(r.addAll, { keyword: word, category_id: child });
    expect(both.data.added).toBe(1);
    const byWord = await m.client.call(r.addAll, { keyword: ` ${word} ` });
    expect(byWord.data).toMatchObject({ added: 2, skipped: { ...none, listed: 1 } });
    const listed = (await m.client.call(r.manage)).data.list.map((l) => l.product_id).sort();
    expect(listed).toEqual([hit, hitElsewhere, inParent].sort());
  });

  it('addAllHot lists the hot active products best-selling first, up to the room', async () => {
    const m = await newMerchant(t);
    const hot = await m.client.call(r.hot, { limit: String(100) });
    const before = hot.data.total;
    // Make sure the best sellers are this test's products: sales above anything else made here.
    const top = await newProduct(t, { hot: true, sales: 5_000_000 });
    const second = await newProduct(t, { hot: true, sales: 4_000_000 });
    await newProduct(t, { hot: true, sales: 6_000_000, active: false });
    await newProduct(t, { sales: 7_000_000 });
    await setMerchantLevel(t, m.id, { quota: 2 });
    const res = await m.client.call(r.addAllHot, {});
    expect(res.data).toEqual({
      added: 2,
      skipped: { ...none, quota: before },
      quota: { used: 2, total: 2 },
    });
    const listed = (await m.client.call(r.manage)).data.list.map((l) => l.product_id);
    expect(listed.sort()).toEqual([top, second].sort());
  });

  it('manage: status filters, keyword, newest first, prices at the margin, sellable or why not, counts', async () => {
    const m = await newMerchant(t);
    const word = uniqueWord('mg');
    const a = await newProduct(t, {
      cost: '10.00',
      stock: 5,
      titles: { en: `Alpha ${word}`, vi: `Anpha ${word}` },
    });
    const b = await newProduct(t, { cost: '4.00', stock: 0, titles: { en: 'Beta bottle' } });
    const c = await newProduct(t, { cost: '7.50', stock: 9, titles: { en: 'Gamma glass' } });
    await m.client.call(r.add, { product_ids: [a, b, c] });
    await setProduct(t, c, { active: false });
    const [lc, lb, la] = await listingIds(m);
    await m.client.call(r.setSwitch, { ids: [lb!], status: 'warehouse' });

    const all = await m.client.call(r.manage, {}, { lang: 'vi' });
    expect(all.code, all.raw).toBe(1);
    expect(all.data).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(all.data.counts).toEqual({ selling: 2, warehouse: 1, quota: { used: 3, total: 50 } });
    expect(all.data.list).toEqual([
      expect.objectContaining({
        id: lc,
        product_id: c,
        title: 'Gamma glass',
        image: null,
        cost: '7.50',
        price: '8.63',
        profit: '1.13',
        stock: 9,
        status: 'selling',
        sellable: false,
        unsellable_reason: 'inactive',
        views: 0,
        sales: 0,
        recommended: false,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      }),
      expect.objectContaining({
        id: lb,
        status: 'warehouse',
        sellable: false,
        unsellable_reason: 'out_of_stock',
        price: '4.60',
        profit: '0.60',
      }),
      expect.objectContaining({
        id: la,
        title: `Anpha ${word}`,
        status: 'selling',
        sellable: true,
        unsellable_reason: null,
        price: '11.50',
        profit: '1.50',
      }),
    ]);
    expect(await listingIds(m, 'selling')).toEqual([lc, la]);
    expect(await listingIds(m, 'warehouse')).toEqual([lb]);
    const found = await m.client.call(r.manage, { keyword: word.slice(0, 6) });
    expect(found.data.list.map((l) => l.id)).toEqual([la]);
    expect(found.data.total).toBe(1);
    // The counts are the shop's, whatever the filter.
    expect(found.data.counts).toEqual(all.data.counts);
    const inWarehouse = await m.client.call(r.manage, { status: 'warehouse', keyword: 'bottle' });
    expect(inWarehouse.data.list.map((l) => l.id)).toEqual([lb]);
    const paged = await m.client.call(r.manage, { page: String(2), limit: String(2) });
    expect([paged.data.total, paged.data.list.map((l) => l.id)]).toEqual([3, [la]]);
  });

  it('manage refuses unknown fields, bad status, page and limit out of bounds, a keyword too long', async () => {
    const m = await newMerchant(t);
    for (const [query, field] of [
      [{ foo: '1' }, 'foo'],
      [{ status: 'sold' }, 'status'],
      [{ page: '0' }, 'page'],
      [{ limit: '101' }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ keyword: 'k'.repeat(101) }, 'keyword'],
    ] as Array<[Record<string, string>, string]>) {
      expectRefusal(await m.client.get(r.manage.path, query), 'INVALID_INPUT', field, JSON.stringify(query));
    }
  });

  it("setSwitch moves listings on and off shelf; another merchant's ids are NOT_FOUND and nothing changes", async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const products = await newProducts(t, 3);
    await m.client.call(r.add, { product_ids: products });
    await other.client.call(r.add, { product_ids: [products[0]!] });
    const mine = await listingIds(m);
    const [theirs] = await listingIds(other);

    const off = await m.client.call(r.setSwitch, { ids: mine.slice(0, 2), status: 'warehouse' });
    expect(off.data).toEqual({
      updated: 2,
      counts: { selling: 1, warehouse: 2, quota: { used: 3, total: 50 } },
    });
    // Already there: still counted as updated, nothing else moves.
    const again = await m.client.call(r.setSwitch, { ids: [mine[0]!], status: 'warehouse' });
    expect(again.data.updated).toBe(1);

    for (const ids of [[theirs!], [mine[2]!, theirs!], [mine[2]!, 99_999_999]]) {
      expectRefusal(await m.client.call(r.setSwitch, { ids, status: 'warehouse' }), 'NOT_FOUND');
    }
    expectRefusal(
      await other.client.call(r.setSwitch, { ids: [mine[2]!], status: 'warehouse' }),
      'NOT_FOUND',
    );
    expect(await listingIds(m, 'selling')).toEqual([mine[2]]);
    expect(await listingIds(other, 'selling')).toEqual([theirs]);

    const on = await m.client.call(r.setSwitch, { ids: mine, status: 'selling' });
    expect(on.data.counts).toMatchObject({ selling: 3, warehouse: 0 });

    expectRefusal(await m.client.call(r.setSwitch, { ids: [], status: 'selling' }), 'SELECT_PRODUCT', 'ids');
    expectRefusal(
      await m.client.post(r.setSwitch.path, { ids: mine, status: 'sold' }),
      'INVALID_INPUT',
      'status',
    );
    expectRefusal(await m.client.post(r.setSwitch.path, { ids: mine }), 'INVALID_INPUT', 'status');
    expectRefusal(
      await m.client.post(r.setSwitch.path, { ids: mine, status: 'selling', merchant_id: other.id }),
      'INVALID_INPUT',
      'merchant_id',
    );
    expectRefusal(await m.client.post(r.setSwitch.path, { ids: ['x'], status: 'selling' }), 'INVALID_INPUT');
  });

  it("del removes listings and gives the quota back; another merchant's ids are NOT_FOUND and nothing changes", async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const products = await newProducts(t, 3);
    await m.client.call(r.add, { product_ids: products });
    await other.client.call(r.add, { product_ids: products });
    const mine = await listingIds(m);
    const theirs = await listingIds(other);

    for (const ids of [[theirs[0]!], [mine[0]!, theirs[0]!], [mine[0]!, 99_999_999]]) {
      expectRefusal(await m.client.call(r.del, { ids }), 'NOT_FOUND');
    }
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 3, listings_used: 3 });
    expect(await quotaState(t, other.id)).toMatchObject({ listings: 3, listings_used: 3 });

    const removed = await m.client.call(r.del, { ids: mine.slice(0, 2) });
    expect(removed.data).toEqual({
      removed: 2,
      counts: { selling: 1, warehouse: 0, quota: { used: 1, total: 50 } },
    });
    expect(await quotaState(t, m.id)).toMatchObject({ listings: 1, listings_used: 1 });
    expect(await quotaState(t, other.id)).toMatchObject({ listings: 3, listings_used: 3 });
    // Removed twice: the second finds nothing of the merchant's.
    expectRefusal(await m.client.call(r.del, { ids: [mine[0]!] }), 'NOT_FOUND');
    expectRefusal(await m.client.call(r.detail, { id: String(mine[0]!) }), 'NOT_FOUND');
    // The product can be listed again, and it is the catalogue's, not gone.
    const back = await m.client.call(r.add, { product_ids: [products[2]!] });
    expect(back.data.added).toBe(1);
    expectRefusal(await m.client.call(r.del, { ids: [] }), 'SELECT_PRODUCT', 'ids');
    expectRefusal(await m.client.post(r.del.path, { ids: [1], all: true }), 'INVALID_INPUT', 'all');
  });

  it('parallel removes and adds keep the counter equal to the listings', async () => {
    const m = await newMerchant(t);
    await setMerchantLevel(t, m.id, { quota: 10 });
    const products = await newProducts(t, 20);
    await m.client.call(r.add, { product_ids: products.slice(0, 10) });
    const listed = await listingIds(m);
    const results = await Promise.all([
      ...listed.map((id) => m.client.call(r.del, { ids: [id] })),
      ...products.slice(10).map((id) => m.client.call(r.add, { product_ids: [id] })),
      ...listed.slice(0, 3).map((id) => m.client.call(r.del, { ids: [id] })),
    ]);
    for (const res of results)
      expect(['OK', 'NOT_FOUND'], res.raw).toContain(res.code === 1 ? 'OK' : res.error);
    const state = await quotaState(t, m.id);
    expect(state.listings_used).toBe(state.listings);
    expect(state.listings).toBeLessThanOrEqual(10);
  });

  it('finds a listing and a catalogue product whatever the case and accents of a non-ASCII title (Đèn / đèn / den)', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const word = uniqueWord('');
    const lamp = await newProduct(t, { titles: { vi: `Đèn bàn ${word}` }, mainLang: 'vi' });
    await m.client.call(r.add, { product_ids: [lamp] });
    const asVi = { lang: 'vi' };
    for (const keyword of [
      'đèn bàn',
      'ĐÈN BÀN',
      `đèn bàn ${word.toUpperCase()}`,
      'den ban',
      `DEN BAN ${word}`,
    ]) {
      const managed = await m.client.call(r.manage, { keyword }, asVi);
      expect(
        managed.data.list.map((l) => l.product_id),
        keyword,
      ).toContain(lamp);
    }
    // Two letters hold no trigram: the short path scans, folding case the same way.
    const short = await m.client.call(r.product, { keyword: 'Đè', limit: '100' }, asVi);
    expect(short.data.list.map((p) => p.id)).toContain(lamp);
    const long = await m.client.call(r.product, { keyword: `ĐÈN BÀN ${word}` }, asVi);
    expect(long.data.list.map((p) => p.id)).toEqual([lamp]);
    expect(long.data.total_capped).toBe(false);
    const bare = await m.client.call(r.product, { keyword: `den ban ${word}` }, asVi);
    expect(bare.data.list.map((p) => p.id)).toEqual([lamp]);
    // Another merchant's shop holds no such listing: its search finds none of this merchant's.
    const theirs = await other.client.call(r.manage, { keyword: `den ban ${word}` }, asVi);
    expect(theirs.data.list).toEqual([]);
  });
});
