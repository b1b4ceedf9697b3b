import type { Lang } from '@dropdesk/contract/constants';
import * as kit from '@dropdesk/web-kit/format';
import { currentLang } from './i18n';
import { session } from './session';

/**
 * The kit's formatters (@dropdesk/web-kit/format) in the console's language by default: what is the
 * console's own is that default, the session's currency, and a dash for a time not set.
 */

/**
 * An amount with the platform's currency, the one way the console writes money: "1234.5" →
 * "$1,234.50" (en), "1.234,50 $" (vi). The currency is the session's (`login/totp` and `me` name
 * it); before the server has named it, the number alone.
 */
export function formatMoney(
  value: string | number,
  lang: Lang = currentLang(),
  currency = session.get().currency,
): string {
  return kit.amountIn(String(value), lang, currency);
}

export const formatNumber = (value: number, lang: Lang = currentLang()): string =>
  kit.formatNumber(value, lang);

/** Basis points as a percentage: 150 → "1.5%". */
export const formatBps = (bps: number, lang: Lang = currentLang()): string => kit.formatBps(bps, lang);

export const formatDate = (iso: string | null | undefined, lang: Lang = currentLang()): string =>
  iso ? kit.formatDate(iso, lang) : '—';

/** How long ago: "3 hours ago", "2 days ago" (the queues' oldest item). */
export const formatAge = (iso: string, now = Date.now(), lang: Lang = currentLang()): string =>
  kit.formatAge(iso, lang, now);

export { formatCountdown } from '@dropdesk/web-kit/format';
