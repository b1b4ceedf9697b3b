import { z } from 'zod';
import { PAY_PASSWORD_CHECK_REFUSALS, payPasswordField } from './account';
import { LANGUAGES } from './constants';
import { isoTime, pageOf, pageQuery, queryInt } from './envelope';
import { applyBps, type Minor } from './money';
import { moneyIn, moneyOut } from './money-fields';
import * as adminCataloguePaths from './paths/admin-catalogue';
import * as cataloguePaths from './paths/catalogue';
import { defineRoute, type OperatorRole } from './route';
import { text } from './text';
import { idField } from './wallet';

/**
 * The catalogue, seller levels and listing (docs/design.md §5 "Catalogue, levels and listing"): the
 * platform's supplier catalogue, the levels a merchant buys, and the listings a merchant adds from
 * the catalogue into the shop (the distribution centre and product management of the spec).
 */

// ---------------------------------------------------------------- rules

/**
 * The selling price of a product at a margin: cost × (1 + margin), rounded half-up to the cent by
 * the one rounding function (money.ts applyBps). The server prices listings with it and the
 * screens show what an upgrade would change with it.
 */
export function sellingPrice(cost: Minor, marginBps: number): Minor {
  return cost + applyBps(cost, marginBps);
}

/** Products one add call may name. */
export const MAX_ADD_IDS = 100;
/** Listings one setSwitch or del call may name. */
export const MAX_LISTING_IDS = 100;
/** A margin an operator may give a level: up to 1000% (basis points). */
export const MAX_MARGIN_BPS = 100_000;
/** A level's quota: listings a merchant at that level may hold. */
export const MAX_QUOTA = 1_000_000;
/** Catalogue search counts its matches up to this many at most; `total_capped` says when more match. */
export const SEARCH_COUNT_CAP = 100;
/** The shortest keyword the trigram indexes answer from the index (shorter ones scan the titles). */
export const SEARCH_MIN_INDEXED_CHARS = 3;

