import type { CurrencyInfo } from '@dropdesk/contract/account';
import type { Lang } from '@dropdesk/contract/constants';
import { formatMoney } from './format';

/**
 * A wire amount ("1234.50") written for a reader of `lang`, with the platform's currency where that
 * language puts it ("$1,234.50" in en, "1.234,50 $" in vi), the sign being the platform's own
 * `symbol`; without a currency (not known yet), the number alone. No i18next and no React: the app
 * (lib/money.ts `formatAmount`) and the Home page (src/home) both write amounts through it.
 */
export function amountIn(wire: string, lang: Lang, currency: CurrencyInfo | null): string {
  if (!currency) return formatMoney(wire, lang);
  const format = currencyFormat(lang, currency.code);
  if (!format) return `${formatMoney(wire, lang)} ${currency.symbol}`;
  // Intl formats a decimal string exactly (no binary float on the way).
  return format
    .formatToParts(wire as Intl.StringNumericLiteral)
    .map((part) => (part.type === 'currency' ? currency.symbol : part.value))
    .join('');
}

const currencyFormats = new Map<string, Intl.NumberFormat | null>();

/** Intl's currency layout for the language (where the sign goes, the spacing), or null for a code Intl refuses. */
function currencyFormat(lang: Lang, code: string): Intl.NumberFormat | null {
  const key = `${lang}|${code}`;
  if (!currencyFormats.has(key)) {
    let format: Intl.NumberFormat | null = null;
    try {
      format = new Intl.NumberFormat(lang, {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      format = null;
    }
    currencyFormats.set(key, format);
  }
  return currencyFormats.get(key) ?? null;
}
