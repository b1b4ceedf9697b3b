import { z } from 'zod';
import { emailField, phoneField } from './account';
import { LANGUAGES, MAX_ORDER_QUANTITY, RATING_MAX, RATING_MIN } from './constants';
import { isoTime, pageOf, pageQuery, queryInt } from './envelope';
import { moneyOut } from './money-fields';
import { moneyTrail, orderEvent, refundAmount, refundItem } from './orders';
import * as storePaths from './paths/store';
import { defineRoute } from './route';
import { text } from './text';
import { idField, reasonField } from './wallet';

/**
 * The storefront's API (`/store/*`, docs/design.md §5 "Storefront, buyers and figures"; docs/orders.md):
 * what buyers see of a shop, and the orders they place and pay. A buyer signs in with an email and
 * a code, or orders as a guest and keeps the order's link (`order_token`): every order call takes
 * either the buyer's session or that token.
 */

// The storefront's numbers and its order-link header live in constants.ts, which the storefront
// imports without zod; named here too, with the rest of the store's contract.
export { MAX_ORDER_QUANTITY, ORDER_TOKEN_HEADER, RATING_MAX, RATING_MIN } from './constants';

/** The payment providers the server may be configured with; `test` settles at once and says so. */
export const PAYMENT_PROVIDERS = ['test'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

// ---------------------------------------------------------------- fields

const nameField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .max(60, { error: 'FIELD_TOO_LONG' });
const addressField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(5, { error: 'FIELD_TOO_SHORT' })
  .max(300, { error: 'FIELD_TOO_LONG' });
const codeField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .regex(/^\d{6}$/, { error: 'CODE_INVALID' });
const commentField = text({ error: 'FIELD_INVALID', multiline: true })
  .trim()
  .max(500, { error: 'FIELD_TOO_LONG' });

// ---------------------------------------------------------------- shapes

export const storeShop = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  /** The advertisement banner (4:1), under the shop's head. */
  ad_banner_url: z.string().nullable(),
  /** Text, shown as text (never as HTML); line breaks kept. */
  intro: z.string(),
  welcome: z.string(),
  /** Links: '' or an https address (contract/shop.ts `isHttpsLink`); nothing else is sent. */
  service_link: z.string(),
  twitter: z.string(),
  google: z.string(),
  followers: z.number().int(),
  /** Whether the signed-in buyer follows it (false for a guest). */
  following: z.boolean(),
  /** Mean of buyers' ratings, one decimal; null before the first. */
  rating: z.number().nullable(),
  ratings: z.number().int(),
  closed: z.boolean(),
  /**
   * The shop's language: its merchant's (chosen in the merchant app, `set_language`). The storefront
   * shows a shop in it until the buyer picks another.
   */
  lang: z.enum(LANGUAGES),
});

export const storeProduct = z.object({
  /** The listing's id: what an order names. */
  id: z.number().int(),
  title: z.string(),
  image: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  price: moneyOut,
  stock: z.number().int(),
  sales: z.number().int(),
  recommended: z.boolean(),
});

export const storeProductDetail = storeProduct.extend({
  shop_id: z.number().int(),
  /** The shop's language (storeShop.lang): a product page opened from a link shows the shop's language. */
  shop_lang: z.enum(LANGUAGES),
  description: z.string(),
  images: z.array(z.object({ url: z.string(), width: z.number().int(), height: z.number().int() })),
});

/** How a buyer pays an order: the provider's payment and where to complete it. */
export const paymentOut = z.object({
  id: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** True for the `test` provider: no real money moves. The storefront says so on screen. */
  test_mode: z.boolean(),
  status: z.enum(['created', 'succeeded', 'failed', 'refunded']),
  amount: moneyOut,
  /** Where the buyer completes the payment (the provider's page; the test page for `test`). */
  pay_url: z.string(),
});

