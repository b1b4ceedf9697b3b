import { z } from 'zod';
import { merchantStatus, phoneField, shopInfo, uploadRef } from './account';
import { isoTime, queryInt } from './envelope';
import * as adminShopPaths from './paths/admin-shop';
import * as shopPaths from './paths/shop';
import { ADMINS, defineRoute, SUPPORT } from './route';
import { text } from './text';
import { idField, reasonField } from './wallet';

/**
 * Shop settings (docs/shop.md): what a merchant says about the shop (basic info, social
 * links, the two banners), and what operators do to a shop (close it with a reason, reopen it) and to
 * the platform (its customer-service contact).
 */

// ---------------------------------------------------------------- limits

/** Longest value of each text a shop carries (characters, after trimming). */
export const SHOP_LIMITS = {
  name: 60,
  address: 200,
  intro: 1_000,
  welcome: 200,
  /** Any link: the shop's customer-service link, Twitter, Google, the platform's contact. */
  link: 500,
  /** The platform's customer-service text (hours, an email, a phone number). */
  serviceText: 500,
} as const;

/**
 * The pixel size the app crops and encodes each banner to. The storefront shows them at these
 * ratios (home banner 3:1, advertisement 4:1) and crops anything else to fit.
 */
export const BANNER_SIZES = {
  banner: { width: 1200, height: 400 },
  ad_banner: { width: 1200, height: 300 },
} as const;
export type BannerSlot = keyof typeof BANNER_SIZES;

// ---------------------------------------------------------------- links

/**
 * What is wrong with a link a merchant or an operator typed, or null when it is fine to show buyers
 * as a link: empty (no link), or an `https://` address of a named host, with no spaces and no
 * `user:password@`. `FIELD_HTTPS` when it does not start with `https://` (http:, javascript:, data:,
 * plain text); `FIELD_URL` when it does but is no usable address.
 */
