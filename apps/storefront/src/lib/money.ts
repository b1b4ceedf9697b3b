import type { CurrencyInfo } from '@dropdesk/contract/account';
import type { Lang } from '@dropdesk/contract/constants';
import * as accountPaths from '@dropdesk/contract/paths/account';
import { readReply } from '@dropdesk/web-kit/http';
import { useSyncExternalStore } from 'react';
import { loadJson, save } from './storage';

/**
 * The platform's one currency (docs/design.md §1.3). The contract's public call that names it is the
 * merchant app's `GET /merchant/common/config` (`accountPaths.config`, auth none, `data.currency`):
 * read once per page load in the background, kept in local storage so the next visit writes amounts
 * with it at once. Until then the server's own default (USD, config.ts `currencyOf`) is assumed.
 */
export const DEFAULT_CURRENCY: CurrencyInfo = { code: 'USD', symbol: '$' };

let currency: CurrencyInfo = loadJson('currency', DEFAULT_CURRENCY);
const listeners = new Set<() => void>();
let asked = false;

export function setCurrency(next: CurrencyInfo): void {
  if (next.code === currency.code && next.symbol === currency.symbol) return;
  currency = next;
  save('currency', JSON.stringify(next));
  for (const l of listeners) l();
}

/** Asks the server once per page load; a failure keeps what we had (amounts stay readable). */
export function refreshCurrency(): void {
  if (asked) return;
  asked = true;
  fetch(accountPaths.config.path, { headers: { Accept: 'application/json' } })
    .then(async (res) => readReply(res.status, await res.json()))
    .then((reply) => {
      const c = (reply.data as { currency?: CurrencyInfo } | undefined)?.currency;
      if (reply.code === 1 && c && typeof c.code === 'string' && typeof c.symbol === 'string') setCurrency(c);
    })
    .catch(() => undefined);
}

export function useCurrency(): CurrencyInfo {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => currency,
  );
}

const formats = new Map<string, Intl.NumberFormat | null>();

function formatFor(lang: Lang, code: string): Intl.NumberFormat | null {
  const key = `${lang}|${code}`;
  if (!formats.has(key)) {
    let f: Intl.NumberFormat | null = null;
    try {
      f = new Intl.NumberFormat(lang, { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
    } catch {
      f = null;
    }
    formats.set(key, f);
  }
  return formats.get(key) ?? null;
}

/**
 * A wire amount ("1234.50") in the reader's language with the platform's sign where that language
 * puts it ("$1,234.50" in en, "1.234,50 $" in vi). Intl formats the decimal string exactly.
 */
export function formatMoney(wire: string, lang: Lang, cur: CurrencyInfo): string {
  const f = formatFor(lang, cur.code);
  if (!f) return `${wire} ${cur.code}`;
  return f
    .formatToParts(wire as Intl.StringNumericLiteral)
    .map((p) => (p.type === 'currency' ? cur.symbol : p.value))
    .join('');
}

export function resetCurrencyForTests(): void {
  currency = DEFAULT_CURRENCY;
  asked = false;
}