/** Catalogue sorts: newest first, price low to high, price high to low, best-selling first. */
export const CATALOGUE_SORTS = ['newest', 'price', 'price_desc', 'sales'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** A listing is on shelf (selling, buyers see it) or in the warehouse (off shelf). */
export const LISTING_STATUSES = ['selling', 'warehouse'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export const LISTING_FILTERS = ['all', ...LISTING_STATUSES] as const;

/** Why a listed product can't be sold now (the catalogue's flags show through). */
export const UNSELLABLE_REASONS = ['inactive', 'out_of_stock'] as const;
export type UnsellableReason = (typeof UNSELLABLE_REASONS)[number];

/**
 * Why an add skipped a product: the quota is full, the shop already lists it, the catalogue has it
 * switched off, or there is no such product.
 */
export const SKIP_REASONS = ['quota', 'listed', 'inactive', 'missing'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Roles that manage the catalogue and the levels. */
export const CATALOGUE_ROLES = ['catalogue', 'admin'] as const satisfies readonly OperatorRole[];

// ---------------------------------------------------------------- fields

export const keywordField = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(100, { error: 'FIELD_TOO_LONG' })
  .optional()
  .transform((v) => (v ? v : undefined));

const idList = (max: number) =>
  z
    .array(idField, { error: 'SELECT_PRODUCT' })
    .min(1, { error: 'SELECT_PRODUCT' })
    .max(max, { error: 'FIELD_TOO_BIG' })
    .transform((ids) => [...new Set(ids)]);

export const langField = z.enum(LANGUAGES, { error: 'FIELD_INVALID' });

/** An image at one size, with its size so a list reserves the space before it loads. */
export const imageOut = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type ImageOut = z.infer<typeof imageOut>;

/** What a merchant sees of a product's price at the merchant's margin. */
const priced = {
  /** Purchase price: what the merchant pays the supplier at pickup. */
  cost: moneyOut,
  /** Selling price at the merchant's margin (sellingPrice). */
  price: moneyOut,
  /** price − cost. */
  profit: moneyOut,
};

// ---------------------------------------------------------------- merchant shapes

export const categoryNode = z.object({
  id: z.number().int(),
  /** In the caller's language, else the category's main language. */
  name: z.string(),
  children: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CategoryNode = z.infer<typeof categoryNode>;

/** A catalogue product in the distribution centre. */
export const catalogueItem = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  /** In the caller's language, else the product's main language; '' when it has none (the screen says so). */
  title: z.string(),
  /** The first image's thumbnail. */
  image: imageOut.nullable(),
  ...priced,
  stock: z.number().int(),
  hot: z.boolean(),
  /** Units sold platform-wide: from orders, 0 until there are some. */
  sales: z.number().int(),
  /** This merchant already lists it (the spec's marker). */
  listed: z.boolean(),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

/**
 * A page of catalogue search. With `total_capped` false, `total` is exact. With it true, more than
 * `total` match: a newest-first keyword search counts only to the end of the page it read, other
 * searches up to SEARCH_COUNT_CAP (a screen says "100+" and keeps loading pages while they are full).
 */
export const searchPage = pageOf(catalogueItem).extend({ total_capped: z.boolean() });

export const quotaOut = z.object({ used: z.number().int(), total: z.number().int() });

/** What a distribute call did: how many were added, and how many skipped for each reason. */
export const distributeResult = z.object({
  added: z.number().int(),
  skipped: z.object(
    Object.fromEntries(SKIP_REASONS.map((r) => [r, z.number().int()])) as {
      [K in SkipReason]: z.ZodNumber;
    },
  ),
  quota: quotaOut,
});
export type DistributeResult = z.infer<typeof distributeResult>;

/** A listing in product management. */
export const listingItem = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  title: z.string(),
  image: imageOut.nullable(),
  ...priced,
  stock: z.number().int(),
  status: z.enum(LISTING_STATUSES),
  /** Buyers can buy it now: on shelf, the product active and in stock. */
  sellable: z.boolean(),
  /** Why the product can't be sold whatever the shelf says, or null. */
  unsellable_reason: z.enum(UNSELLABLE_REASONS).nullable(),
  /** Storefront views and units sold in this shop: from events, 0 until there are some. */
  views: z.number().int(),
  sales: z.number().int(),
  recommended: z.boolean(),
  created_at: isoTime,
});
export type ListingItem = z.infer<typeof listingItem>;

export const shopCounts = z.object({
  selling: z.number().int(),
  warehouse: z.number().int(),
  quota: quotaOut,
});

export const productDetail = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** Detail-size images, in order. */
  images: z.array(imageOut),
  ...priced,
  stock: z.number().int(),
  hot: z.boolean(),
  active: z.boolean(),
  sales: z.number().int(),
  /** This merchant's listing of it, or null when not listed. */
  listing: listingItem
    .pick({ id: true, status: true, sellable: true, unsellable_reason: true, views: true, sales: true })
    .nullable(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const levelItem = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  name: z.string(),
  /** Basis points: 1500 = 15%. */
  margin_bps: z.number().int(),
  quota: z.number().int(),
  /** What buying this level costs today. */
  price: moneyOut,
});
export type LevelItem = z.infer<typeof levelItem>;

/** The merchant's level: the terms bought, kept when an operator later changes the level. */
export const currentLevel = z.object({
  level_id: z.number().int(),
  rank: z.number().int(),
  name: z.string(),
  margin_bps: z.number().int(),
  quota: z.number().int(),
  /** When it was bought; null for the level every shop starts at. */
  bought_at: isoTime.nullable(),
});

// ---------------------------------------------------------------- merchant bodies and queries

export const catalogueQuery = z.strictObject({
  keyword: keywordField,
  category_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  sort: z.enum(CATALOGUE_SORTS, { error: 'FIELD_INVALID' }).default('newest'),
  ...pageQuery,
});

export const addBody = z.strictObject({ product_ids: idList(MAX_ADD_IDS) });
export const addAllBody = z.strictObject({
  keyword: keywordField,
  category_id: idField.optional(),
});
export const listingIdsBody = z.strictObject({ ids: idList(MAX_LISTING_IDS) });
export const setSwitchBody = z.strictObject({
  ids: idList(MAX_LISTING_IDS),
  status: z.enum(LISTING_STATUSES, { error: 'FIELD_CHOOSE' }),
});
export const manageQuery = z.strictObject({
  status: z.enum(LISTING_FILTERS, { error: 'FIELD_INVALID' }).default('all'),
  keyword: keywordField,
  ...pageQuery,
});
/** A listing (`id`, from product management) or a catalogue product (`product_id`): one of them. */
export const detailQuery = z
  .strictObject({
    id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
    product_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((q) => (q.id === undefined) !== (q.product_id === undefined), {
    error: 'FIELD_REQUIRED',
    path: ['id'],
  });
export const levelUpgradeBody = z.strictObject({ level_id: idField, pay_password: payPasswordField });

// ---------------------------------------------------------------- merchant routes

export const catalogueRoutes = {
  category: defineRoute({
    ...cataloguePaths.category,
    summary: 'The catalogue categories, two levels deep, in the caller language',
    refusals: [],
    data: z.array(categoryNode),
  }),
  product: defineRoute({
    ...cataloguePaths.product,
    summary: 'Catalogue search (full text in the caller and the product main language), active products only',
    refusals: ['INVALID_INPUT'],
    query: catalogueQuery,
    data: searchPage,
  }),
  hot: defineRoute({
    ...cataloguePaths.hot,
    summary: 'Hot products of the catalogue, best-selling first',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({ ...pageQuery }),
    data: searchPage,
  }),
  add: defineRoute({
    ...cataloguePaths.add,
    writes: true,
    summary: 'List catalogue products in the shop, within the quota; listed and inactive ones are skipped',
    refusals: ['INVALID_INPUT', 'SELECT_PRODUCT'],
    body: addBody,
    data: distributeResult,
  }),
  addAll: defineRoute({
    ...cataloguePaths.addAll,
    writes: true,
    summary: 'List everything a category or search matches, newest first, up to the quota',
    refusals: ['INVALID_INPUT'],
    body: addAllBody,
    data: distributeResult,
  }),
  addAllHot: defineRoute({
    ...cataloguePaths.addAllHot,
    writes: true,
    summary: 'List the hot products, best-selling first, up to the quota',
    refusals: ['INVALID_INPUT'],
    body: z.strictObject({}),
    data: distributeResult,
  }),
  manage: defineRoute({
    ...cataloguePaths.manage,
    summary: "The shop's listings, newest first, with the shop's counts and quota",
    refusals: ['INVALID_INPUT'],
    query: manageQuery,
    data: pageOf(listingItem).extend({ counts: shopCounts }),
  }),
  detail: defineRoute({
    ...cataloguePaths.detail,
    summary: 'A listing (id) or a catalogue product (product_id), with images, prices and the listing state',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: detailQuery,
    data: productDetail,
  }),
  setSwitch: defineRoute({
    ...cataloguePaths.setSwitch,
    writes: true,
    summary:
      "Put listings on shelf (selling) or off shelf (warehouse); all of them the caller's or none changes",
    refusals: ['INVALID_INPUT', 'SELECT_PRODUCT', 'NOT_FOUND'],
    body: setSwitchBody,
    data: z.object({ updated: z.number().int(), counts: shopCounts }),
  }),
  del: defineRoute({
    ...cataloguePaths.del,
    writes: true,
    summary: 'Remove listings from the shop (their orders stay); all of them the caller or none changes',
    refusals: ['INVALID_INPUT', 'SELECT_PRODUCT', 'NOT_FOUND'],
    body: listingIdsBody,
    data: z.object({ removed: z.number().int(), counts: shopCounts }),
  }),
  level: defineRoute({
    ...cataloguePaths.level,
    summary: "The seller levels side by side, and the merchant's current level and quota used",
    refusals: [],
    data: z.object({
      current: currentLevel,
      levels: z.array(levelItem),
      /** The level an upgrade buys, or null at the top. */
      next_level_id: z.number().int().nullable(),
      quota_used: z.number().int(),
    }),
  }),
  levelUpgrade: defineRoute({
    ...cataloguePaths.levelUpgrade,
    writes: true,
    idempotent: true,
    summary:
      'Buy the next level from the wallet: a new margin reprices the listings, a bigger quota applies at once',
    refusals: [
      'INVALID_INPUT',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      'NOT_FOUND',
      'LEVEL_NOT_NEXT',
      'INSUFFICIENT_BALANCE',
      ...PAY_PASSWORD_CHECK_REFUSALS,
    ],
    body: levelUpgradeBody,
    data: z.object({ current: currentLevel, balance: moneyOut }),
  }),
} as const;

// ---------------------------------------------------------------- operator shapes

export const textsField = z
  .array(
    z.strictObject({
      lang: langField,
      title: text({ error: 'FIELD_REQUIRED' }).trim().max(200, { error: 'FIELD_TOO_LONG' }),
      description: text({ multiline: true }).trim().max(5_000, { error: 'FIELD_TOO_LONG' }).default(''),
    }),
  )
  .max(LANGUAGES.length)
  .refine((texts) => new Set(texts.map((t) => t.lang)).size === texts.length, { error: 'FIELD_INVALID' });

export const categoryNamesField = z.partialRecord(
  langField,
  text({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(60, { error: 'FIELD_TOO_LONG' }),
);

export const adminCategory = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  main_lang: langField,
  names: z.record(z.string(), z.string()),
  sort: z.number().int(),
  products: z.number().int(),
});

export const adminImage = z.object({
  id: z.number().int(),
  thumb: imageOut,
  detail: imageOut,
});

export const adminProduct = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  main_lang: langField,
  texts: z.array(z.object({ lang: langField, title: z.string(), description: z.string() })),
  images: z.array(adminImage),
  cost: moneyOut,
  stock: z.number().int(),
  hot: z.boolean(),
  active: z.boolean(),
  sales: z.number().int(),
  /** Shops that list it. */
  listings: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AdminProduct = z.infer<typeof adminProduct>;

const stockField = z
  .number({ error: 'FIELD_REQUIRED' })
  .int({ error: 'FIELD_INTEGER' })
  .min(0, { error: 'FIELD_TOO_SMALL' })
  .max(1_000_000_000, { error: 'FIELD_TOO_BIG' });
const sortField = z.number({ error: 'FIELD_INVALID' }).int({ error: 'FIELD_INTEGER' }).min(0).max(1_000_000);

export const productBody = z
  .strictObject({
    category_id: idField,
    main_lang: langField,
    texts: textsField,
    cost: moneyIn.refine((v) => v > 0, { error: 'CANNOT_BE_ZERO' }),
    stock: stockField,
    hot: z.boolean({ error: 'FIELD_INVALID' }).default(false),
    active: z.boolean({ error: 'FIELD_INVALID' }).default(true),
  })
  .refine((p) => p.texts.some((t) => t.lang === p.main_lang && t.title !== ''), {
    error: 'FIELD_REQUIRED',
    path: ['texts'],
  });

export const productUpdateBody = z.strictObject({
  id: idField,
  category_id: idField.optional(),
  main_lang: langField.optional(),
  /** Replaces the texts of the languages given; a language left out keeps its text. */
  texts: textsField.optional(),
  cost: moneyIn.refine((v) => v > 0, { error: 'CANNOT_BE_ZERO' }).optional(),
  stock: stockField.optional(),
  hot: z.boolean({ error: 'FIELD_INVALID' }).optional(),
  active: z.boolean({ error: 'FIELD_INVALID' }).optional(),
  /** The image ids in the order to show them; images left out are removed from the product. */
  image_ids: z.array(idField).max(20).optional(),
});

export const adminLevel = levelItem.extend({ merchants: z.number().int(), updated_at: isoTime });

const levelFields = {
  name: text({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(40, { error: 'FIELD_TOO_LONG' }),
  margin_bps: z
    .number({ error: 'FIELD_REQUIRED' })
    .int({ error: 'FIELD_INTEGER' })
    .min(0, { error: 'FIELD_TOO_SMALL' })
    .max(MAX_MARGIN_BPS, { error: 'FIELD_TOO_BIG' }),
  quota: z
    .number({ error: 'FIELD_REQUIRED' })
    .int({ error: 'FIELD_INTEGER' })
    .min(1, { error: 'FIELD_TOO_SMALL' })
    .max(MAX_QUOTA, { error: 'FIELD_TOO_BIG' }),
  price: moneyIn,
};

/** One row's problem in a CSV import: the row (1 = the first data row), the column, the message. */
export const importProblem = z.object({ row: z.number().int(), field: z.string(), message: z.string() });

/** The CSV import's columns (the header row names them; the order is free). */
export const IMPORT_COLUMNS = [
  'category',
  'main_lang',
  'cost',
  'stock',
  'hot',
  'active',
  ...LANGUAGES.flatMap((lang) => [`title_${lang}`, `description_${lang}`]),
] as const;

// ---------------------------------------------------------------- operator routes

export const adminCatalogueRoutes = {
  categories: defineRoute({
    ...adminCataloguePaths.categories,
    roles: CATALOGUE_ROLES,
    summary: 'Every category with its names per language, parents first',
    refusals: [],
    data: z.array(adminCategory),
  }),
  createCategory: defineRoute({
    ...adminCataloguePaths.createCategory,
    roles: CATALOGUE_ROLES,
    summary: 'Add a category (two levels: a parent has no parent)',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'CATEGORY_TOO_DEEP'],
    body: z
      .strictObject({
        parent_id: idField.nullable().default(null),
        main_lang: langField,
        names: categoryNamesField,
        sort: sortField.default(0),
      })
      .refine((c) => c.names[c.main_lang] !== undefined, { error: 'FIELD_REQUIRED', path: ['names'] }),
    data: adminCategory,
  }),
  updateCategory: defineRoute({
    ...adminCataloguePaths.updateCategory,
    roles: CATALOGUE_ROLES,
    summary: 'Rename or reorder a category (names given replace those languages)',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    body: z.strictObject({ id: idField, names: categoryNamesField.optional(), sort: sortField.optional() }),
    data: adminCategory,
  }),
  products: defineRoute({
    ...adminCataloguePaths.products,
    roles: CATALOGUE_ROLES,
    summary: 'Catalogue products, newest first, searched like the merchant search (any language)',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({
      keyword: keywordField,
      category_id: queryInt(1, Number.MAX_SAFE_INTEGER).optional(),
      active: z.enum(['all', 'active', 'inactive'], { error: 'FIELD_INVALID' }).default('all'),
      ...pageQuery,
    }),
    data: pageOf(adminProduct),
  }),
  createProduct: defineRoute({
    ...adminCataloguePaths.createProduct,
    roles: CATALOGUE_ROLES,
    summary: 'Add a product; its main language needs a title',
    refusals: ['INVALID_INPUT', 'CANNOT_BE_ZERO', 'NOT_FOUND'],
    body: productBody,
    data: adminProduct,
  }),
  updateProduct: defineRoute({
    ...adminCataloguePaths.updateProduct,
    roles: CATALOGUE_ROLES,
    summary: 'Change a product; a new cost reprices its listings and tells the shops that list it',
    refusals: ['INVALID_INPUT', 'CANNOT_BE_ZERO', 'NOT_FOUND'],
    body: productUpdateBody,
    data: adminProduct,
  }),
  uploadImage: defineRoute({
    ...adminCataloguePaths.uploadImage,
    roles: CATALOGUE_ROLES,
    multipart: true,
    summary:
      'Add an image to a product (multipart: `product_id`, then `file`); thumbnail and detail WebP made at upload',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'UNSUPPORTED_FILE', 'FILE_TOO_LARGE', 'UPLOAD_INVALID'],
    data: adminImage,
  }),
  importCsv: defineRoute({
    ...adminCataloguePaths.importCsv,
    roles: CATALOGUE_ROLES,
    multipart: true,
    summary:
      'Import products from CSV (multipart `file`, optional `dry_run`): every row is checked first, and nothing is imported while any row has a problem',
    refusals: ['INVALID_INPUT', 'UNSUPPORTED_FILE', 'FILE_TOO_LARGE', 'UPLOAD_INVALID'],
    data: z.object({
      imported: z.number().int(),
      rows: z.number().int(),
      dry_run: z.boolean(),
      problems: z.array(importProblem),
    }),
  }),
  levels: defineRoute({
    ...adminCataloguePaths.levels,
    roles: CATALOGUE_ROLES,
    summary: 'The seller levels, by rank, with how many merchants hold each',
    refusals: [],
    data: z.array(adminLevel),
  }),
  createLevel: defineRoute({
    ...adminCataloguePaths.createLevel,
    roles: CATALOGUE_ROLES,
    summary: 'Add a level above the highest',
    refusals: ['INVALID_INPUT'],
    body: z.strictObject(levelFields),
    data: adminLevel,
  }),
  updateLevel: defineRoute({
    ...adminCataloguePaths.updateLevel,
    roles: CATALOGUE_ROLES,
    summary: "Change a level's terms: they apply to purchases from now on, never to what merchants bought",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    body: z.strictObject({
      id: idField,
      name: levelFields.name.optional(),
      margin_bps: levelFields.margin_bps.optional(),
      quota: levelFields.quota.optional(),
      price: levelFields.price.optional(),
    }),
    data: adminLevel,
  }),
} as const;
