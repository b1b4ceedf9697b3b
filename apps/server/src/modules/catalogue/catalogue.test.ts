import { catalogueRoutes as r, SEARCH_COUNT_CAP } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import {
  newCategory,
  newImage,
  newProduct,
  newProducts,
  setMerchantLevel,
  setProduct,
  uniqueWord,
} from '../../../test/catalogue';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant } from '../../../test/factories';
import { catalogues } from '../../i18n/t';
import { checkLedger } from '../ledger/ledger.check';

/** The same product's title in the seven languages, and a word of each to search for. */
const TITLES: Record<Lang, { title: string; word: string }> = {
  'zh-CN': { title: '无线蓝牙耳机 降噪版', word: '蓝牙耳' },
  en: { title: 'Wireless Bluetooth Headphones', word: 'bluetooth' },
  ko: { title: '무선 블루투스 헤드폰', word: '블루투스' },
  ja: { title: 'ワイヤレスブルートゥースヘッドホン', word: 'ブルートゥース' },
  th: { title: 'หูฟังบลูทูธไร้สาย', word: 'ไร้สาย' },
  vi: { title: 'Tai nghe Bluetooth không dây', word: 'không dây' },
  tr: { title: 'Kablosuz Bluetooth kulaklık', word: 'kulaklık' },
};

/**
 * The distribution centre's reads over HTTP: the category tree, catalogue search (full text on each
 * engine, in the caller's and the product's main language), hot products and a product's detail,
 * priced at the merchant's margin, and every bad input refused by its key.
 */
