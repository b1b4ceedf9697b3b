import type { AdminProduct } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { fieldRefusal, notFound } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import { notify } from '../notices';
import {
  type CategoryNameRow,
  type CategoryRow,
  type ProductFilter,
  type ProductImageRow,
  type ProductRow,
  type ProductText,
  type ProductTextRow,
  catalogueAdminRepository as repo,
} from './catalogue-admin.repository';
import { imageViews, newImageKey, productImageFromUpload, sizesOf, writeImagePair } from './images';
import { CategoryIndex, checkImport } from './import-csv';

export interface CatalogueAdminDeps {
  db: Db;
  clock: Clock;
  /** Where product image files go (images.ts productMediaDir). */
  mediaDir: string;
}

type Names = Partial<Record<Lang, string>>;

interface ProductFields {
  category_id: number;
  main_lang: Lang;
  texts: ProductText[];
  /** Minor units. */
  cost: number;
  stock: number;
  hot: boolean;
  active: boolean;
}

const namesOf = (rows: readonly CategoryNameRow[]): Names =>
  Object.fromEntries(rows.map((r) => [r.lang, r.name])) as Names;

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** What the audit log keeps of a product: its fields, texts and image order. */
function snapshot(product: ProductRow, texts: readonly ProductText[], imageIds: readonly number[]) {
  return {
    category_id: product.category_id,
    main_lang: product.main_lang,
    cost: formatMoney(product.cost),
    stock: product.stock,
    hot: product.hot === 1,
    active: product.active === 1,
    texts: texts.map((t) => ({ lang: t.lang, title: t.title, description: t.description })),
    image_ids: [...imageIds],
  };
}

/** The texts worth keeping: a language without a title has no text (lists fall back to the main one). */
const withTitles = (texts: readonly ProductText[]) => texts.filter((t) => t.title !== '');

/**
 * The catalogue as operators manage it (role catalogue or admin, enforced by the contract rows):
 * categories two levels deep, products with texts per language, their images, and the CSV import.
 * Every write is one transaction with its audit entry (before and after); a new cost tells every
 * shop that lists the product, in the same transaction. Listing prices are cost × (1 + margin) at
 * read time, so no listing row changes with a cost.
 */
export class CatalogueAdmin {
  constructor(private readonly deps: CatalogueAdminDeps) {}

  // ------------------------------------------------------------ categories

  /** Categories with their names and product counts (a parent counts its subcategories' too). */
  async categories() {
    const { db } = this.deps;
    const [rows, names, counts] = await Promise.all([
      repo.categories(db),
      repo.namesOf(db),
      repo.productCounts(db),
    ]);
    const namesById = groupBy(names, (n) => n.category_id);
    const total = new Map<number, number>();
    for (const row of rows) {
      const own = counts.get(row.id) ?? 0;
      total.set(row.id, (total.get(row.id) ?? 0) + own);
      if (row.parent_id !== null) total.set(row.parent_id, (total.get(row.parent_id) ?? 0) + own);
    }
    return rows.map((row) => this.categoryView(row, namesById.get(row.id) ?? [], total.get(row.id) ?? 0));
  }

  private categoryView(row: CategoryRow, names: readonly CategoryNameRow[], products: number) {
    return {
      id: row.id,
      parent_id: row.parent_id,
      main_lang: row.main_lang,
      names: namesOf(names) as Record<string, string>,
      sort: row.sort,
      products,
    };
  }

  private async oneCategory(db: Db, id: number) {
    const row = await repo.categoryById(db, id);
    if (!row) throw notFound();
    const children = (await repo.categories(db)).filter((c) => c.parent_id === id).map((c) => c.id);
    const [names, counts] = await Promise.all([
      repo.namesOf(db, [id]),
      repo.productCounts(db, [id, ...children]),
    ]);
    const products = [...counts.values()].reduce((a, b) => a + b, 0);
    return this.categoryView(row, names, products);
  }

