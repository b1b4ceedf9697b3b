import { randomBytes } from 'node:crypto';
import type { Lang } from '@dropdesk/contract/constants';
import { parseMoney } from '@dropdesk/contract/money';
import { catalogueAdminRepository } from '../src/modules/catalogue/catalogue-admin.repository';
import type { TestApp } from './app';

/**
 * Catalogue rows for tests: categories, products and levels written the way the operator API
 * writes them (catalogue-admin.repository), plus the few rows no merchant call makes (a merchant's
 * level terms, image rows, sales counters).
 */

/** A short token no other test's titles contain, to search for one test's products only. */
export function uniqueWord(prefix = 'w'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export async function newCategory(
  t: TestApp,
  opts: {
    parentId?: number | null;
    mainLang?: Lang;
    names?: Partial<Record<Lang, string>>;
    sort?: number;
  } = {},
): Promise<number> {
  const mainLang = opts.mainLang ?? 'en';
  return catalogueAdminRepository.insertCategory(
    t.database.db,
    {
      parentId: opts.parentId ?? null,
      mainLang,
      names: opts.names ?? { [mainLang]: uniqueWord('Category ') },
      sort: opts.sort ?? 0,
    },
    t.clock.now(),
  );
}

export interface NewProductOptions {
  categoryId?: number;
  mainLang?: Lang;
  /** A title per language; default a unique English title. `{}` makes a product with no text. */
  titles?: Partial<Record<Lang, string>>;
  descriptions?: Partial<Record<Lang, string>>;
  /** Wire amount ('10.00') or minor units; default 10.00. */
  cost?: string | number;
  stock?: number;
  hot?: boolean;
  active?: boolean;
  /** Units sold platform-wide (orders raise it; tests set it). */
  sales?: number;
}

/** A catalogue product; a category of its own when none is given. Returns its id. */
export async function newProduct(t: TestApp, opts: NewProductOptions = {}): Promise<number> {
  const db = t.database.db;
  const categoryId = opts.categoryId ?? (await newCategory(t));
  const titles = opts.titles ?? { en: uniqueWord('Product ') };
  const mainLang = opts.mainLang ?? (Object.keys(titles)[0] as Lang | undefined) ?? 'en';
  const cost = typeof opts.cost === 'string' ? parseMoney(opts.cost) : (opts.cost ?? 1_000);
  if (cost === null) throw new Error(`not an amount: ${opts.cost}`);
  const id = await catalogueAdminRepository.insertProduct(
    db,
    {
      categoryId,
      mainLang,
      texts: Object.entries(titles).map(([lang, title]) => ({
        lang: lang as Lang,
        title: title as string,
        description: opts.descriptions?.[lang as Lang] ?? '',
      })),
      cost,
      stock: opts.stock ?? 100,
      hot: opts.hot ?? false,
      active: opts.active ?? true,
    },
    t.clock.now(),
  );
  if (opts.sales) await db.updateTable('products').set({ sales: opts.sales }).where('id', '=', id).execute();
  return id;
}

/** `n` products of one category with unique English titles, oldest first. */
export async function newProducts(t: TestApp, n: number, opts: NewProductOptions = {}): Promise<number[]> {
  const categoryId = opts.categoryId ?? (await newCategory(t));
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await newProduct(t, { ...opts, categoryId }));
  return ids;
}

/** Switches a product on or off, or changes its cost or stock, as an operator would. */
export async function setProduct(
  t: TestApp,
  id: number,
  values: { active?: boolean; cost?: number; stock?: number; hot?: boolean },
): Promise<void> {
  await t.database.db
    .updateTable('products')
    .set({
      ...(values.active === undefined ? {} : { active: values.active ? 1 : 0 }),
      ...(values.hot === undefined ? {} : { hot: values.hot ? 1 : 0 }),
      ...(values.cost === undefined ? {} : { cost: values.cost }),
      ...(values.stock === undefined ? {} : { stock: values.stock }),
      updated_at: t.clock.now(),
    })
    .where('id', '=', id)
    .execute();
}

/** An image row of a product (the files are the images helper's; lists only read the row). */
export async function newImage(
  t: TestApp,
  productId: number,
  opts: { sort?: number; thumb?: [number, number]; detail?: [number, number] } = {},
): Promise<string> {
  // A key like the images service makes: 32 hex characters.
  const key = randomBytes(16).toString('hex');
  const [tw, th] = opts.thumb ?? [240, 240];
  const [dw, dh] = opts.detail ?? [800, 800];
  await t.database.db
    .insertInto('product_images')
    .values({
      product_id: productId,
      sort: opts.sort ?? 0,
      key,
      thumb_width: tw,
      thumb_height: th,
      detail_width: dw,
      detail_height: dh,
      created_at: t.clock.now(),
    })
    .execute();
  return key;
}

/** A level above the highest there is (or at `rank`). Price as a wire amount. */
export async function newLevel(
  t: TestApp,
  opts: { rank?: number; name?: string; margin_bps: number; quota: number; price: string },
) {
  const db = t.database.db;
  const top = await db
    .selectFrom('levels')
    .select((eb) => eb.fn.max('rank').as('rank'))
    .executeTakeFirst();
  const rank = opts.rank ?? Number(top?.rank ?? 0) + 1;
  const now = t.clock.now();
  return db
    .insertInto('levels')
    .values({
      rank,
      name: opts.name ?? `V${rank}`,
      margin_bps: opts.margin_bps,
      quota: opts.quota,
      price: parseMoney(opts.price) ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets a merchant's level terms directly (a level held, a margin, a quota), as if bought earlier:
 * for tests that need a shop at some level without paying for it.
 */
export async function setMerchantLevel(
  t: TestApp,
  merchantId: number,
  terms: { level_id?: number; margin_bps?: number; quota?: number },
): Promise<void> {
  await t.database.db
    .updateTable('merchant_levels')
    .set({ ...terms, updated_at: t.clock.now() })
    .where('merchant_id', '=', merchantId)
    .execute();
}

/** The merchant's quota counter and how many listing rows the shop really has. */
export async function quotaState(t: TestApp, merchantId: number) {
  const db = t.database.db;
  const level = await db
    .selectFrom('merchant_levels')
    .select(['listings_used', 'quota', 'margin_bps', 'level_id'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('listings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('merchant_id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return { ...level, listings: Number(rows.n) };
}
