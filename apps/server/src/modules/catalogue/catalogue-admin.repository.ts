import type { Lang } from '@dropdesk/contract/constants';
import type { Db } from '../../db/database';

export interface NewCategory {
  parentId: number | null;
  mainLang: Lang;
  /** A name per language; the main language's is required by the caller's rules. */
  names: Partial<Record<Lang, string>>;
  sort: number;
}

export interface ProductText {
  lang: Lang;
  title: string;
  description: string;
}

export interface NewProduct {
  categoryId: number;
  mainLang: Lang;
  texts: ProductText[];
  /** Minor units, > 0. */
  cost: number;
  stock: number;
  hot: boolean;
  active: boolean;
}

/**
 * Writes to the catalogue (categories, products and their texts): the operator API, the CSV
 * import, the demo seed and test factories all write through here. The rules (what an operator may
 * change, who is told) are the catalogue admin service's.
 */
export const catalogueAdminRepository = {
  async insertCategory(db: Db, category: NewCategory, now: number): Promise<number> {
    const { id } = await db
      .insertInto('categories')
      .values({
        parent_id: category.parentId,
        main_lang: category.mainLang,
        sort: category.sort,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await catalogueAdminRepository.putCategoryNames(db, id, category.names);
    return id;
  },

  /** Sets the names of the languages given (others keep theirs). */
  async putCategoryNames(db: Db, categoryId: number, names: Partial<Record<Lang, string>>): Promise<void> {
    const rows = Object.entries(names).map(([lang, name]) => ({
      category_id: categoryId,
      lang: lang as Lang,
      name: name as string,
    }));
    if (!rows.length) return;
    await db
      .insertInto('category_names')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['category_id', 'lang']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })),
      )
      .execute();
  },

  async insertProduct(db: Db, product: NewProduct, now: number): Promise<number> {
    const { id } = await db
      .insertInto('products')
      .values({
        category_id: product.categoryId,
        main_lang: product.mainLang,
        cost: product.cost,
        stock: product.stock,
        hot: product.hot ? 1 : 0,
        active: product.active ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await catalogueAdminRepository.putProductTexts(db, id, product.texts);
    return id;
  },

  /**
   * Sets the texts of the languages given (others keep theirs). An update of a title goes through
   * UPDATE, so SQLite's FTS triggers re-index it; PostgreSQL's GIN index follows by itself.
   */
  async putProductTexts(db: Db, productId: number, texts: ProductText[]): Promise<void> {
    for (const text of texts) {
      const updated = await db
        .updateTable('product_texts')
        .set({ title: text.title, description: text.description })
        .where('product_id', '=', productId)
        .where('lang', '=', text.lang)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) continue;
      await db
        .insertInto('product_texts')
        .values({ product_id: productId, lang: text.lang, title: text.title, description: text.description })
        .execute();
    }
  },
};
