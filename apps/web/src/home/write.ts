import type { CurrencyInfo } from '@dropdesk/contract/account';
import type { Lang } from '@dropdesk/contract/constants';
import { parseMoney } from '@dropdesk/contract/money';
import { writeLongDay, writePointLabel } from '../features/home/components/dates';
import { writeAmount, writeNumber } from '../lib/amount';
import type { HomeTexts, Plural } from './model';

/**
 * How Home writes numbers, amounts, days and plurals, from the language's signs and names the page
 * came with: no Intl format, whose first one costs a phone tens of milliseconds while the locale's
 * data loads (lib/amount.ts, features/home/components/dates.ts). Only Intl.PluralRules is Intl's.
 */
export interface Writer {
  n: (v: number | string) => string;
  /** A wire amount, with the currency once it is known. */
  amount: (wire: string) => string;
  plural: (forms: Plural, count: number, vars: Record<string, string | number>) => string;
  day: (date: string) => string;
  point: (label: string) => string;
}

/** A text's `{{placeholders}}` filled; an unknown one stays as it is. */
export const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );

/** A wire amount in minor units, a refund's minus sign included. */
export const minorOf = (wire: string): number =>
  wire.startsWith('-') ? -(parseMoney(wire.slice(1)) ?? 0) : (parseMoney(wire) ?? 0);

const pluralRules = new Map<string, Intl.PluralRules>();

export function writerOf(texts: HomeTexts, lang: Lang, currency: CurrencyInfo | null): Writer {
  const select = pluralRules.get(lang) ?? new Intl.PluralRules(lang);
  pluralRules.set(lang, select);
  return {
    n: (v) => writeNumber(v, texts.numbers),
    amount: (wire) => writeAmount(wire, texts.numbers, currency),
    plural: (forms, count, vars) => fill(forms[select.select(count)] ?? forms.other, vars),
    day: (date) => writeLongDay(date, texts.dates),
    point: (label) => writePointLabel(label, texts.dates),
  };
}
