import { z } from 'zod';
import { PAY_PASSWORD_CHECK_REFUSALS, payPasswordField } from './account';
import { CATALOGUE_ROLES, categoryNamesField, imageOut, langField } from './catalogue';
import { isoTime, pageOf, pageQuery } from './envelope';
import { moneyIn, moneyOut } from './money-fields';
import * as adminExpressPaths from './paths/admin-express';
import * as expressPaths from './paths/express';
import { defineRoute } from './route';
import { idField } from './wallet';

/**
 * The shop express lane (docs/design.md §5 "Express lane, alliance, messages"; docs/express-alliance.md):
 * packages an operator sells (price, days, how many products they feature), bought from the wallet
 * with the payment password. A purchase features the chosen on-shelf products in the storefront's
 * recommended slots from the moment of purchase until it ends. It buys visibility, never orders.
 */

// ---------------------------------------------------------------- rules

/** One day, the unit of a package's duration. */
export const EXPRESS_DAY_MS = 86_400_000;
/** The longest package an operator may sell, in days. */
export const MAX_PACKAGE_DAYS = 365;
/** The most products one package may feature (and one buy may name). */
export const MAX_PACKAGE_PRODUCTS = 100;

/** A purchase is active from its purchase until `ends_at`, expired after. */
export const PURCHASE_STATES = ['active', 'expired'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

// ---------------------------------------------------------------- merchant shapes

/** A package on sale, named in the caller's language (else its main language). */
export const expressPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price: moneyOut,
  /** How long the products stay featured, in days from the purchase. */
  days: z.number().int(),
  /** How many products one purchase features (at most). */
  product_count: z.number().int(),
});
export type ExpressPackage = z.infer<typeof expressPackage>;

/** A product a purchase features: the catalogue product, titled in the caller's language. */
export const featuredProduct = z.object({
  product_id: z.number().int(),
  /** The shop's listing of it today (product management's id), or null once removed from the shop. */
  listing_id: z.number().int().nullable(),
  title: z.string(),
  image: imageOut.nullable(),
});

/** A purchase record: the package's terms of the day it was bought, and what it features. */
export const expressPurchase = z.object({
  id: z.number().int(),
  package_id: z.number().int(),
  /** The record's type: the package's name when bought, in the caller's language if it had one. */
  name: z.string(),
  /** What was paid. */
  price: moneyOut,
  days: z.number().int(),
  product_count: z.number().int(),
  starts_at: isoTime,
  ends_at: isoTime,
  /** `active` until `ends_at` (by the server's clock), then `expired`. */
  state: z.enum(PURCHASE_STATES),
  products: z.array(featuredProduct),
  created_at: isoTime,
});
export type ExpressPurchase = z.infer<typeof expressPurchase>;

// ---------------------------------------------------------------- merchant bodies and queries

/** Listings (product management's ids) to feature: one at least, each once. */
export const featureIdsField = z
  .array(idField, { error: 'SELECT_PRODUCT' })
  .min(1, { error: 'SELECT_PRODUCT' })
  .max(MAX_PACKAGE_PRODUCTS, { error: 'FIELD_TOO_BIG' })
  .transform((ids) => [...new Set(ids)]);

export const buyTrainBody = z.strictObject({
  /** The package. */
  id: idField,
  pay_password: payPasswordField,
  /** The shop's on-shelf listings to feature, at most the package's product_count. */
  listing_ids: featureIdsField,
});

export const trainBillQuery = z.strictObject({
  state: z.enum(PURCHASE_STATES, { error: 'FIELD_INVALID' }).optional(),
  ...pageQuery,
});

// ---------------------------------------------------------------- merchant routes