export const buyerOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  listing_id: z.number().int().nullable(),
  title: z.string(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  price: moneyOut,
  total: moneyOut,
  status: z.number().int(),
  receiver_name: z.string(),
  receiver_phone: z.string(),
  address: z.string(),
  carrier: z.string().nullable(),
  tracking_no: z.string().nullable(),
  timeline: z.array(orderEvent),
  pay_deadline: isoTime.nullable(),
  created_at: isoTime,
  money: moneyTrail.pick({ paid: true, paid_at: true, refunded: true }),
  refund: refundItem
    .pick({
      id: true,
      amount: true,
      reason: true,
      goods_received: true,
      status: true,
      reject_reason: true,
      appeal_statement: true,
      decision_reason: true,
      created_at: true,
    })
    .nullable(),
  rating: z.object({ stars: z.number().int(), comment: z.string(), at: isoTime }).nullable(),
  /** What the buyer may do now. */
  can: z.object({
    pay: z.boolean(),
    cancel: z.boolean(),
    confirm: z.boolean(),
    rate: z.boolean(),
    refund: z.boolean(),
    appeal: z.boolean(),
  }),
});
export type BuyerOrder = z.infer<typeof buyerOrder>;

// ---------------------------------------------------------------- bodies and queries

export const shopQuery = z.strictObject({ shop: queryInt(1, Number.MAX_SAFE_INTEGER) });
export const shopProductsQuery = z.strictObject({ shop: queryInt(1, Number.MAX_SAFE_INTEGER), ...pageQuery });
export const storeProductQuery = z.strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
/** The visitor is not named here: it is the signed cookie the server set with the shop's page. */
export const visitBody = z.strictObject({ shop: idField });
export const followBody = z.strictObject({ shop: idField, follow: z.boolean({ error: 'FIELD_INVALID' }) });
export const buyerSendCodeBody = z.strictObject({ email: emailField });
export const buyerLoginBody = z.strictObject({ email: emailField, code: codeField });
export const checkoutBody = z.strictObject({
  listing_id: idField,
  quantity: z
    .number({ error: 'FIELD_INTEGER' })
    .int({ error: 'FIELD_INTEGER' })
    .min(1, { error: 'FIELD_TOO_SMALL' })
    .max(MAX_ORDER_QUANTITY, { error: 'FIELD_TOO_BIG' }),
  receiver_name: nameField,
  receiver_phone: phoneField,
  address: addressField,
  /** A guest's email for the order link and notices; a signed-in buyer's own is used otherwise. */
  email: emailField.optional(),
});
export const orderRef = z.strictObject({ id: idField });
export const orderRefQuery = z.strictObject({ id: queryInt(1, Number.MAX_SAFE_INTEGER) });
export const rateBody = z.strictObject({
  id: idField,
  stars: z
    .number({ error: 'FIELD_INTEGER' })
    .int({ error: 'FIELD_INTEGER' })
    .min(RATING_MIN, { error: 'FIELD_TOO_SMALL' })
    .max(RATING_MAX, { error: 'FIELD_TOO_BIG' }),
  comment: commentField.default(''),
});
export const refundAskBody = z.strictObject({
  id: idField,
  amount: refundAmount,
  reason: reasonField,
  goods_received: z.boolean({ error: 'FIELD_CHOOSE' }),
});
export const appealBody = z.strictObject({ id: idField, statement: reasonField });
export const testPayBody = z.strictObject({
  payment_id: idField,
  outcome: z.enum(['succeed', 'fail']).default('succeed'),
});

const checkoutData = z.object({
  order: buyerOrder,
  payment: paymentOut,
  /** The order's link for a guest (`/s/order/<id>?t=<token>`); null for a signed-in buyer. */
  order_token: z.string().nullable(),
});

const ORDER_ACCESS = ['INVALID_INPUT', 'NOT_FOUND'] as const;

// ---------------------------------------------------------------- routes

