/** Business constants shared by the server and the apps. Values from the specification §9. */

export const LANGUAGES = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'vi';

/** Each language's own name, as a merchant looks for it in a picker. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  ko: '한국어',
  ja: '日本語',
  th: 'ไทย',
  vi: 'Tiếng Việt',
  tr: 'Türkçe',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A browser language tag as one of ours: exact ("zh-CN"), any Chinese → zh-CN, else by its base ("en-GB" → en); null for others. */
export function matchLang(tag: string): Lang | null {
  if (isLang(tag)) return tag;
  const base = tag.toLowerCase().split('-')[0] ?? '';
  if (base === 'zh') return 'zh-CN';
  return isLang(base) ? base : null;
}

/** The first of a browser's languages (`navigator.languages`, in its order) that is one of ours, else null. */
export function browserLang(tags: readonly (string | undefined)[]): Lang | null {
  for (const tag of tags) {
    const lang = tag ? matchLang(tag) : null;
    if (lang) return lang;
  }
  return null;
}

/**
 * The language named by the `lang` cookie of a Cookie header (the merchant app mirrors local
 * storage's choice into it, so the server can send /login already in it), else the default.
 */
export function langOfCookie(cookieHeader: string | undefined): Lang {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1]?.replace('%2D', '-');
  return isLang(value) ? value : DEFAULT_LANG;
}

/** The query parameter a page of its own (/login, /home) names its language with when it loads itself again. */
export const PAGE_LANG_PARAM = 'lang';

/**
 * The language to send a page of its own in (/login, /home): the one its address names
 * (`?lang=`, the page loading itself again in the merchant's language), else the `lang` cookie's.
 * The address comes first because a cookie written by the page just before it loads itself again
 * may not have reached the browser's cookie store when the request leaves: the page then came in
 * the old language, once in a repeated browser test (11-29).
 */
export function langOfPage(url: string, cookieHeader: string | undefined): Lang {
  const named = new URLSearchParams(url.split('?')[1] ?? '').get(PAGE_LANG_PARAM);
  return isLang(named) ? named : langOfCookie(cookieHeader);
}

export const REQUEST_TIMEOUT_MS = 99_999;
export const LOADING_TOAST_MS = 2_000;
export const PAY_PASSWORD_LENGTH = 6;
export const PAY_PASSWORD_MAX_FAILURES = 5;
export const PAY_PASSWORD_LOCK_MS = 30 * 60_000;
/** Wrong logins on one account (from anywhere) before the next login on it needs a captcha. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
/**
 * Wrong logins from one client address (on any accounts) before every login from it needs a
 * captcha: one address spraying many accounts. Higher than the per-account count, so one merchant's
 * typos do not bother the other merchants behind the same network (NAT).
 */
export const LOGIN_FAILURES_PER_CLIENT_BEFORE_CAPTCHA = 10;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The order total fetched after login: the Order tab's badge (awaiting pickup). */
export const ORDER_BADGE_QUERY = { status: 5, page: 1, limit: 10 } as const;

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

/** Minimum top-up, in minor units (100.00). */
export const MIN_TOPUP_MINOR = 10_000;
/** Upper bound of any single amount a request may carry, in minor units (1,000,000,000.00). */
export const MAX_AMOUNT_MINOR = 100_000_000_000;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_KINDS = ['logo', 'banner', 'id_card', 'voucher', 'license', 'product'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** Uploads only their owner and operators may read. */
export const PRIVATE_UPLOAD_KINDS: readonly UploadKind[] = ['id_card', 'voucher', 'license'];

export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const HANDOFF_TTL_MS = 10 * 60_000;

/** ISO 3166-1 alpha-2 codes offered by the country picker. */
export const COUNTRIES = [
  'VN',
  'TH',
  'KR',
  'JP',
  'CN',
  'TW',
  'HK',
  'TR',
  'US',
  'GB',
  'SG',
  'MY',
  'ID',
  'PH',
  'KH',
  'LA',
  'MM',
  'IN',
  'AU',
  'CA',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BR',
  'MX',
  'AE',
  'SA',
  'RU',
] as const;
export type Country = (typeof COUNTRIES)[number];

// ---------------------------------------------------------------- the Home dashboard (dashboard.ts)

/** The sales curve's ranges: today by hour, the last 7 or 30 days by day (today included). */
export const ECHART_RANGES = ['today', 'seven', 'thirty'] as const;
export type EchartRange = (typeof ECHART_RANGES)[number];

/** Credit score: what each event costs, and over how many days events count. */
export const CREDIT_SCORE_BASE = 100;
export const CREDIT_WINDOW_DAYS = 90;
/** An order picked up more than this long after it was paid was picked up late. */
export const LATE_PICKUP_HOURS = 48;
export const CREDIT_PENALTIES = {
  /** Each order picked up late (more than LATE_PICKUP_HOURS after payment). */
  late_pickup: 2,
  /** Each refund the merchant rejected and an operator then granted the buyer on appeal. */
  refund_lost: 5,
} as const;

// ---------------------------------------------------------------- the storefront (store.ts)

/** Most units of one product in one order. */
export const MAX_ORDER_QUANTITY = 99;
/** Stars a buyer gives an order. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Header of a guest's order link token. */
export const ORDER_TOKEN_HEADER = 'order-token';