  async createCategory(
    op: SessionOperator,
    body: { parent_id: number | null; main_lang: Lang; names: Names; sort: number },
  ) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      if (body.parent_id !== null) {
        const parent = await repo.categoryById(tx, body.parent_id);
        if (!parent) throw fieldRefusal('NOT_FOUND', 'parent_id');
        if (parent.parent_id !== null) throw fieldRefusal('CATEGORY_TOO_DEEP', 'parent_id');
      }
      const id = await repo.insertCategory(
        tx,
        { parentId: body.parent_id, mainLang: body.main_lang, names: body.names, sort: body.sort },
        now,
      );
      const after = await this.oneCategory(tx, id);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'category.create',
          targetType: 'category',
          targetId: id,
          before: null,
          after,
        },
        now,
      );
      return after;
    });
  }

  async updateCategory(
    op: SessionOperator,
    body: { id: number; names?: Names | undefined; sort?: number | undefined },
  ) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      const before = await this.oneCategory(tx, body.id);
      if (body.names) await repo.putCategoryNames(tx, body.id, body.names);
      await repo.updateCategory(tx, body.id, body.sort === undefined ? {} : { sort: body.sort }, now);
      const after = await this.oneCategory(tx, body.id);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'category.update',
          targetType: 'category',
          targetId: body.id,
          before,
          after,
        },
        now,
      );
      return after;
    });
  }

  // ------------------------------------------------------------ products

  async products(
    query: {
      keyword?: string | undefined;
      category_id?: number | undefined;
      active: ProductFilter['active'];
    } & Paging,
  ) {
    const { db } = this.deps;
    const page = await repo.productPage(
      db,
      { keyword: query.keyword, categoryId: query.category_id, active: query.active },
      query,
    );
    return { ...page, list: await this.productViews(db, page.list) };
  }

  private async productViews(db: Db, rows: readonly ProductRow[]): Promise<AdminProduct[]> {
    const ids = rows.map((r) => r.id);
    const [texts, images, listings] = await Promise.all([
      repo.textsOf(db, ids),
      repo.imagesOf(db, ids),
      repo.listingCounts(db, ids),
    ]);
    const textsBy = groupBy(texts, (t) => t.product_id);
    const imagesBy = groupBy(images, (i) => i.product_id);
    return rows.map((row) =>
      this.productView(row, textsBy.get(row.id) ?? [], imagesBy.get(row.id) ?? [], listings.get(row.id) ?? 0),
    );
  }

  private productView(
    row: ProductRow,
    texts: readonly ProductTextRow[],
    images: readonly ProductImageRow[],
    listings: number,
  ): AdminProduct {
    return {
      id: row.id,
      category_id: row.category_id,
      main_lang: row.main_lang,
      texts: texts.map((t) => ({ lang: t.lang, title: t.title, description: t.description })),
      images: images.map((image) => ({ id: image.id, ...imageViews(image) })),
      cost: formatMoney(row.cost),
      stock: row.stock,
      hot: row.hot === 1,
      active: row.active === 1,
      sales: row.sales,
      listings,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  }

  private async oneProduct(db: Db, id: number): Promise<AdminProduct> {
    const row = await repo.productById(db, id);
    if (!row) throw notFound();
    return (await this.productViews(db, [row]))[0] as AdminProduct;
  }

  async createProduct(op: SessionOperator, body: ProductFields) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      if (!(await repo.categoryById(tx, body.category_id))) throw fieldRefusal('NOT_FOUND', 'category_id');
      const texts = withTitles(body.texts);
      const id = await repo.insertProduct(
        tx,
        {
          categoryId: body.category_id,
          mainLang: body.main_lang,
          texts,
          cost: body.cost,
          stock: body.stock,
          hot: body.hot,
          active: body.active,
        },
        now,
      );
      const row = (await repo.productById(tx, id)) as ProductRow;
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'product.create',
          targetType: 'product',
          targetId: id,
          before: null,
          after: snapshot(row, texts, []),
        },
        now,
      );
      return this.oneProduct(tx, id);
    });
  }

  /**
   * Changes a product: the fields given, the texts of the languages given (a language given an
   * empty title loses its text; the main language must keep one), and with `image_ids` the order of
   * its images (those left out are detached). A new cost tells each merchant that lists it.
   */
  async updateProduct(
    op: SessionOperator,
    body: {
      id: number;
      category_id?: number | undefined;
      main_lang?: Lang | undefined;
      texts?: ProductText[] | undefined;
      cost?: number | undefined;
      stock?: number | undefined;
      hot?: boolean | undefined;
      active?: boolean | undefined;
      image_ids?: number[] | undefined;
    },
  ) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction().execute(async (tx) => {
      const before = await repo.productById(tx, body.id);
      if (!before) throw notFound();
      const [textsBefore, imagesBefore] = await Promise.all([
        repo.textsOf(tx, [body.id]),
        repo.imagesOf(tx, [body.id]),
      ]);
      if (body.category_id !== undefined && !(await repo.categoryById(tx, body.category_id)))
        throw fieldRefusal('NOT_FOUND', 'category_id');

      // The texts after the change, checked before anything is written.
      const texts = new Map<Lang, ProductText>(textsBefore.map((t) => [t.lang, t]));
      for (const text of body.texts ?? []) {
        if (text.title === '') texts.delete(text.lang);
        else texts.set(text.lang, text);
      }
      const mainLang = body.main_lang ?? before.main_lang;
      const mainTitle = texts.get(mainLang)?.title ?? '';
      if (mainTitle === '') throw fieldRefusal('INVALID_INPUT', 'texts', 'FIELD_REQUIRED');

      const imageIds = body.image_ids;
      if (imageIds) {
        if (new Set(imageIds).size !== imageIds.length)
          throw fieldRefusal('INVALID_INPUT', 'image_ids', 'FIELD_INVALID');
        const own = new Set(imagesBefore.map((i) => i.id));
        if (imageIds.some((id) => !own.has(id))) throw fieldRefusal('NOT_FOUND', 'image_ids');
      }

      const changes = {
        ...(body.category_id !== undefined ? { category_id: body.category_id } : {}),
        ...(body.main_lang !== undefined ? { main_lang: body.main_lang } : {}),
        ...(body.cost !== undefined ? { cost: body.cost } : {}),
        ...(body.stock !== undefined ? { stock: body.stock } : {}),
        ...(body.hot !== undefined ? { hot: body.hot ? 1 : 0 } : {}),
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
      };
      await repo.updateProduct(tx, body.id, { ...changes, updated_at: now });
      if (body.texts) {
        await repo.deleteProductTexts(
          tx,
          body.id,
          body.texts.filter((t) => t.title === '').map((t) => t.lang),
        );
        await repo.putProductTexts(tx, body.id, withTitles(body.texts));
      }
      if (imageIds) await repo.setImageOrder(tx, body.id, imageIds);

      const after = { ...before, ...changes, updated_at: now };
      if (body.cost !== undefined && body.cost !== before.cost) {
        const params = {
          product_id: body.id,
          title: mainTitle,
          old_cost: formatMoney(before.cost),
          new_cost: formatMoney(body.cost),
        };
        for (const merchantId of await repo.listingMerchants(tx, body.id))
          await notify(
            tx,
            { merchantId, type: 'product_repriced', params, ref: { type: 'product', id: body.id } },
            now,
          );
      }
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'product.update',
          targetType: 'product',
          targetId: body.id,
          before: snapshot(
            before,
            textsBefore,
            imagesBefore.map((i) => i.id),
          ),
          after: snapshot(after, [...texts.values()], imageIds ?? imagesBefore.map((i) => i.id)),
        },
        now,
      );
      return this.oneProduct(tx, body.id);
    });
  }

  // ------------------------------------------------------------ images

  /**
   * Adds an image after the product's others: both sizes made and written first (under a new random
   * key, so nothing an earlier reply named is overwritten), then the row and its audit entry.
   */
  async addImage(op: SessionOperator, productId: number, bytes: Buffer) {
    const { db, clock, mediaDir } = this.deps;
    if (!(await repo.productById(db, productId))) throw fieldRefusal('NOT_FOUND', 'product_id');
    const pair = await productImageFromUpload(bytes);
    const key = newImageKey();
    await writeImagePair(mediaDir, key, pair);
    const now = clock.now();
    const row = await db.transaction().execute(async (tx) => {
      const row = await repo.insertImage(tx, {
        product_id: productId,
        sort: await repo.nextImageSort(tx, productId),
        key,
        ...sizesOf(pair),
        created_at: now,
      });
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'product.image.add',
          targetType: 'product',
          targetId: productId,
          before: null,
          after: { image_id: row.id, key, ...sizesOf(pair) },
        },
        now,
      );
      return row;
    });
    return { id: row.id, ...imageViews(row) };
  }

  // ------------------------------------------------------------ CSV import

  /**
   * Checks every row of a CSV file and, when none has a problem and it is not a dry run, inserts
   * them all in one transaction. Problems are in the operator's language.
   */
  async importCsv(op: SessionOperator, lang: Lang, bytes: Buffer, dryRun: boolean) {
    const { db, clock } = this.deps;
    const [categories, names] = await Promise.all([repo.categories(db), repo.namesOf(db)]);
    const namesById = groupBy(names, (n) => n.category_id);
    const index = new CategoryIndex(
      categories.map((c) => ({
        id: c.id,
        parentId: c.parent_id,
        names: (namesById.get(c.id) ?? []).map((n) => n.name),
      })),
    );
    const checked = checkImport(bytes, index, lang);
    const answer = { imported: 0, rows: checked.rows, dry_run: dryRun, problems: checked.problems };
    if (checked.problems.length || dryRun || !checked.products.length) return answer;
    const now = clock.now();
    const ids = await db.transaction().execute(async (tx) => {
      const ids = await repo.insertProducts(tx, checked.products, now);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'product.import',
          targetType: 'product',
          targetId: ids[0] as number,
          before: null,
          after: { imported: ids.length, first_id: ids[0], last_id: ids.at(-1) },
        },
        now,
      );
      return ids;
    });
    return { ...answer, imported: ids.length };
  }
}
