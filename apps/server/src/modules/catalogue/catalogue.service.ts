import type { CatalogueItem, CatalogueSort, CategoryNode, ProductDetail } from '@dropdesk/contract/catalogue';
import type { Lang } from '@dropdesk/contract/constants';
import type { Db } from '../../db/database';
import type { PageOf, Paging } from '../../db/paging';
import { notFound } from '../../lib/refusal';
import { type CatalogueRow, catalogueRepository } from './catalogue.repository';
import { detailOf, listingState, priced, thumbOf } from './catalogue.views';
import { levelsRepository } from './levels.repository';
import { listingsRepository } from './listings.repository';

export interface CatalogueDeps {
  db: Db;
}

/** The margin a merchant's prices are computed at: the terms of the level bought. */
export async function marginOf(db: Db, merchantId: number): Promise<number> {
  const terms = await levelsRepository.terms(db, merchantId);
  // Registration gives every shop the base level: a shop without one is a broken row, not a refusal.
  if (!terms) throw new Error(`merchant ${merchantId} has no level`);
  return terms.margin_bps;
}

/**
 * The catalogue as a merchant sees it (the distribution centre): categories, search, hot products
 * and a product's detail, priced at the merchant's margin and marked when the shop lists them.
 */
export class CatalogueService {
  constructor(private readonly deps: CatalogueDeps) {}

  /** The category tree, two levels, names in `lang` (else each category's main language). */
  async categories(lang: Lang): Promise<CategoryNode[]> {
    const rows = await catalogueRepository.categories(this.deps.db, lang);
    const parents = rows.filter((r) => r.parent_id === null);
    return parents.map((p) => ({
      id: p.id,
      name: p.name,
      children: rows.filter((c) => c.parent_id === p.id).map((c) => ({ id: c.id, name: c.name })),
    }));
  }

  /** Catalogue search: active products by keyword (title, full text) and category, in a sort. */
  async search(
    merchantId: number,
    lang: Lang,
    query: Paging & { keyword?: string | undefined; category_id?: number | undefined; sort: CatalogueSort },
  ) {
    const filter = { lang, keyword: query.keyword, categoryId: query.category_id };
    const page = await catalogueRepository.page(this.deps.db, merchantId, filter, query.sort, query);
    return this.items(merchantId, lang, page);
  }

  /** Hot products, best-selling first. */
  async hot(merchantId: number, lang: Lang, paging: Paging) {
    const page = await catalogueRepository.page(
      this.deps.db,
      merchantId,
      { lang, hot: true },
      'sales',
      paging,
    );
    return this.items(merchantId, lang, page);
  }

  private async items(
    merchantId: number,
    lang: Lang,
    page: PageOf<CatalogueRow>,
  ): Promise<PageOf<CatalogueItem> & { total_capped: boolean }> {
    const { db } = this.deps;
    const ids = page.list.map((r) => r.id);
    const [margin, texts, images] = await Promise.all([
      marginOf(db, merchantId),
      catalogueRepository.texts(db, lang, ids),
      catalogueRepository.firstImages(db, ids),
    ]);
    const { capped, ...rest } = page;
    return {
      ...rest,
      total_capped: capped ?? false,
      list: page.list.map((r) => ({
        id: r.id,
        category_id: r.category_id,
        title: texts.get(r.id)?.title ?? '',
        image: thumbOf(images.get(r.id)),
        ...priced(r.cost, margin),
        stock: r.stock,
        hot: r.hot === 1,
        sales: Number(r.sales),
        listed: r.listed === 1,
      })),
    };
  }

  /**
   * A product's detail: by the merchant's listing `id` (another shop's is NOT_FOUND), or by catalogue
   * `product_id` (an active product, or an inactive one the merchant still lists; else NOT_FOUND).
   */
  async detail(
    merchantId: number,
    lang: Lang,
    query: { id?: number | undefined; product_id?: number | undefined },
  ): Promise<ProductDetail> {
    const { db } = this.deps;
    const listing =
      query.id !== undefined
        ? await listingsRepository.byId(db, merchantId, query.id)
        : await listingsRepository.byProduct(db, merchantId, query.product_id ?? 0);
    if (query.id !== undefined && !listing) throw notFound();
    const productId = listing?.product_id ?? query.product_id ?? 0;
    const product = await catalogueRepository.product(db, productId);
    if (!product || (!product.active && !listing)) throw notFound();
    const [margin, texts, images] = await Promise.all([
      marginOf(db, merchantId),
      catalogueRepository.texts(db, lang, [productId]),
      catalogueRepository.images(db, productId),
    ]);
    const text = texts.get(productId);
    return {
      id: product.id,
      category_id: product.category_id,
      title: text?.title ?? '',
      description: text?.description ?? '',
      images: images.map(detailOf),
      ...priced(product.cost, margin),
      stock: product.stock,
      hot: product.hot === 1,
      active: product.active === 1,
      sales: Number(product.sales),
      listing: listing ? listingState(listing) : null,
    };
  }
}
