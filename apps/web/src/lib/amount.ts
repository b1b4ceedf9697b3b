import type { CurrencyInfo } from '@dropdesk/contract/account';
import type { Lang } from '@dropdesk/contract/constants';

/**
 * A wire amount ("1234.50") written for a reader of `lang`, with the platform's currency where that
 * language puts it ("$1,234.50" in en, "1.234,50 $" in vi); without a currency, the number alone.
 * The kit's one money rule (@dropdesk/web-kit/format): the app (lib/money.ts `formatAmount`) writes
 * amounts through it, and the Home page writes them as it does (`writeAmount` below).
 */
export { amountIn } from '@dropdesk/web-kit/format';

/**
 * How a language writes numbers and amounts: its group and decimal signs, and where the currency
 * and the minus sign go. Read from Intl (`numberStyleOf`, at build time for the Home page), it lets
 * `writeNumber` and `writeAmount` write exactly what Intl would without making an Intl.NumberFormat
 * in the browser, whose first one costs 30 to 60 ms of a phone's main thread while its number data
 * loads (src/home/page.ts). `lib/amount.test.ts` holds them to Intl's output in every language.
 */
export interface NumberStyle {
  group: string;
  decimal: string;
  /** An amount's layout, `{c}` the currency and `{n}` the number ("{c}{n}", "{n} {c}"). */
  positive: string;
  negative: string;
}

export function numberStyleOf(lang: Lang): NumberStyle {
  const plain = new Intl.NumberFormat(lang, { minimumFractionDigits: 1 }).formatToParts(1234567.5);
  const layout = (value: number) =>
    new Intl.NumberFormat(lang, {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
    })
      .formatToParts(value)
      .reduce((text, part) => {
        if (part.type === 'currency') return `${text}{c}`;
        if (['integer', 'group', 'decimal', 'fraction'].includes(part.type))
          return text.endsWith('{n}') ? text : `${text}{n}`;
        return `${text}${part.value}`;
      }, '');
  return {
    group: plain.find((p) => p.type === 'group')?.value ?? ',',
    decimal: plain.find((p) => p.type === 'decimal')?.value ?? '.',
    positive: layout(1),
    negative: layout(-1),
  };
}

/** A whole number or a decimal string ("1234", "4.5", "-12.30") in the language's signs, grouped by thousands. */
export function writeNumber(value: number | string, style: NumberStyle): string {
  const text = String(value);
  const negative = text.startsWith('-');
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `${style.decimal}${fraction}`}`;
}

/**
 * A wire amount ("1234.50", "-5.00") as `amountIn` writes it, from the language's `NumberStyle`: the
 * platform's symbol where the language puts it, and, as Intl does, a no-break space between a
 * symbol of letters ("CHF") and the number when the layout has none.
 */
export function writeAmount(wire: string, style: NumberStyle, currency: CurrencyInfo | null): string {
  const negative = wire.startsWith('-');
  const number = writeNumber(negative ? wire.slice(1) : wire, style);
  if (!currency) return `${negative ? '-' : ''}${number}`;
  let layout = negative ? style.negative : style.positive;
  const letter = /\p{L}/u;
  if (layout.includes('{c}{n}') && letter.test(currency.symbol.at(-1) ?? ''))
    layout = layout.replace('{c}{n}', '{c}\u00a0{n}');
  if (layout.includes('{n}{c}') && letter.test(currency.symbol[0] ?? ''))
    layout = layout.replace('{n}{c}', '{n}\u00a0{c}');
  return layout.replace('{c}', currency.symbol).replace('{n}', number);
}