export const storeRoutes = {
  shop: defineRoute({
    ...storePaths.shop,
    summary: "A shop's face: name, logo, banner, introduction, followers and rating",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: shopQuery,
    data: storeShop,
  }),
  products: defineRoute({
    ...storePaths.products,
    summary: "A shop's on-shelf products, recommended (express lane) first, then newest",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: shopProductsQuery,
    data: pageOf(storeProduct),
  }),
  product: defineRoute({
    ...storePaths.product,
    summary: 'One on-shelf product of a shop (by listing id)',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: storeProductQuery,
    data: storeProductDetail,
  }),
  visit: defineRoute({
    ...storePaths.visit,
    summary:
      "Record a page view of a shop, counted for the visitor id the server set with the storefront's page (an HttpOnly cookie): one visit per visitor, shop and day, at most 5 new visitors per shop, client address and day, none for automated clients; `counted` says whether this one counted",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    body: visitBody,
    data: z.object({ counted: z.boolean() }),
  }),
  follow: defineRoute({
    ...storePaths.follow,
    summary: 'Follow or unfollow a shop',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    body: followBody,
    data: z.object({ following: z.boolean(), followers: z.number().int() }),
  }),
  sendCode: defineRoute({
    ...storePaths.sendCode,
    summary: 'Email a 6-digit sign-in code (valid 10 minutes)',
    refusals: ['INVALID_INPUT', 'CODE_TOO_SOON'],
    body: buyerSendCodeBody,
    data: z.object({ sent: z.boolean() }),
  }),
  login: defineRoute({
    ...storePaths.login,
    summary: "Sign in with the emailed code; a guest's earlier orders with that email join the account",
    refusals: ['INVALID_INPUT', 'CODE_INVALID'],
    body: buyerLoginBody,
    data: z.object({ token: z.string(), email: z.string() }),
  }),
  logout: defineRoute({
    ...storePaths.logout,
    summary: "End the buyer's session",
    refusals: [],
    data: z.null(),
  }),
  checkout: defineRoute({
    ...storePaths.checkout,
    idempotent: true,
    summary:
      'Place an order for an on-shelf product (its stock is reserved) and create its payment; a guest gives an email and gets the order link',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'NOT_ON_SALE', 'OUT_OF_STOCK', 'SHOP_CLOSED'],
    body: checkoutBody,
    data: checkoutData,
  }),
  testPay: defineRoute({
    ...storePaths.testPay,
    summary:
      "The test provider's payment page: completes (or fails) a test payment by sending its signed event through the webhook, as a real provider would. Refused unless the test provider is configured",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'FORBIDDEN'],
    body: testPayBody,
    data: paymentOut,
  }),
  orders: defineRoute({
    ...storePaths.orders,
    summary: "The signed-in buyer's orders, newest first",
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({ ...pageQuery }),
    data: pageOf(buyerOrder),
  }),
  order: defineRoute({
    ...storePaths.order,
    summary: "One order, by the buyer's session or the guest's order link token (header order-token)",
    refusals: [...ORDER_ACCESS],
    query: orderRefQuery,
    data: z.object({ order: buyerOrder, payment: paymentOut.nullable() }),
  }),
  cancel: defineRoute({
    ...storePaths.cancel,
    idempotent: true,
    summary:
      'Cancel an order not yet picked up (0 or 5): the stock returns, and a paid order is refunded in full from escrow',
    refusals: [...ORDER_ACCESS, 'ORDER_STATUS_CHANGED'],
    body: orderRef,
    data: buyerOrder,
  }),
  confirm: defineRoute({
    ...storePaths.confirm,
    summary: 'Confirm receipt of a shipped order: the after-sales window opens, then the order settles',
    refusals: [...ORDER_ACCESS, 'ORDER_STATUS_CHANGED'],
    body: orderRef,
    data: buyerOrder,
  }),
  rate: defineRoute({
    ...storePaths.rate,
    summary: 'Rate a received order, once: 1–5 stars and a comment',
    refusals: [...ORDER_ACCESS, 'ORDER_STATUS_CHANGED', 'ALREADY_RATED'],
    body: rateBody,
    data: buyerOrder,
  }),
  refund: defineRoute({
    ...storePaths.refund,
    summary:
      'Ask for a refund of a paid order before it settles: an amount up to what was paid, a reason, and whether the goods arrived',
    refusals: [
      ...ORDER_ACCESS,
      'ORDER_STATUS_CHANGED',
      'REFUND_EXISTS',
      'REFUND_TOO_MUCH',
      'REFUND_WHOLE_ORDER',
      'CANNOT_BE_ZERO',
    ],
    body: refundAskBody,
    data: buyerOrder,
  }),
  appeal: defineRoute({
    ...storePaths.appeal,
    summary: "Appeal the merchant's rejection of a refund to the platform, with a statement",
    refusals: [...ORDER_ACCESS, 'ALREADY_RESOLVED'],
    body: appealBody,
    data: buyerOrder,
  }),
} as const;
