import { z } from 'zod';
import { LANGUAGES, type Lang } from './constants';
import { isoTime, pageOf, pageQuery, queryInt } from './envelope';
import * as adminMessagePaths from './paths/admin-message';
import * as messagePaths from './paths/message';
import { ADMINS, defineRoute, type OperatorRole } from './route';
import { text } from './text';
import { idField } from './wallet';

/**
 * Messages and announcements (docs/design.md §5 "Express lane, alliance, messages"; docs/messages.md).
 *
 * - A *user notice* tells one merchant of an event of its own (an order to pick up, a refund asked,
 *   a review decided...). It is stored with a title key `notice.<kind>` and params; the app writes
 *   the sentence in its language. Notices are written only by the event's own transaction.
 * - A *system message* is an operator's broadcast (plain title and body text, as typed), to every
 *   merchant registered when it was sent, or to chosen merchants.
 * - An *announcement* (`affiche`) is a short line scrolling on Home, in each language with a
 *   fallback, configured by an admin.
 *
 * Read state is kept on the server: a notice's `read_at`, and one row per merchant and system
 * message once that merchant has read it.
 */

// ---------------------------------------------------------------- kinds

/** Every event a merchant gets a user notice of (its title key is `notice.<kind>`). */
export const NOTICE_KINDS = [
  'recharge_approved',
  'recharge_rejected',
  // a chain transfer to the merchant's own address: credited after its confirmations (params
  // order_no, amount, network, confirmations), or dropped from the chain before that (order_no, amount)
  'recharge_credited',
  'recharge_dropped',
  'withdrawal_approved',
  'withdrawal_rejected',
  // a withdrawal still pending when its promise ran out (params order_no, amount, hours)
  'withdrawal_late',
  'kyc_verified',
  'kyc_rejected',
  'bank_changed',
  'product_repriced',
  'level_upgraded',
  // orders
  'order_paid',
  'order_cancelled',
  'refund_asked',
  'refund_appealed',
  'refund_arbitrated',
  'order_shipped',
  'order_progress',
  'order_settled',
  'promotion_started',
  'promotion_ended',
  'shop_closed',
  'shop_reopened',
  'commission_earned',
  // a balance adjustment approved by two admins (params direction, amount, reason)
  'balance_adjusted',
  // the security centre (docs/security.md), each with where the request came from (params device,
  // country: either null when unknown, time ISO): a sign-in from a device this account never used,
  // the login password changed (or reset by code), the payment password changed
  'security_new_device',
  'login_password_changed',
  'pay_password_changed',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The two tabs of the messages screen. */
export const MESSAGE_TYPES = ['system', 'notice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** A system message's kind. */
export const BROADCAST_KIND = 'broadcast';

/** Read filter of the list: everything, unread only (`0`), read only (`1`). */
export const IS_SEE = ['all', '0', '1'] as const;

/** Most ids one `see_notice` may name. */
export const SEE_IDS_MAX = 100;
/** Most merchants one broadcast may name. */
export const BROADCAST_MERCHANTS_MAX = 1_000;
export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_BODY_MAX = 2_000;
export const ANNOUNCEMENT_TEXT_MAX = 300;
export const ANNOUNCEMENT_SORT_MAX = 9_999;
/** Most announcements `affiche` answers. */
export const AFFICHE_LIMIT_MAX = 50;
export const AFFICHE_LIMIT_DEFAULT = 10;

// ---------------------------------------------------------------- announcements (Home)

/** One announcement as Home scrolls it: its text in the caller's language (or its fallback's). */
export const afficheItem = z.object({
  id: z.number().int(),
  text: z.string(),
  /** The language `text` is in: the caller's, or the announcement's fallback language. */
  lang: z.enum(LANGUAGES),
  created_at: isoTime,
});
export type AfficheItem = z.infer<typeof afficheItem>;

export const afficheQuery = z.strictObject({
  limit: queryInt(1, AFFICHE_LIMIT_MAX).default(AFFICHE_LIMIT_DEFAULT),
});

// ---------------------------------------------------------------- the merchant's messages

const unreadCounts = z.object({ system: z.number().int(), notice: z.number().int() });
export type UnreadCounts = z.infer<typeof unreadCounts>;

/** What a message links to: `order` (order id), `recharge`, `withdrawal`, `level`, `product`, ... */
export const messageLink = z.object({ type: z.string(), id: z.number().int() });
export type MessageLink = z.infer<typeof messageLink>;

export const messageItem = z.object({
  /** Unique within its type: a system message and a notice may share an id. */
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  /** The notice's event (NOTICE_KINDS), or `broadcast` for a system message. */
  kind: z.union([z.enum(NOTICE_KINDS), z.literal(BROADCAST_KIND)]),
  /** Notices: the key the app translates (`notice.<kind>`) and its params. Null on system messages. */
  title_key: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  /** System messages: the operator's title and body, plain text. Null on notices. */
  title: z.string().nullable(),
  body: z.string().nullable(),
  /** `system`: the platform's own event; `platform`: an operator's broadcast. */
  sender: z.enum(['system', 'platform']),
  created_at: isoTime,
  read: z.boolean(),
  link: messageLink.nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const noticeQuery = z.strictObject({
  type: z.enum(MESSAGE_TYPES, { error: 'FIELD_CHOOSE' }),
  is_see: z.enum(IS_SEE, { error: 'FIELD_INVALID' }).default('all'),
  ...pageQuery,
});

export const noticeDetailQuery = z.strictObject({
  type: z.enum(MESSAGE_TYPES, { error: 'FIELD_CHOOSE' }),
  id: queryInt(1, Number.MAX_SAFE_INTEGER),
});

/**
 * Mark read: the given ids of one type, or (`all: true`) every message of that type. Ids that are
 * not the caller's (another merchant's, a broadcast it was not sent, unknown) change nothing and
 * are not refused: `marked` counts only what this call turned read.
 */
export const seeNoticeBody = z
  .strictObject({
    type: z.enum(MESSAGE_TYPES, { error: 'FIELD_CHOOSE' }),
    ids: z
      .array(idField, { error: 'FIELD_INVALID' })
      .min(1, { error: 'FIELD_REQUIRED' })
      .max(SEE_IDS_MAX, { error: 'FIELD_TOO_BIG' })
      .transform((ids) => [...new Set(ids)])
      .optional(),
    all: z.literal(true, { error: 'FIELD_INVALID' }).optional(),
  })
  .refine((b) => b.ids !== undefined || b.all === true, { error: 'FIELD_REQUIRED', path: ['ids'] })
  .refine((b) => !(b.ids !== undefined && b.all === true), { error: 'FIELD_INVALID', path: ['all'] });
export type SeeNoticeBody = z.input<typeof seeNoticeBody>;

export const messageRoutes = {
  affiche: defineRoute({
    ...messagePaths.affiche,
    summary:
      "Announcements scrolling on Home: the active ones in order, each in the caller's language (the `lang` header) or its fallback language",
    refusals: ['INVALID_INPUT'],
    query: afficheQuery,
    data: z.object({ list: z.array(afficheItem) }),
  }),
  notice: defineRoute({
    ...messagePaths.notice,
    summary:
      'System messages or user notices, newest first, all / unread (is_see=0) / read (is_see=1), with the unread count of each type',
    refusals: ['INVALID_INPUT'],
    query: noticeQuery,
    data: pageOf(messageItem).extend({ unread: unreadCounts }),
  }),
  noticeDetail: defineRoute({
    ...messagePaths.noticeDetail,
    summary: "One of the caller's messages (another merchant's, or a broadcast not sent to it: NOT_FOUND)",
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    query: noticeDetailQuery,
    data: messageItem,
  }),
  unread: defineRoute({
    ...messagePaths.unread,
    summary: 'Unread messages of each type (the badges)',
    refusals: [],
    data: unreadCounts,
  }),
  seeNotice: defineRoute({
    ...messagePaths.seeNotice,
    summary:
      "Mark messages of one type read: the given ids (ids not the caller's change nothing) or all; answers how many turned read and the unread counts after",
    refusals: ['INVALID_INPUT'],
    body: seeNoticeBody,
    data: z.object({ marked: z.number().int(), unread: unreadCounts }),
  }),
} as const;

// ---------------------------------------------------------------- operators: broadcasts

/** Who may read the broadcasts sent and the announcements: the support desk and admins. */
export const MESSAGE_READERS = ['support', 'admin'] as const satisfies readonly OperatorRole[];

export const BROADCAST_AUDIENCES = ['all', 'chosen'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];

const requiredText = (max: number, multiline = false) =>
  text({ error: 'FIELD_REQUIRED', multiline })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(max, { error: 'FIELD_TOO_LONG' });

/**
 * A broadcast: plain text (a title on one line, a body that may span lines). `all` reaches every
 * merchant registered when it is sent (not those registering later); `chosen` the merchants named.
 */
export const broadcastBody = z
  .strictObject({
    title: requiredText(MESSAGE_TITLE_MAX),
    body: requiredText(MESSAGE_BODY_MAX, true),
    audience: z.enum(BROADCAST_AUDIENCES, { error: 'FIELD_CHOOSE' }),
    merchant_ids: z
      .array(idField, { error: 'FIELD_INVALID' })
      .max(BROADCAST_MERCHANTS_MAX, { error: 'FIELD_TOO_BIG' })
      .transform((ids) => [...new Set(ids)])
      .optional(),
  })
  .refine((b) => b.audience !== 'chosen' || (b.merchant_ids?.length ?? 0) > 0, {
    error: 'FIELD_REQUIRED',
    path: ['merchant_ids'],
  })
  .refine((b) => b.audience !== 'all' || b.merchant_ids === undefined || b.merchant_ids.length === 0, {
    error: 'FIELD_INVALID',
    path: ['merchant_ids'],
  });
export type BroadcastBody = z.input<typeof broadcastBody>;

export const broadcastItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(BROADCAST_AUDIENCES),
  /** `chosen`: the merchants named; `all`: empty. */
  merchant_ids: z.array(z.number().int()),
  /** Merchants it reaches, and how many of them have read it. */
  recipients: z.number().int(),
  reads: z.number().int(),
  operator: z.object({ id: z.number().int(), username: z.string() }),
  created_at: isoTime,
});
export type BroadcastItem = z.infer<typeof broadcastItem>;

// ---------------------------------------------------------------- operators: announcements

const announcementText = text({ error: 'FIELD_INVALID' })
  .trim()
  .max(ANNOUNCEMENT_TEXT_MAX, { error: 'FIELD_TOO_LONG' })
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** An announcement's text per language; a blank language falls back to `main_lang`'s. */
export const announcementTexts = z.strictObject(
  Object.fromEntries(LANGUAGES.map((lang) => [lang, announcementText])) as Record<
    Lang,
    typeof announcementText
  >,
  { error: 'FIELD_REQUIRED' },
);

const mainLangField = z.enum(LANGUAGES, { error: 'FIELD_CHOOSE' });
const sortField = z
  .number({ error: 'FIELD_INTEGER' })
  .int({ error: 'FIELD_INTEGER' })
  .min(0, { error: 'FIELD_TOO_SMALL' })
  .max(ANNOUNCEMENT_SORT_MAX, { error: 'FIELD_TOO_BIG' });

/** The fallback language must have a text: it is what every other language shows when blank. */
const hasMainText = (b: { main_lang?: Lang; texts?: Partial<Record<Lang, string | undefined>> }) =>
  b.main_lang === undefined || b.texts === undefined || b.texts[b.main_lang] !== undefined;

export const announcementCreateBody = z
  .strictObject({
    texts: announcementTexts,
    main_lang: mainLangField,
    active: z.boolean({ error: 'FIELD_INVALID' }).default(true),
    /** Lower first; equal sorts show the newest first. */
    sort: sortField.default(0),
  })
  .refine(hasMainText, { error: 'FIELD_REQUIRED', path: ['texts'] });
export type AnnouncementCreateBody = z.input<typeof announcementCreateBody>;

/** Changes what is given. `texts` replaces every language's text; `active: false` disables. */
export const announcementUpdateBody = z
  .strictObject({
    id: idField,
    texts: announcementTexts.optional(),
    main_lang: mainLangField.optional(),
    active: z.boolean({ error: 'FIELD_INVALID' }).optional(),
    sort: sortField.optional(),
  })
  .refine(hasMainText, { error: 'FIELD_REQUIRED', path: ['texts'] });
export type AnnouncementUpdateBody = z.input<typeof announcementUpdateBody>;

export const announcementItem = z.object({
  id: z.number().int(),
  texts: z.partialRecord(z.enum(LANGUAGES), z.string()),
  main_lang: z.enum(LANGUAGES),
  active: z.boolean(),
  sort: z.number().int(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

export const announcementsQuery = z.strictObject({
  active: z.enum(['0', '1'], { error: 'FIELD_INVALID' }).optional(),
  ...pageQuery,
});

export const adminMessageRoutes = {
  broadcasts: defineRoute({
    ...adminMessagePaths.broadcasts,
    roles: MESSAGE_READERS,
    summary: 'System messages sent, newest first, with their audience, recipients and reads',
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({ ...pageQuery }),
    data: pageOf(broadcastItem),
  }),
  broadcast: defineRoute({
    ...adminMessagePaths.broadcast,
    roles: ADMINS,
    summary:
      'Send a system message to every merchant registered now, or to chosen merchants (an unknown id: MERCHANT_UNKNOWN); audited',
    refusals: ['INVALID_INPUT', 'MERCHANT_UNKNOWN'],
    body: broadcastBody,
    data: broadcastItem,
  }),
  announcements: defineRoute({
    ...adminMessagePaths.announcements,
    roles: MESSAGE_READERS,
    summary: 'Announcements, in the order Home shows them (active and disabled, or filtered)',
    refusals: ['INVALID_INPUT'],
    query: announcementsQuery,
    data: pageOf(announcementItem),
  }),
  createAnnouncement: defineRoute({
    ...adminMessagePaths.createAnnouncement,
    roles: ADMINS,
    summary: 'Add an announcement: its text per language and the fallback language; audited',
    refusals: ['INVALID_INPUT'],
    body: announcementCreateBody,
    data: announcementItem,
  }),
  updateAnnouncement: defineRoute({
    ...adminMessagePaths.updateAnnouncement,
    roles: ADMINS,
    summary:
      'Change an announcement (texts, fallback language, order) or disable it (`active: false`); audited',
    refusals: ['INVALID_INPUT', 'NOT_FOUND'],
    body: announcementUpdateBody,
    data: announcementItem,
  }),
} as const;
