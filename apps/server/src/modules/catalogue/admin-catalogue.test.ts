import { adminCatalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { LANGUAGES } from '@dropdesk/contract/constants';
import type { RouteDef } from '@dropdesk/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newCategory, newProduct, uniqueWord } from '../../../test/catalogue';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { newListing } from '../../../test/fixtures/catalogue';
import { auditSince, lastAuditId, noticesOf } from '../../../test/services';
import { catalogueAdminRepository } from './catalogue-admin.repository';
import { newImageKey } from './images';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

/** Names of one category in every language. */
const allNames = (en: string) => ({
  en,
  'zh-CN': `${en} 中文`,
  ko: `${en} 한국어`,
  ja: `${en} 日本語`,
  th: `${en} ไทย`,
  vi: `${en} Tiếng Việt`,
  tr: `${en} Türkçe`,
});

describe(`catalogue operator API (${engine})`, () => {
  let t: TestApp;
  let op: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t, 'catalogue');
  });
  afterAll(() => t.close());

  /** A minimal valid body of each writing row, so a refusal can only be about the caller. */
  const rows = Object.values(r) as RouteDef[];

  describe('who may call', () => {
    it.each(['reviewer', 'support'] as const)(
      'a %s operator is refused every row with FORBIDDEN',
      async (role) => {
        const other = await newOperator(t, role);
        for (const row of rows) {
          const res =
            row.method === 'GET'
              ? await other.get(row.path)
              : await other.post(row.path, { id: 1, name: 'x' });
          expect(res.status, `${row.method} ${row.path}`).toBe(200);
          expectRefusal(res, 'FORBIDDEN', undefined, `${row.method} ${row.path}`);
        }
      },
    );

    it('a merchant session and no session are 401 on every row', async () => {
      const m = await newMerchant(t);
      for (const row of rows) {
        for (const client of [m.client, new Client(t.app)]) {
          const res = row.method === 'GET' ? await client.get(row.path) : await client.post(row.path, {});
          expect(res.status, `${row.method} ${row.path}`).toBe(401);
          expect(res.error).toBe('UNAUTHORIZED');
        }
      }
    });

    it('the catalogue and admin roles both may', async () => {
      const admin = await newOperator(t, 'admin');
      expect((await admin.call(r.categories)).code).toBe(1);
      expect((await op.call(r.levels)).code).toBe(1);
    });
  });

  describe('categories', () => {
    it('two levels: a parent, a child, and a grandchild refused with CATEGORY_TOO_DEEP', async () => {
      const before = await lastAuditId(t);
      const parent = await op.call(r.createCategory, {
        main_lang: 'en',
        names: allNames(uniqueWord('Home ')),
      });
      expect(parent.code, parent.raw).toBe(1);
      expect(parent.data).toMatchObject({ parent_id: null, main_lang: 'en', sort: 0, products: 0 });
      expect(Object.keys(parent.data.names).sort()).toEqual([...LANGUAGES].sort());
      const child = await op.call(r.createCategory, {
        parent_id: parent.data.id,
        main_lang: 'vi',
        names: { vi: uniqueWord('Nhà bếp ') },
        sort: 3,
      });
      expect(child.code, child.raw).toBe(1);
      expect(child.data).toMatchObject({ parent_id: parent.data.id, main_lang: 'vi', sort: 3 });
      const grandchild = await op.call(r.createCategory, {
        parent_id: child.data.id,
        main_lang: 'en',
        names: { en: 'Too deep' },
      });
      expectRefusal(grandchild, 'CATEGORY_TOO_DEEP', 'parent_id');
      expectRefusal(
        await op.call(r.createCategory, { parent_id: 99_999_999, main_lang: 'en', names: { en: 'Orphan' } }),
        'NOT_FOUND',
        'parent_id',
      );
      const audits = await auditSince(t, before);
      expect(audits.map((a) => a.action)).toEqual(['category.create', 'category.create']);
      expect(audits[0]).toMatchObject({ target_type: 'category', target_id: String(parent.data.id) });
      expect(audits[0]!.before).toBeNull();
      expect(audits[0]!.after.names.en).toBe(parent.data.names.en);
    });

    it('lists every category with its names and product counts, a parent counting its children', async () => {
      const parent = await newCategory(t);
      const childA = await newCategory(t, { parentId: parent });
      const childB = await newCategory(t, { parentId: parent });
      await newProduct(t, { categoryId: childA });
      await newProduct(t, { categoryId: childA });
      await newProduct(t, { categoryId: childB });
      await newProduct(t, { categoryId: parent });
      const list = await op.call(r.categories);
      expect(list.code).toBe(1);
      const byId = new Map(list.data.map((c) => [c.id, c]));
      expect(byId.get(parent)?.products).toBe(4);
      expect(byId.get(childA)?.products).toBe(2);
      expect(byId.get(childB)?.products).toBe(1);
      // Parents first.
      const firstChild = list.data.findIndex((c) => c.parent_id !== null);
      expect(list.data.slice(firstChild).every((c) => c.parent_id !== null)).toBe(true);
    });

    it('an update replaces the names of the languages given and keeps the others', async () => {
      const id = await newCategory(t, { names: { en: 'Garden', vi: 'Vườn', ja: '庭' } });
      const before = await lastAuditId(t);
      const res = await op.call(r.updateCategory, { id, names: { vi: 'Làm vườn', ko: '정원' }, sort: 7 });
      expect(res.code, res.raw).toBe(1);
      expect(res.data.names).toEqual({ en: 'Garden', vi: 'Làm vườn', ja: '庭', ko: '정원' });
      expect(res.data.sort).toBe(7);
      const [entry] = await auditSince(t, before);
      expect(entry).toMatchObject({ action: 'category.update', target_id: String(id) });
      expect(entry!.before.names.vi).toBe('Vườn');
      expect(entry!.after.names.vi).toBe('Làm vườn');
      expectRefusal(await op.call(r.updateCategory, { id: 99_999_999, sort: 1 }), 'NOT_FOUND');
    });

    it.each([
      ['no main-language name', { main_lang: 'en', names: { vi: 'Điện tử' } }, 'names'],
      ['an unknown main language', { main_lang: 'fr', names: { en: 'A' } }, 'main_lang'],
      ['an unknown name language', { main_lang: 'en', names: { en: 'A', fr: 'B' } }, 'names.fr'],
      ['an empty name', { main_lang: 'en', names: { en: '  ' } }, 'names.en'],
      ['a name of 61 characters', { main_lang: 'en', names: { en: 'x'.repeat(61) } }, 'names.en'],
      ['a control character', { main_lang: 'en', names: { en: 'A\u0007' } }, 'names.en'],
      ['a negative sort', { main_lang: 'en', names: { en: 'A' }, sort: -1 }, 'sort'],
      ['a parent id of text', { parent_id: '1', main_lang: 'en', names: { en: 'A' } }, 'parent_id'],
      ['an unknown field', { main_lang: 'en', names: { en: 'A' }, products: 5 }, 'products'],
    ])('creating a category refuses %s', async (_name, body, field) => {
      expectRefusal(await op.post(r.createCategory.path, body), 'INVALID_INPUT', field);
    });

    it.each([
      ['no id', { sort: 1 }, 'id'],
      ['an id of 0', { id: 0, sort: 1 }, 'id'],
      ['a name too long', { id: 1, names: { en: 'x'.repeat(61) } }, 'names.en'],
      ['a sort of text', { id: 1, sort: 'first' }, 'sort'],
      ['a parent change (not allowed)', { id: 1, parent_id: 2 }, 'parent_id'],
    ])('updating a category refuses %s', async (_name, body, field) => {
      expectRefusal(await op.post(r.updateCategory.path, body), 'INVALID_INPUT', field);
    });
  });

  describe('products', () => {
    let category: number;
    beforeAll(async () => {
      category = await newCategory(t);
    });

    const body = (overrides: Record<string, unknown> = {}) => ({
      category_id: category,
      main_lang: 'en',
      texts: [
        { lang: 'en', title: 'Wireless earbuds', description: 'Bluetooth 5.3' },
        { lang: 'zh-CN', title: '无线耳机' },
      ],
      cost: '12.50',
      stock: 100,
      ...overrides,
    });

    it('creates a product with texts per language, and audits it', async () => {
      const before = await lastAuditId(t);
      const res = await op.post(r.createProduct.path, body({ hot: true }));
      expect(res.code, res.raw).toBe(1);
      expect(res.data).toMatchObject({
        category_id: category,
        main_lang: 'en',
        cost: '12.50',
        stock: 100,
        hot: true,
        active: true,
        sales: 0,
        listings: 0,
        images: [],
      });
      expect(res.data.texts).toEqual([
        { lang: 'en', title: 'Wireless earbuds', description: 'Bluetooth 5.3' },
        { lang: 'zh-CN', title: '无线耳机', description: '' },
      ]);
      const [entry] = await auditSince(t, before);
      expect(entry).toMatchObject({
        action: 'product.create',
        target_type: 'product',
        target_id: String(res.data.id),
      });
      expect(entry).toMatchObject({ before: null, after: { cost: '12.50', stock: 100, hot: true } });
    });

    it.each([
      ['a cost of zero', { cost: '0' }, 'CANNOT_BE_ZERO', 'cost'],
      ['a cost of text', { cost: 'cheap' }, 'INVALID_INPUT', 'cost'],
      ['a cost with 3 decimals', { cost: '1.005' }, 'INVALID_INPUT', 'cost'],
      ['a negative cost', { cost: '-1' }, 'INVALID_INPUT', 'cost'],
      ['a cost as a number', { cost: 12.5 }, 'INVALID_INPUT', 'cost'],
      ['a negative stock', { stock: -1 }, 'INVALID_INPUT', 'stock'],
      ['a fractional stock', { stock: 1.5 }, 'INVALID_INPUT', 'stock'],
      ['no main-language title', { main_lang: 'vi' }, 'INVALID_INPUT', 'texts'],
      ['an empty main-language title', { texts: [{ lang: 'en', title: ' ' }] }, 'INVALID_INPUT', 'texts'],
      [
        'one language twice',
        {
          texts: [
            { lang: 'en', title: 'A' },
            { lang: 'en', title: 'B' },
          ],
        },
        'INVALID_INPUT',
        'texts',
      ],
      [
        'an unknown language',
        {
          texts: [
            { lang: 'en', title: 'A' },
            { lang: 'fr', title: 'B' },
          ],
        },
        'INVALID_INPUT',
        'texts.1.lang',
      ],
      [
        'a title of 201 characters',
        { texts: [{ lang: 'en', title: 'x'.repeat(201) }] },
        'INVALID_INPUT',
        'texts.0.title',
      ],
      [
        'a control character',
        { texts: [{ lang: 'en', title: 'A\u0000B' }] },
        'INVALID_INPUT',
        'texts.0.title',
      ],
      ['hot as text', { hot: 'yes' }, 'INVALID_INPUT', 'hot'],
      ['no category', { category_id: undefined }, 'INVALID_INPUT', 'category_id'],
      ['an unknown field', { sales: 10 }, 'INVALID_INPUT', 'sales'],
    ])('creating a product refuses %s', async (_name, overrides, key, field) => {
      expectRefusal(await op.post(r.createProduct.path, body(overrides)), key, field);
    });

    it('refuses an unknown category with NOT_FOUND', async () => {
      expectRefusal(
        await op.post(r.createProduct.path, body({ category_id: 99_999_999 })),
        'NOT_FOUND',
        'category_id',
      );
    });

    it('lists products newest first, searched in any language, by category (with subcategories) and state', async () => {
      const parent = await newCategory(t);
      const child = await newCategory(t, { parentId: parent });
      const tag = uniqueWord('');
      const a = await newProduct(t, {
        categoryId: child,
        titles: {
          en: `Thermos bottle ${tag}`,
          'zh-CN': '不锈钢保温杯',
          vi: 'Bình giữ nhiệt',
          th: 'กระติกน้ำสแตนเลส',
        },
      });
      const b = await newProduct(t, {
        categoryId: parent,
        active: false,
        titles: { en: `Desk lamp ${tag}` },
      });
      const ids = async (query: Record<string, string>) => {
        const res = await op.get(r.products.path, query);
        expect(res.code, res.raw).toBe(1);
        return (res.data.list as { id: number }[]).map((p) => p.id);
      };
      expect(await ids({ keyword: tag })).toEqual([b, a]);
      expect(await ids({ keyword: '保温' })).toContain(a); // a CJK substring shorter than a trigram
      expect(await ids({ keyword: '不锈钢保温' })).toContain(a);
      expect(await ids({ keyword: 'giữ nhiệt' })).toContain(a);
      // Case and accents don't matter.
      expect(await ids({ keyword: 'giu nhiet' })).toEqual([a]);
      expect(await ids({ keyword: 'BÌNH GIỮ' })).toEqual([a]);
      expect(await ids({ keyword: 'สแตนเลส' })).toContain(a);
      expect(await ids({ keyword: `THERMOS BOTTLE ${tag.toUpperCase()}` })).toEqual([a]);
      expect(await ids({ keyword: '100%_"x' })).toEqual([]);
      expect(await ids({ category_id: String(parent) })).toEqual([b, a]);
      expect(await ids({ category_id: String(child) })).toEqual([a]);
      expect(await ids({ category_id: String(parent), active: 'inactive' })).toEqual([b]);
      expect(await ids({ category_id: String(parent), active: 'active' })).toEqual([a]);
      const page = await op.get(r.products.path, { category_id: String(parent), limit: '1', page: '2' });
      expect(page.data).toMatchObject({ total: 2, page: 2, limit: 1 });
      expect(page.data.list.map((p: { id: number }) => p.id)).toEqual([a]);
      expect(page.data.list[0].texts).toHaveLength(4);
    });

    it.each([
      ['a limit of 101', { limit: '101' }, 'limit'],
      ['a page of 0', { page: '0' }, 'page'],
      ['a category of text', { category_id: 'x' }, 'category_id'],
      ['an unknown state', { active: 'maybe' }, 'active'],
      ['a keyword of 101 characters', { keyword: 'x'.repeat(101) }, 'keyword'],
      ['an unknown parameter', { sort: 'price' }, 'sort'],
    ])('the list refuses %s', async (_name, query, field) => {
      expectRefusal(await op.get(r.products.path, query), 'INVALID_INPUT', field);
    });

    it('an update replaces the texts of the languages given, removes those given an empty title, keeps the rest', async () => {
      const id = await newProduct(t, {
        categoryId: category,
        titles: { en: 'Desk fan', vi: 'Quạt bàn', ja: '卓上扇風機' },
        descriptions: { en: 'Quiet' },
      });
      const res = await op.call(r.updateProduct, {
        id,
        texts: [
          { lang: 'vi', title: 'Quạt để bàn', description: 'Êm' },
          { lang: 'ja', title: '', description: '' },
          { lang: 'ko', title: '탁상용 선풍기', description: '' },
        ],
        stock: 5,
        hot: true,
      });
      expect(res.code, res.raw).toBe(1);
      // The search follows the new title at once, folded: the old title no longer finds it.
      const searched = async (keyword: string) =>
        ((await op.get(r.products.path, { keyword })).data.list as { id: number }[]).map((p) => p.id);
      expect(await searched('quat de ban')).toContain(id);
      expect(await searched('QUẠT ĐỂ')).toContain(id);
      expect(await searched('탁상용 선풍기')).toContain(id);
      expect(await searched('卓上扇風機')).not.toContain(id);
      expect(res.data.texts.map((x) => [x.lang, x.title, x.description]).sort()).toEqual(
        [
          ['en', 'Desk fan', 'Quiet'],
          ['ko', '탁상용 선풍기', ''],
          ['vi', 'Quạt để bàn', 'Êm'],
        ].sort(),
      );
      expect(res.data).toMatchObject({ stock: 5, hot: true, cost: '10.00' });
      // The search follows the new titles (SQLite's FTS triggers, PostgreSQL's index).
      const found = await op.get(r.products.path, { keyword: 'Quạt để bàn' });
      expect(found.data.list.map((p: { id: number }) => p.id)).toContain(id);
      const gone = await op.get(r.products.path, { keyword: '卓上扇風機' });
      expect(gone.data.list.map((p: { id: number }) => p.id)).not.toContain(id);
    });

    it('an update keeps a title in the main language', async () => {
      const id = await newProduct(t, { categoryId: category });
      expectRefusal(
        await op.call(r.updateProduct, { id, texts: [{ lang: 'en', title: '', description: '' }] }),
        'INVALID_INPUT',
        'texts',
      );
      expectRefusal(await op.call(r.updateProduct, { id, main_lang: 'th' }), 'INVALID_INPUT', 'texts');
      const moved = await op.call(r.updateProduct, {
        id,
        main_lang: 'th',
        texts: [{ lang: 'th', title: 'พัดลม', description: '' }],
      });
      expect(moved.code, moved.raw).toBe(1);
      expect(moved.data.main_lang).toBe('th');
    });

    it('image_ids set the order and detach the images left out', async () => {
      const id = await newProduct(t, { categoryId: category });
      const other = await newProduct(t, { categoryId: category });
      const image = async (productId: number, sort: number) =>
        (
          await catalogueAdminRepository.insertImage(t.database.db, {
            product_id: productId,
            sort,
            key: newImageKey(),
            thumb_width: 320,
            thumb_height: 320,
            detail_width: 960,
            detail_height: 720,
            created_at: t.clock.now(),
          })
        ).id;
      const [i1, i2, i3] = [await image(id, 0), await image(id, 1), await image(id, 2)];
      const foreign = await image(other, 0);
      const res = await op.call(r.updateProduct, { id, image_ids: [i3, i1] });
      expect(res.code, res.raw).toBe(1);
      expect(res.data.images.map((i) => i.id)).toEqual([i3, i1]);
      expect(res.data.images[0]!.detail).toMatchObject({ width: 960, height: 720 });
      expect(res.data.images[0]!.thumb.url).toMatch(/^\/media\/products\/[0-9a-f]{32}-thumb\.webp$/);
      const detached = await t.database.db
        .selectFrom('product_images')
        .select('product_id')
        .where('id', '=', i2)
        .executeTakeFirstOrThrow();
      expect(detached.product_id).toBeNull();
      expectRefusal(
        await op.call(r.updateProduct, { id, image_ids: [i3, foreign] }),
        'NOT_FOUND',
        'image_ids',
      );
      expectRefusal(await op.call(r.updateProduct, { id, image_ids: [i2] }), 'NOT_FOUND', 'image_ids');
      expectRefusal(
        await op.call(r.updateProduct, { id, image_ids: [i3, i3] }),
        'INVALID_INPUT',
        'image_ids',
      );
      const none = await op.call(r.updateProduct, { id, image_ids: [] });
      expect(none.data.images).toEqual([]);
    });

    it('a new cost tells every merchant listing the product, in the main-language title, and nobody else', async () => {
      const id = await newProduct(t, {
        categoryId: category,
        cost: 1_000,
        mainLang: 'vi',
        titles: { vi: 'Nồi cơm điện', en: 'Rice cooker' },
      });
      const otherProduct = await newProduct(t, { categoryId: category });
      const [m1, m2, m3] = [await newMerchant(t), await newMerchant(t), await newMerchant(t)];
      const l1 = await newListing(t, m1.id, id);
      await newListing(t, m2.id, id);
      await newListing(t, m3.id, otherProduct);
      const listingBefore = await t.database.db
        .selectFrom('listings')
        .selectAll()
        .where('id', '=', l1)
        .executeTakeFirstOrThrow();
      t.clock.advance(60_000);
      const auditBefore = await lastAuditId(t);

      const res = await op.call(r.updateProduct, { id, cost: '12.34' });
      expect(res.code, res.raw).toBe(1);
      expect(res.data).toMatchObject({ cost: '12.34', listings: 2 });
      for (const m of [m1, m2]) {
        expect(await noticesOf(t, m.id)).toEqual([
          {
            type: 'product_repriced',
            title_key: 'notice.product_repriced',
            params: { product_id: id, title: 'Nồi cơm điện', old_cost: '10.00', new_cost: '12.34' },
            ref_type: 'product',
            ref_id: id,
          },
        ]);
      }
      expect(await noticesOf(t, m3.id)).toEqual([]);
      // Prices are computed on read: the listing row itself is untouched.
      expect(
        await t.database.db.selectFrom('listings').selectAll().where('id', '=', l1).executeTakeFirstOrThrow(),
      ).toEqual(listingBefore);
      const [entry] = await auditSince(t, auditBefore);
      expect(entry).toMatchObject({ action: 'product.update', target_id: String(id) });
      expect(entry!.before.cost).toBe('10.00');
      expect(entry!.after.cost).toBe('12.34');

      // The same cost again, or another field, tells nobody.
      expect((await op.call(r.updateProduct, { id, cost: '12.34', stock: 3 })).code).toBe(1);
      expect(await noticesOf(t, m1.id)).toHaveLength(1);
    });

    it.each([
      ['no id', { stock: 1 }, 'INVALID_INPUT', 'id'],
      ['a cost of zero', { id: 1, cost: '0.00' }, 'CANNOT_BE_ZERO', 'cost'],
      ['a cost of text', { id: 1, cost: 'x' }, 'INVALID_INPUT', 'cost'],
      ['a stock too big', { id: 1, stock: 1_000_000_001 }, 'INVALID_INPUT', 'stock'],
      [
        '21 image ids',
        { id: 1, image_ids: Array.from({ length: 21 }, (_, i) => i + 1) },
        'INVALID_INPUT',
        'image_ids',
      ],
      ['an image id of 0', { id: 1, image_ids: [0] }, 'INVALID_INPUT', 'image_ids.0'],
      ['active as 1', { id: 1, active: 1 }, 'INVALID_INPUT', 'active'],
      ['an unknown field', { id: 1, listings: 3 }, 'INVALID_INPUT', 'listings'],
    ])('updating a product refuses %s', async (_name, payload, key, field) => {
      expectRefusal(await op.post(r.updateProduct.path, payload), key, field);
    });

    it('updating refuses an unknown product and an unknown category with NOT_FOUND', async () => {
      const id = await newProduct(t, { categoryId: category });
      expectRefusal(await op.call(r.updateProduct, { id: 99_999_999, stock: 1 }), 'NOT_FOUND');
      expectRefusal(
        await op.call(r.updateProduct, { id, category_id: 99_999_999 }),
        'NOT_FOUND',
        'category_id',
      );
    });
  });
});
