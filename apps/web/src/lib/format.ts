import type { Lang } from '@dropdesk/contract/constants';

/** Locale-aware formatting. Money arrives as a decimal string ("1234.50") and is never turned into a float. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${lang}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(lang, options);
    cache.set(key, f);
  }
  return f;
}

export function formatNumber(value: number, lang: Lang): string {
  return numberFormat(lang, {}).format(value);
}

/** "1234.5" → "1,234.50" (en), "1.234,50" (vi, tr), with the currency symbol when one is given. */
export function formatMoney(value: string | number, lang: Lang, currency?: string): string {
  const options: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  // Intl formats a decimal string exactly (no binary float rounding on the way).
  return numberFormat(lang, options).format(value as Intl.StringNumericLiteral);
}

export function formatDate(iso: string, lang: Lang, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `d|${lang}|${withTime}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(
      lang,
      withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
    );
    cache.set(key, f);
  }
  return f.format(date);
}

/** A country's name in the reader's language ("VN" → "Việt Nam" / "Vietnam" / "越南"). */
export function countryName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
