import type { CurrencyInfo } from './account';
import type { Lang } from './constants';

/**
 * A wire amount ("1234.50", "-5.00") written for a reader of `lang`, with the platform's currency
 * where that language puts it ("$1,234.50" in en, "1.234,50 $" in vi), the sign being the
 * platform's own `symbol`; without a currency (not known yet), the number alone, with two decimals.
 * Intl formats the decimal string exactly (no binary float on the way). No zod and no React: any
 * app may bundle it (the console's `formatMoney` writes every amount through it; apps/web's
 * lib/amount.ts and the storefront's lib/money.ts are older copies of the same rule).
 */
export function amountIn(wire: string, lang: Lang, currency: CurrencyInfo | null): string {
  const value = wire as Intl.StringNumericLiteral;
  if (!currency) return format(lang, null).format(value);
  const f = format(lang, currency.code);
  // A code Intl does not know: the number, then the symbol.
  if (f === null) return `${format(lang, null).format(value)} ${currency.symbol}`;
  return f
    .formatToParts(value)
    .map((part) => (part.type === 'currency' ? currency.symbol : part.value))
    .join('');
}

const formats = new Map<string, Intl.NumberFormat | null>();

/** Intl's layout for the language (a currency's sign and spacing, or the plain number); null for a code Intl refuses. */
function format(lang: Lang, code: null): Intl.NumberFormat;
function format(lang: Lang, code: string): Intl.NumberFormat | null;
function format(lang: Lang, code: string | null): Intl.NumberFormat | null {
  const key = `${lang}|${code ?? ''}`;
  if (!formats.has(key)) {
    let f: Intl.NumberFormat | null;
    try {
      f = new Intl.NumberFormat(lang, {
        ...(code === null ? {} : { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }),
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
    } catch {
      f = null;
    }
    formats.set(key, f);
  }
  return formats.get(key) ?? null;
}