export function linkProblem(value: string): 'FIELD_HTTPS' | 'FIELD_URL' | null {
  if (value === '') return null;
  if (!/^https:\/\//i.test(value)) return 'FIELD_HTTPS';
  if (/\s/.test(value)) return 'FIELD_URL';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'FIELD_URL';
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return 'FIELD_URL';
  // A public address names a domain (example.com), not a bare host name (localhost).
  if (!url.hostname.includes('.') || url.hostname.startsWith('.') || url.hostname.endsWith('.'))
    return 'FIELD_URL';
  return null;
}

/** True for a non-empty link buyers may be sent to (the storefront shows nothing else as a link). */
export const isHttpsLink = (value: string): boolean => value !== '' && linkProblem(value) === null;

/** An optional https link: empty means none. */
export const httpsLinkField = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(SHOP_LIMITS.link, { error: 'FIELD_TOO_LONG' })
  .refine((v) => linkProblem(v) !== 'FIELD_HTTPS', { error: 'FIELD_HTTPS', abort: true })
  .refine((v) => linkProblem(v) !== 'FIELD_URL', { error: 'FIELD_URL' });

// ---------------------------------------------------------------- fields

const requiredText = (max: number) =>
  text({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(max, { error: 'FIELD_TOO_LONG' });

/** Free text a merchant writes for buyers: it may span lines; empty means none. */
const freeText = (max: number) =>
  text({ error: 'FIELD_INVALID', multiline: true }).trim().max(max, { error: 'FIELD_TOO_LONG' });

/** The basic info (`/baseinfo`): every field is sent; `logo` only when a new one was uploaded. */
export const shopBasicBody = z.strictObject({
  /** A `logo` upload of this merchant's; left out, the logo stays. */
  logo: uploadRef.optional(),
  name: requiredText(SHOP_LIMITS.name),
  phone: phoneField,
  address: requiredText(SHOP_LIMITS.address),
  intro: freeText(SHOP_LIMITS.intro),
  welcome: freeText(SHOP_LIMITS.welcome),
  service_link: httpsLinkField,
});
export type ShopBasicBody = z.input<typeof shopBasicBody>;

/** The social links (`/socialmedia`): https only, empty means none. */
export const shopSocialBody = z.strictObject({
  twitter: httpsLinkField,
  google: httpsLinkField,
});
export type ShopSocialBody = z.input<typeof shopSocialBody>;

/**
 * `merchant/store`: any of the basic info and the social links. A field left out keeps its value,
 * so the basic info screen and the social media screen each send their own.
 */
export const storeBody = z.strictObject({ ...shopBasicBody.shape, ...shopSocialBody.shape }).partial();
export type StoreBody = z.input<typeof storeBody>;

/**
 * `merchant/store_banner`: each banner a `banner` upload of this merchant's, `null` to remove it, or
 * left out to keep it.
 */
export const storeBannerBody = z.strictObject({
  banner: uploadRef.nullable().optional(),
  ad_banner: uploadRef.nullable().optional(),
});
export type StoreBannerBody = z.input<typeof storeBannerBody>;

/** An operator closes a shop with a reason the merchant reads. */
export const closeShopBody = z.strictObject({ merchant_id: idField, reason: reasonField });
/** An operator reopens a closed shop; the note (optional) is told to the merchant. */
export const reopenShopBody = z.strictObject({ merchant_id: idField, note: freeText(500).default('') });
export const adminShopQuery = z.strictObject({ merchant_id: queryInt(1, Number.MAX_SAFE_INTEGER) });

/** The platform's customer-service contact: a link (https, empty for none) and a text. */
export const serviceContactBody = z.strictObject({
  url: httpsLinkField,
  text: freeText(SHOP_LIMITS.serviceText).default(''),
});
export type ServiceContactBody = z.input<typeof serviceContactBody>;

// ---------------------------------------------------------------- shapes

export const shopClosure = z.object({
  id: z.number().int(),
  reason: z.string(),
  /** The operator; null when closed from the command line (`npm run ops -- shop:close`). */
  closed_by: z.number().int().nullable(),
  closed_at: isoTime,
  reopened_by: z.number().int().nullable(),
  reopened_at: isoTime.nullable(),
  reopen_note: z.string().nullable(),
});
export type ShopClosure = z.infer<typeof shopClosure>;

/** A shop as operators see it: its status, its face and its closures, newest first. */
export const adminShop = z.object({
  merchant_id: z.number().int(),
  status: merchantStatus,
  closed_reason: z.string().nullable(),
  shop: shopInfo,
  closures: z.array(shopClosure),
});

export const serviceContact = z.object({
  url: z.string(),
  text: z.string(),
  /** `setting` once an admin has set it; until then `env`, the deployment's SERVICE_URL. */
  source: z.enum(['setting', 'env']),
  updated_at: isoTime.nullable(),
});

// ---------------------------------------------------------------- routes

export const shopRoutes = {
  store: defineRoute({
    ...shopPaths.store,
    writes: true,
    summary:
      "Save the shop's basic info (logo, name, phone, address, introduction, welcome, customer-service link) and social links (Twitter, Google: https only); fields left out keep their values",
    refusals: ['INVALID_INPUT', 'UPLOAD_INVALID'],
    body: storeBody,
    data: shopInfo,
  }),
  storeBanner: defineRoute({
    ...shopPaths.storeBanner,
    writes: true,
    summary: 'Save the home banner and the advertisement banner (banner uploads; null removes one)',
    refusals: ['INVALID_INPUT', 'UPLOAD_INVALID'],
    body: storeBannerBody,
    data: shopInfo,
  }),
} as const;

export const adminShopRoutes = {
  shop: defineRoute({
    ...adminShopPaths.shop,
    roles: SUPPORT,
    summary: 'A shop: its status, its face and its closures (newest first, at most 50)',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: adminShopQuery,
    data: adminShop,
  }),
  close: defineRoute({
    ...adminShopPaths.close,
    roles: SUPPORT,
    summary:
      'Close a shop with a reason: its sessions end, every writing action answers SHOP_CLOSED, and the merchant gets a notice with the reason',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'SHOP_ALREADY_CLOSED'],
    body: closeShopBody,
    data: adminShop,
  }),
  reopen: defineRoute({
    ...adminShopPaths.reopen,
    roles: SUPPORT,
    summary: 'Reopen a closed shop; the merchant gets a notice',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'SHOP_NOT_CLOSED'],
    body: reopenShopBody,
    data: adminShop,
  }),
  serviceContact: defineRoute({
    ...adminShopPaths.serviceContact,
    roles: SUPPORT,
    summary: "The platform's customer-service contact (common/config's service_url and service_text)",
    refusals: [],
    data: serviceContact,
  }),
  setServiceContact: defineRoute({
    ...adminShopPaths.setServiceContact,
    roles: ADMINS,
    summary:
      "Set the platform's customer-service contact: an https link (empty: none) and a text (admin role)",
    refusals: ['INVALID_INPUT'],
    body: serviceContactBody,
    data: serviceContact,
  }),
} as const;