describe(`catalogue reads (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const ids = (res: { data: { list: Array<{ id: number }> } }) => res.data.list.map((i) => i.id);

  it('category: the tree in the caller language, else each category main language, children under parents', async () => {
    const m = await newMerchant(t);
    const parent = await newCategory(t, { mainLang: 'en', names: { en: 'Audio', vi: 'Âm thanh' }, sort: 1 });
    const childA = await newCategory(t, {
      parentId: parent,
      mainLang: 'en',
      names: { en: 'Headphones' },
      sort: 2,
    });
    const childB = await newCategory(t, {
      parentId: parent,
      mainLang: 'zh-CN',
      names: { 'zh-CN': '音箱', vi: 'Loa' },
      sort: 1,
    });
    const vi = await m.client.call(r.category, undefined, { lang: 'vi' });
    expect(vi.code, vi.raw).toBe(1);
    const node = vi.data.find((c) => c.id === parent);
    expect(node).toEqual({
      id: parent,
      name: 'Âm thanh',
      children: [
        { id: childB, name: 'Loa' },
        { id: childA, name: 'Headphones' },
      ],
    });
    // A child is never a root.
    expect(vi.data.map((c) => c.id)).not.toContain(childA);
    const ja = await m.client.call(r.category, undefined, { lang: 'ja' });
    expect(ja.data.find((c) => c.id === parent)?.children).toEqual([
      { id: childB, name: '音箱' },
      { id: childA, name: 'Headphones' },
    ]);
  });

  it('every merchant call needs a session', async () => {
    const anon = new Client(t.app);
    for (const row of Object.values(r)) {
      const res =
        row.method === 'GET' ? await anon.get(row.path) : await anon.post(row.path, {}, { headers: {} });
      expect([res.status, res.error], row.path).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('search finds a product by a word of its title in each of the 7 languages (CJK substring, Thai, case-insensitive)', async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const titles = Object.fromEntries(Object.entries(TITLES).map(([lang, v]) => [lang, v.title]));
    const product = await newProduct(t, { categoryId: category, mainLang: 'en', titles });
    const other = await newProduct(t, { categoryId: category, titles: { en: 'Kitchen knife set' } });
    for (const [lang, { title, word }] of Object.entries(TITLES) as Array<[Lang, (typeof TITLES)[Lang]]>) {
      const res = await m.client.call(r.product, { keyword: word, category_id: String(category) }, { lang });
      expect(res.code, res.raw).toBe(1);
      expect(ids(res), `${lang}: ${word}`).toEqual([product]);
      expect(res.data.list[0]?.title).toBe(title);
      expect(res.data.total).toBe(1);
    }
    // Upper case finds lower case on both engines.
    const upper = await m.client.call(
      r.product,
      { keyword: 'BLUETOOTH', category_id: String(category) },
      { lang: 'en' },
    );
    expect(ids(upper)).toEqual([product]);
    // Without a keyword the category lists both, newest first.
    const all = await m.client.call(r.product, { category_id: String(category) });
    expect(ids(all)).toEqual([other, product]);
  });

  it('search ignores case and accents: "viet", "VIỆT" and "dien thoai" find Điện thoại, on the index and on a short scan', async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const phone = await newProduct(t, {
      categoryId: category,
      mainLang: 'vi',
      titles: { vi: 'Điện thoại Việt Nam màu ĐỎ' },
    });
    const lamp = await newProduct(t, { categoryId: category, mainLang: 'vi', titles: { vi: 'Đèn bàn học' } });
    const city = await newProduct(t, {
      categoryId: category,
      mainLang: 'tr',
      titles: { tr: 'İstanbul kahve fincanı' },
    });
    const search = async (keyword: string, lang: Lang = 'vi') =>
      ids(await m.client.call(r.product, { keyword, category_id: String(category) }, { lang }));
    for (const keyword of ['viet', 'VIỆT', 'Việt', 'việt nam', 'dien thoai', 'ĐIỆN THOẠI', 'điên thoai'])
      expect(await search(keyword), keyword).toEqual([phone]);
    // Shorter than a trigram once folded: the scan of the folded titles answers it.
    expect(await search('đỏ'), 'đỏ').toEqual([phone]);
    expect(await search('DO'), 'DO').toEqual([phone]);
    expect(await search('den ban')).toEqual([lamp]);
    // Another language's reader finds the product by its main language's title, folded too.
    expect(await search('viet nam', 'en')).toEqual([phone]);
    expect(await search('istanbul', 'en')).toEqual([city]);
    expect(await search('FİNCAN', 'tr')).toEqual([city]);
    // Folding does not make everything match: another word finds nothing.
    expect(await search('dien may')).toEqual([]);
  });

  it("search matches the caller's language and the product's main language, not a third language", async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const chineseOnly = await newProduct(t, {
      categoryId: category,
      mainLang: 'zh-CN',
      titles: { 'zh-CN': '智能手表运动版' },
    });
    const koreanAside = await newProduct(t, {
      categoryId: category,
      mainLang: 'en',
      titles: { en: 'Ceramic coffee mug', ko: '세라믹 머그컵' },
    });
    // Vietnamese has no text: the main language's title is searched and shown.
    const vi = await m.client.call(
      r.product,
      { keyword: '手表运', category_id: String(category) },
      { lang: 'vi' },
    );
    expect(ids(vi)).toEqual([chineseOnly]);
    expect(vi.data.list[0]?.title).toBe('智能手表运动版');
    // Korean is neither the caller's language (vi) nor the main one (en): not matched.
    const ko = await m.client.call(
      r.product,
      { keyword: '머그컵', category_id: String(category) },
      { lang: 'vi' },
    );
    expect(ids(ko)).toEqual([]);
    // As a Korean caller it is, and the Korean title is shown.
    const asKo = await m.client.call(
      r.product,
      { keyword: '머그컵', category_id: String(category) },
      { lang: 'ko' },
    );
    expect(ids(asKo)).toEqual([koreanAside]);
    expect(asKo.data.list[0]?.title).toBe('세라믹 머그컵');
    // The main language is matched whatever the caller's.
    const en = await m.client.call(
      r.product,
      { keyword: 'coffee', category_id: String(category) },
      { lang: 'th' },
    );
    expect(ids(en)).toEqual([koreanAside]);
    expect(en.data.list[0]?.title).toBe('Ceramic coffee mug');
  });

  it('keywords shorter than 3 characters scan the titles, and LIKE wildcards and quotes are plain characters', async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const earbuds = await newProduct(t, { categoryId: category, titles: { 'zh-CN': '蓝牙耳机' } });
    const percent = await newProduct(t, {
      categoryId: category,
      titles: { en: 'Shirt 100% cotton_blend "soft"' },
    });
    const plain = await newProduct(t, { categoryId: category, titles: { en: 'Shirt 1000 cotton blend' } });
    const search = async (keyword: string, lang: Lang = 'en') =>
      ids(await m.client.call(r.product, { keyword, category_id: String(category) }, { lang }));
    expect(await search('耳机', 'zh-CN')).toEqual([earbuds]);
    expect(await search('0%')).toEqual([percent]);
    expect(await search('100%')).toEqual([percent]);
    expect(await search('n_b')).toEqual([percent]);
    expect(await search('_')).toEqual([percent]);
    expect((await search('cotton')).sort()).toEqual([percent, plain].sort());
    expect(await search('"soft"')).toEqual([percent]);
    expect(await search('"')).toEqual([percent]);
    expect(await search('soft" OR "shirt')).toEqual([]);
    expect(await search('\\')).toEqual([]);
    // Spaces around a keyword are trimmed; a blank keyword is no filter.
    expect(await search('  cotton_  ')).toEqual([percent]);
    expect((await search('   ')).length).toBe(3);
  });

  it('search sorts newest, price low to high, price high to low and best-selling', async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const a = await newProduct(t, { categoryId: category, cost: '30.00', sales: 5 });
    const b = await newProduct(t, { categoryId: category, cost: '10.00', sales: 50 });
    const c = await newProduct(t, { categoryId: category, cost: '20.00', sales: 0 });
    const d = await newProduct(t, { categoryId: category, cost: '10.00', sales: 7 });
    const sorted = async (sort: 'newest' | 'price' | 'price_desc' | 'sales') =>
      ids(await m.client.call(r.product, { category_id: String(category), sort }));
    expect(await sorted('newest')).toEqual([d, c, b, a]);
    expect(await sorted('price')).toEqual([b, d, c, a]);
    expect(await sorted('price_desc')).toEqual([a, c, d, b]);
    expect(await sorted('sales')).toEqual([b, d, a, c]);
  });

  it('a parent category includes its children; a child only itself', async () => {
    const m = await newMerchant(t);
    const parent = await newCategory(t);
    const child1 = await newCategory(t, { parentId: parent });
    const child2 = await newCategory(t, { parentId: parent });
    const elsewhere = await newCategory(t);
    const inParent = await newProduct(t, { categoryId: parent });
    const in1 = await newProduct(t, { categoryId: child1 });
    const in2 = await newProduct(t, { categoryId: child2 });
    await newProduct(t, { categoryId: elsewhere });
    expect(ids(await m.client.call(r.product, { category_id: String(parent) }))).toEqual([
      in2,
      in1,
      inParent,
    ]);
    expect(ids(await m.client.call(r.product, { category_id: String(child1) }))).toEqual([in1]);
    const none = await m.client.call(r.product, { category_id: String(99_999_999) });
    expect([none.code, none.data.total, none.data.list]).toEqual([1, 0, []]);
  });

  it('items carry cost, price at the margin (half-up), profit, stock, hot, sales, thumbnail and the listed marker', async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const cheap = await newProduct(t, { categoryId: category, cost: '0.99', stock: 0, hot: true, sales: 3 });
    const dear = await newProduct(t, { categoryId: category, cost: '10.00', stock: 12 });
    await newImage(t, dear, { sort: 2, thumb: [100, 50] });
    const first = await newImage(t, dear, { sort: 1, thumb: [240, 180] });
    const listed = await m.client.call(r.add, { product_ids: [dear] });
    expect(listed.data.added, listed.raw).toBe(1);
    const res = await m.client.call(r.product, { category_id: String(category) });
    // Base level: 15% margin. 0.99 × 15% = 0.1485 → 0.15.
    expect(res.data.list).toEqual([
      {
        id: dear,
        category_id: category,
        title: expect.any(String),
        image: { url: `/media/products/${first}-thumb.webp`, width: 240, height: 180 },
        cost: '10.00',
        price: '11.50',
        profit: '1.50',
        stock: 12,
        hot: false,
        sales: 0,
        listed: true,
      },
      {
        id: cheap,
        category_id: category,
        title: expect.any(String),
        image: null,
        cost: '0.99',
        price: '1.14',
        profit: '0.15',
        stock: 0,
        hot: true,
        sales: 3,
        listed: false,
      },
    ]);
    // Another merchant does not see this one's marker; a higher margin prices at once.
    const other = await newMerchant(t);
    await setMerchantLevel(t, other.id, { margin_bps: 3_333 });
    const theirs = await other.client.call(r.product, { category_id: String(category) });
    expect(theirs.data.list.map((i) => [i.listed, i.price, i.profit])).toEqual([
      [false, '13.33', '3.33'],
      [false, '1.32', '0.33'],
    ]);
  });

  it('a product with no title in any language answers an empty title (the screen says so)', async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const untitled = await newProduct(t, { categoryId: category, titles: {}, mainLang: 'en' });
    const res = await m.client.call(r.product, { category_id: String(category) });
    expect(res.data.list.map((i) => [i.id, i.title])).toEqual([[untitled, '']]);
    const detail = await m.client.call(r.detail, { product_id: String(untitled) });
    expect([detail.data.title, detail.data.description]).toEqual(['', '']);
  });

  it('inactive products are neither searched nor hot; hot lists hot active products best-selling first', async () => {
    const m = await newMerchant(t);
    const word = uniqueWord('hot');
    const category = await newCategory(t);
    const h1 = await newProduct(t, {
      categoryId: category,
      titles: { en: `${word} one` },
      hot: true,
      sales: 10,
    });
    const h2 = await newProduct(t, {
      categoryId: category,
      titles: { en: `${word} two` },
      hot: true,
      sales: 900_000,
    });
    const off = await newProduct(t, {
      categoryId: category,
      titles: { en: `${word} off` },
      hot: true,
      sales: 800_000,
      active: false,
    });
    const cold = await newProduct(t, {
      categoryId: category,
      titles: { en: `${word} cold` },
      sales: 999_999,
    });
    const found = await m.client.call(r.product, { keyword: word });
    expect(ids(found).sort()).toEqual([h1, h2, cold].sort());
    const hot = await m.client.call(r.hot, { limit: String(100) });
    expect(hot.code, hot.raw).toBe(1);
    const mine = ids(hot).filter((id) => [h1, h2, off, cold].includes(id));
    expect(mine).toEqual([h2, h1]);
    expect(hot.data.list.every((i) => i.hot)).toBe(true);
    const sales = hot.data.list.map((i) => i.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const page2 = await m.client.call(r.hot, { page: String(2), limit: String(1) });
    expect([page2.data.page, page2.data.limit, page2.data.list.length]).toEqual([2, 1, 1]);
  });

  it('pages: total, page and limit; an empty page past the end', async () => {
    const m = await newMerchant(t);
    const category = await newCategory(t);
    const made = await newProducts(t, 5, { categoryId: category });
    const p1 = await m.client.call(r.product, {
      category_id: String(category),
      page: String(1),
      limit: String(2),
    });
    const p3 = await m.client.call(r.product, {
      category_id: String(category),
      page: String(3),
      limit: String(2),
    });
    const p4 = await m.client.call(r.product, {
      category_id: String(category),
      page: String(4),
      limit: String(2),
    });
    expect([p1.data.total, p1.data.page, p1.data.limit]).toEqual([5, 1, 2]);
    expect(ids(p1)).toEqual([made[4], made[3]]);
    expect(ids(p3)).toEqual([made[0]]);
    expect([p4.data.total, ids(p4)]).toEqual([5, []]);
  });

  it('product and hot refuse unknown fields, wrong types, page and limit out of bounds, a keyword too long', async () => {
    const m = await newMerchant(t);
    const bad: Array<[Record<string, string>, string, string]> = [
      [{ foo: '1' }, 'foo', 'FIELD_UNKNOWN'],
      [{ page: '0' }, 'page', 'FIELD_TOO_SMALL'],
      [{ page: '1.5' }, 'page', 'FIELD_INTEGER'],
      [{ limit: '101' }, 'limit', 'FIELD_TOO_BIG'],
      [{ limit: '0' }, 'limit', 'FIELD_TOO_SMALL'],
      [{ limit: '1e1' }, 'limit', 'FIELD_INTEGER'],
      [{ sort: 'cheap' }, 'sort', 'FIELD_INVALID'],
      [{ category_id: 'abc' }, 'category_id', 'FIELD_INTEGER'],
      [{ category_id: '0' }, 'category_id', 'FIELD_TOO_SMALL'],
      [{ keyword: 'x'.repeat(101) }, 'keyword', 'FIELD_TOO_LONG'],
    ];
    for (const [query, field, message] of bad) {
      const res = await m.client.get(r.product.path, query, { lang: 'en' });
      expectRefusal(res, 'INVALID_INPUT', field, JSON.stringify(query));
      // The field's message, in the caller's language (up to any value it names).
      const template = catalogues.en[message] ?? message;
      expect(res.fields?.[field], JSON.stringify(query)).toContain(template.split('{')[0]);
    }
    expectRefusal(await m.client.get(r.hot.path, { keyword: 'x' }), 'INVALID_INPUT', 'keyword');
    expectRefusal(await m.client.get(r.hot.path, { limit: '101' }), 'INVALID_INPUT', 'limit');
    // 100 characters is the most a keyword may have.
    const longest = await m.client.get(r.product.path, { keyword: 'x'.repeat(100) });
    expect(longest.code, longest.raw).toBe(1);
  });

  it('detail by catalogue product: detail images in order, description in the language with fallback', async () => {
    const m = await newMerchant(t);
    const product = await newProduct(t, {
      mainLang: 'en',
      titles: { en: 'Desk lamp', vi: 'Đèn bàn' },
      descriptions: { en: 'A warm LED lamp.', vi: '' },
      cost: '20.00',
      stock: 3,
    });
    const second = await newImage(t, product, { sort: 2, detail: [800, 600] });
    const first = await newImage(t, product, { sort: 1, detail: [800, 1000] });
    const res = await m.client.call(r.detail, { product_id: String(product) }, { lang: 'vi' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({
      id: product,
      category_id: expect.any(Number),
      title: 'Đèn bàn',
      description: 'A warm LED lamp.',
      images: [
        { url: `/media/products/${first}-detail.webp`, width: 800, height: 1000 },
        { url: `/media/products/${second}-detail.webp`, width: 800, height: 600 },
      ],
      cost: '20.00',
      price: '23.00',
      profit: '3.00',
      stock: 3,
      hot: false,
      active: true,
      sales: 0,
      listing: null,
    });
  });

  it("detail by listing id shows the listing's state; another merchant's listing id is NOT_FOUND", async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const product = await newProduct(t, { stock: 0 });
    await m.client.call(r.add, { product_ids: [product] });
    const listing = (await m.client.call(r.manage)).data.list[0]!;
    const byId = await m.client.call(r.detail, { id: String(listing.id) });
    expect(byId.data.listing).toEqual({
      id: listing.id,
      status: 'selling',
      sellable: false,
      unsellable_reason: 'out_of_stock',
      views: 0,
      sales: 0,
    });
    const byProduct = await m.client.call(r.detail, { product_id: String(product) });
    expect(byProduct.data.listing?.id).toBe(listing.id);
    // The other merchant sees the catalogue product, not this shop's listing.
    expectRefusal(await other.client.call(r.detail, { id: String(listing.id) }), 'NOT_FOUND');
    expect((await other.client.call(r.detail, { product_id: String(product) })).data.listing).toBeNull();
    expectRefusal(await m.client.call(r.detail, { id: String(99_999_999) }), 'NOT_FOUND');
    expectRefusal(await m.client.call(r.detail, { product_id: String(99_999_999) }), 'NOT_FOUND');
  });

  it('an inactive product is NOT_FOUND by product_id unless the merchant lists it, and then says why it cannot sell', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const product = await newProduct(t);
    await m.client.call(r.add, { product_ids: [product] });
    await setProduct(t, product, { active: false });
    expectRefusal(await other.client.call(r.detail, { product_id: String(product) }), 'NOT_FOUND');
    const mine = await m.client.call(r.detail, { product_id: String(product) });
    expect(mine.data.active).toBe(false);
    expect(mine.data.listing).toMatchObject({
      status: 'selling',
      sellable: false,
      unsellable_reason: 'inactive',
    });
  });

  it('detail refuses neither or both ids, unknown fields and bad numbers', async () => {
    const m = await newMerchant(t);
    expectRefusal(await m.client.get(r.detail.path, {}), 'INVALID_INPUT', 'id');
    expectRefusal(await m.client.get(r.detail.path, { id: '1', product_id: '1' }), 'INVALID_INPUT', 'id');
    expectRefusal(await m.client.get(r.detail.path, { id: 'x' }), 'INVALID_INPUT', 'id');
    expectRefusal(await m.client.get(r.detail.path, { product_id: '-1' }), 'INVALID_INPUT', 'product_id');
    expectRefusal(await m.client.get(r.detail.path, { id: '1', extra: '1' }), 'INVALID_INPUT', 'extra');
  });

  it('answers a broad search without counting every match, and still pages to its end', async () => {
    const m = await newMerchant(t);
    const word = uniqueWord('');
    const ids = await newProducts(t, SEARCH_COUNT_CAP + 5, { titles: { en: `Lamp ${word}` } });
    const matching = SEARCH_COUNT_CAP + 5;
    // Whatever the engine: a capped total is less than what matches, an uncapped one is exact.
    const truthful = (data: { total: number; total_capped: boolean }) =>
      data.total_capped ? data.total < matching : data.total === matching;
    const first = await m.client.call(r.product, { keyword: word, limit: '20' }, { lang: 'en' });
    expect(first.data).toMatchObject({ total_capped: true, page: 1 });
    expect(truthful(first.data), JSON.stringify(first.data.total)).toBe(true);
    expect(first.data.list.map((p) => p.id)).toEqual(ids.slice(-20).reverse());
    const last = await m.client.call(r.product, { keyword: word, limit: '20', page: '6' }, { lang: 'en' });
    expect(last.data.list.map((p) => p.id)).toEqual(ids.slice(0, 5).reverse());
    expect(truthful(last.data)).toBe(true);
    if (t.engine === 'sqlite') {
      // SQLite reads newest-first keyword pages from its index up to one row past the page: the
      // first page says "20 and more", the last one knows the exact total.
      expect(first.data.total).toBe(20);
      expect(last.data).toMatchObject({ total: matching, total_capped: false });
    }
    // Other sorts count up to the cap.
    const byPrice = await m.client.call(
      r.product,
      { keyword: word, sort: 'price', limit: '1' },
      { lang: 'en' },
    );
    expect(byPrice.data).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
  });
});