export const expressRoutes = {
  train: defineRoute({
    ...expressPaths.train,
    summary: 'The express-lane packages on sale, and how many of the shop products are featured now',
    refusals: [],
    data: z.object({
      list: z.array(expressPackage),
      /** The shop's products featured at this moment (by any active purchase). */
      featured: z.number().int(),
    }),
  }),
  buyTrain: defineRoute({
    ...expressPaths.buyTrain,
    writes: true,
    idempotent: true,
    summary:
      'Buy a package from the wallet: the chosen on-shelf products are featured (recommended, shown first in the storefront) until it ends',
    refusals: [
      'INVALID_INPUT',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      'SELECT_PRODUCT',
      'NOT_FOUND',
      'PACKAGE_NOT_ON_SALE',
      'TOO_MANY_PRODUCTS',
      'NOT_ON_SHELF',
      'ALREADY_FEATURED',
      'PACKAGE_BALANCE_SHORT',
      ...PAY_PASSWORD_CHECK_REFUSALS,
    ],
    body: buyTrainBody,
    data: z.object({ purchase: expressPurchase, balance: moneyOut }),
  }),
  buyTrainBill: defineRoute({
    ...expressPaths.buyTrainBill,
    summary: "The shop's express-lane purchases, newest first, active or expired",
    refusals: ['INVALID_INPUT'],
    query: trainBillQuery,
    data: pageOf(expressPurchase),
  }),
} as const;

// ---------------------------------------------------------------- operator shapes and routes

export const adminPackage = z.object({
  id: z.number().int(),
  main_lang: langField,
  names: z.record(z.string(), z.string()),
  price: moneyOut,
  days: z.number().int(),
  product_count: z.number().int(),
  /** On sale: merchants see it and can buy it. */
  active: z.boolean(),
  sort: z.number().int(),
  /** Purchases made of it. */
  sold: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AdminPackage = z.infer<typeof adminPackage>;

const packageFields = {
  main_lang: langField,
  names: categoryNamesField,
  price: moneyIn.refine((v) => v > 0, { error: 'CANNOT_BE_ZERO' }),
  days: z
    .number({ error: 'FIELD_REQUIRED' })
    .int({ error: 'FIELD_INTEGER' })
    .min(1, { error: 'FIELD_TOO_SMALL' })
    .max(MAX_PACKAGE_DAYS, { error: 'FIELD_TOO_BIG' }),
  product_count: z
    .number({ error: 'FIELD_REQUIRED' })
    .int({ error: 'FIELD_INTEGER' })
    .min(1, { error: 'FIELD_TOO_SMALL' })
    .max(MAX_PACKAGE_PRODUCTS, { error: 'FIELD_TOO_BIG' }),
  sort: z.number({ error: 'FIELD_INVALID' }).int({ error: 'FIELD_INTEGER' }).min(0).max(1_000_000),
};

export const adminExpressRoutes = {
  packages: defineRoute({
    ...adminExpressPaths.packages,
    roles: CATALOGUE_ROLES,
    summary: 'Every express-lane package, on sale or not, in display order, with how many were sold',
    refusals: [],
    data: z.array(adminPackage),
  }),
  createPackage: defineRoute({
    ...adminExpressPaths.createPackage,
    roles: CATALOGUE_ROLES,
    summary: 'Add a package (on sale at once); its main language needs a name',
    refusals: ['INVALID_INPUT', 'CANNOT_BE_ZERO'],
    body: z
      .strictObject({ ...packageFields, sort: packageFields.sort.default(0) })
      .refine((p) => p.names[p.main_lang] !== undefined, { error: 'FIELD_REQUIRED', path: ['names'] }),
    data: adminPackage,
  }),
  updatePackage: defineRoute({
    ...adminExpressPaths.updatePackage,
    roles: CATALOGUE_ROLES,
    summary:
      "Change a package's terms or put it back on sale: purchases from now on, never what merchants bought",
    refusals: ['INVALID_INPUT', 'CANNOT_BE_ZERO', 'NOT_FOUND'],
    body: z.strictObject({
      id: idField,
      main_lang: packageFields.main_lang.optional(),
      /** Replaces the names of the languages given; a language left out keeps its name. */
      names: packageFields.names.optional(),
      price: packageFields.price.optional(),
      days: packageFields.days.optional(),
      product_count: packageFields.product_count.optional(),
      sort: packageFields.sort.optional(),
      active: z.boolean({ error: 'FIELD_INVALID' }).optional(),
    }),
    data: adminPackage,
  }),
  disablePackage: defineRoute({
    ...adminExpressPaths.disablePackage,
    roles: CATALOGUE_ROLES,
    summary: 'Take a package off sale; purchases already made run to their end',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    body: z.strictObject({ id: idField }),
    data: adminPackage,
  }),
} as const;
