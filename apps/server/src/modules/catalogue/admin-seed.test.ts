import fs from 'node:fs';
import path from 'node:path';
import { adminRoutes } from '@dropdesk/contract/admin';
import { adminCatalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { LANGUAGES } from '@dropdesk/contract/constants';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client } from '../../../test/client';
import { codeAt } from '../../../test/factories';
import { DEMO, seedDemo } from '../../seed';
import { productMediaDir } from './images';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

describe(`the demo catalogue seed (${engine})`, () => {
  let t: TestApp;
  let seeded: boolean;
  let seconds: number;
  beforeAll(async () => {
    t = await buildTestApp();
    // The test app starts unseeded; seed it as `npm start` does on an empty database.
    const started = performance.now();
    seeded = await seedDemo(t.database.db, t.clock, t.config);
    seconds = (performance.now() - started) / 1000;
    console.info(`seedDemo on an empty ${engine} database: ${seconds.toFixed(2)} s`);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const count = async (table: 'products' | 'listings' | 'product_images' | 'categories') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds at least 500 products in 10 categories of subcategories, in a few seconds', async () => {
    expect(seeded).toBe(true);
    expect(seconds).toBeLessThan(8);
    const categories = await db().selectFrom('categories').selectAll().execute();
    const parents = categories.filter((c) => c.parent_id === null);
    expect(parents).toHaveLength(10);
    for (const parent of parents)
      expect(categories.filter((c) => c.parent_id === parent.id).length).toBeGreaterThan(1);
    const names = await db().selectFrom('category_names').selectAll().execute();
    for (const c of categories)
      expect(
        names
          .filter((n) => n.category_id === c.id)
          .map((n) => n.lang)
          .sort(),
      ).toEqual([...LANGUAGES].sort());

    const products = await db().selectFrom('products').selectAll().orderBy('id').execute();
    expect(products.length).toBeGreaterThanOrEqual(500);
    const subcategories = new Set(categories.filter((c) => c.parent_id !== null).map((c) => c.id));
    expect(products.every((p) => subcategories.has(p.category_id))).toBe(true);
    expect(new Set(products.map((p) => p.category_id)).size).toBe(subcategories.size);
    // Realistic, varied figures: costs from cents to tens, some hot, a few sold out; nothing sold.
    expect(Math.min(...products.map((p) => p.cost))).toBeGreaterThanOrEqual(50);
    expect(Math.max(...products.map((p) => p.cost))).toBeGreaterThan(5_000);
    const hot = products.filter((p) => p.hot === 1).length;
    expect(hot).toBeGreaterThan(20);
    expect(hot).toBeLessThan(products.length / 4);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.every((p) => p.sales === 0)).toBe(true);
  });

  it('titles the first 50 products in all 7 languages and every product at least in English and Vietnamese', async () => {
    const products = await db().selectFrom('products').select('id').orderBy('id').execute();
    const texts = await db()
      .selectFrom('product_texts')
      .select(['product_id', 'lang', 'title', 'description'])
      .execute();
    const langsOf = new Map<number, string[]>();
    for (const text of texts) {
      expect(text.title.length).toBeGreaterThan(2);
      expect(text.description.length).toBeGreaterThan(10);
      langsOf.set(text.product_id, [...(langsOf.get(text.product_id) ?? []), text.lang]);
    }
    for (const [i, p] of products.entries()) {
      const langs = langsOf.get(p.id) ?? [];
      if (i < 50) expect(langs.sort()).toEqual([...LANGUAGES].sort());
      expect(langs).toEqual(expect.arrayContaining(['en', 'vi']));
    }
    // Distinct titles per language: generated from word lists, not copies of one another.
    const first = texts.filter((x) => x.product_id === products[0]!.id);
    expect(new Set(first.map((x) => x.title)).size).toBe(7);
    expect(new Set(texts.filter((x) => x.lang === 'en').map((x) => x.title)).size).toBe(products.length);
  });

  it('gives every product an image pair on disk, one drawing per kind of goods in its category’s colour', async () => {
    const images = await db().selectFrom('product_images').selectAll().execute();
    const products = await count('products');
    expect(new Set(images.map((i) => i.product_id)).size).toBe(products);
    expect(images.every((i) => i.thumb_width === 320 && i.thumb_height === 320)).toBe(true);
    expect(images.every((i) => i.detail_width === 640 && i.detail_height === 640)).toBe(true);
    const dir = productMediaDir(t.config.dataDir);
    const thumbOf = (key: string) => path.join(dir, `${key}-thumb.webp`);
    const inodes = new Set<number>();
    for (const image of images) {
      inodes.add(fs.statSync(thumbOf(image.key)).ino);
      fs.statSync(path.join(dir, `${image.key}-detail.webp`));
    }
    // Shared files: one drawing per kind of goods (120) and one per colour (5).
    expect(inodes.size).toBe(125);

    // Each product's first image is its kind's drawing: the 5 variants of a kind share one, and no
    // two kinds share theirs (the kind is the English title before " - <variant>").
    const firsts = await db()
      .selectFrom('product_images as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .innerJoin('product_texts as x', (j) => j.onRef('x.product_id', '=', 'p.id').on('x.lang', '=', 'en'))
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['i.key', 'x.title', 'c.parent_id'])
      .where('i.sort', '=', 0)
      .execute();
    const drawingOfKind = new Map<string, Set<number>>();
    const kindsOfCategory = new Map<number, Map<string, string>>();
    for (const row of firsts) {
      const kind = row.title.split(' - ')[0] as string;
      const inode = fs.statSync(thumbOf(row.key)).ino;
      drawingOfKind.set(kind, (drawingOfKind.get(kind) ?? new Set()).add(inode));
      const kinds = kindsOfCategory.get(row.parent_id!) ?? new Map<string, string>();
      kinds.set(kind, row.key);
      kindsOfCategory.set(row.parent_id!, kinds);
    }
    expect(drawingOfKind.size).toBe(120);
    expect([...drawingOfKind.values()].every((drawings) => drawings.size === 1)).toBe(true);
    expect(new Set([...drawingOfKind.values()].map((d) => [...d][0])).size).toBe(120);

    // The colour says the category: every kind of one category on the same background, and each
    // category on a background of its own (a corner of the thumbnail, averaged).
    const background = async (key: string) => {
      const corner = await sharp(thumbOf(key))
        .extract({ left: 2, top: 2, width: 8, height: 8 })
        .removeAlpha()
        .raw()
        .toBuffer();
      return [0, 1, 2].map((c) =>
        Math.round(corner.filter((_, i) => i % 3 === c).reduce((a, b) => a + b, 0) / 64),
      );
    };
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - (b[i] as number)) <= 3);
    const categoryColours: number[][] = [];
    for (const kinds of kindsOfCategory.values()) {
      const colours = await Promise.all([...kinds.values()].map(background));
      const first = colours[0] as number[];
      expect(colours.every((c) => near(c, first))).toBe(true);
      expect(categoryColours.some((other) => near(other, first))).toBe(false);
      categoryColours.push(first);
    }
    expect(categoryColours).toHaveLength(10);
    const sample = images[images.length - 1]!;
    const res = await t.app.inject({ method: 'GET', url: `/media/products/${sample.key}-detail.webp` });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
  });

  it('adds the levels V2 to V5 above the base level, each a step up, with no merchant on them', async () => {
    const levels = await db().selectFrom('levels').selectAll().orderBy('rank').execute();
    expect(levels.map((l) => l.name)).toEqual(['V1', 'V2', 'V3', 'V4', 'V5']);
    expect(levels[0]).toMatchObject({ margin_bps: 1_500, quota: 50, price: 0 });
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i]!.margin_bps).toBeGreaterThan(levels[i - 1]!.margin_bps);
      expect(levels[i]!.quota).toBeGreaterThan(levels[i - 1]!.quota);
      expect(levels[i]!.price).toBeGreaterThan(levels[i - 1]!.price);
    }
    const held = await db().selectFrom('merchant_levels').select('level_id').execute();
    expect(held.every((h) => h.level_id === levels[0]!.id)).toBe(true);
  });

  it('lists the hot products in the demo shop (within its quota), seeds no orders, visits or money, and the demo operator sees the catalogue', async () => {
    const listings = await db().selectFrom('listings').select(['product_id', 'status']).execute();
    const hot = await db()
      .selectFrom('products')
      .select('id')
      .where('hot', '=', 1)
      .where('active', '=', 1)
      .execute();
    const quota = await db().selectFrom('merchant_levels').select('quota').executeTakeFirstOrThrow();
    expect(listings.length).toBe(Math.min(hot.length, quota.quota));
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.every((l) => l.status === 'selling')).toBe(true);
    expect(await db().selectFrom('orders').select('id').execute()).toEqual([]);
    expect(await db().selectFrom('shop_visits').select('day').execute()).toEqual([]);
    expect(await db().selectFrom('journals').select('id').execute()).toEqual([]);
    // The demo admin has no second factor yet: its first login enrols one (README).
    const login = await new Client(t.app).call(adminRoutes.login, DEMO.operator);
    if (login.data.step !== 'enroll')
      throw new Error(`the demo admin enrols at its first login: ${login.raw}`);
    expect(login.data.otpauth_uri).toContain('otpauth://totp/Dropdesk:admin?');
    const signedIn = await new Client(t.app).call(adminRoutes.loginTotp, {
      ticket: login.data.ticket,
      code: codeAt(t, login.data.secret),
    });
    const op = new Client(t.app, signedIn.data.token);
    const categories = await op.call(r.categories);
    expect(categories.data.filter((c) => c.parent_id === null).reduce((n, c) => n + c.products, 0)).toBe(
      await count('products'),
    );
    const found = await op.get(r.products.path, { keyword: 'Wireless earbuds' });
    expect(found.data.total).toBe(5);
  });

  it('seeds once: a second run on the seeded database does nothing', async () => {
    const before = await count('products');
    expect(await seedDemo(t.database.db, t.clock, t.config)).toBe(false);
    expect(await count('products')).toBe(before);
  });
});
