import type { CurrencyInfo } from '@dropdesk/contract/account';
import type { Lang } from '@dropdesk/contract/constants';
import { writeAmount, writeNumber } from '../../lib/amount';
import type { HomeTexts, Part, Plural, RegionName } from '../spec';

/**
 * A region of the Home page: one part of the prerendered markup that a module of regions/ owns.
 * `mountX(root, ctx)` finds the region's parts inside its root (`data-part`, spec.ts), wires its
 * buttons, and answers the region; page.ts hands it each answer of the API, typed (api.ts), through
 * `update`. A region keeps what it needs to redraw itself and never reaches into another's markup.
 */
export interface Region<D> {
  update(data: D): void;
}

/** What every region writes with: the page's texts and language, and its writers of numbers. */
export interface HomeContext {
  doc: Document;
  lang: Lang;
  texts: HomeTexts;
  /** The shop's currency, once known (a snapshot, then `common/config`): amounts are written with it. */
  currency: CurrencyInfo | null;
  /** A whole number as the page's language writes it. */
  n: (v: number) => string;
  /** A wire amount (`"1380.00"`) as the page's language writes it, with the currency once known. */
  amount: (wire: string) => string;
  /** A plural text's form for `count`, its `{{placeholders}}` filled. */
  plural: (forms: Plural, count: number, vars: Record<string, string | number>) => string;
}

/**
 * Numbers, amounts and days as the app writes them (Intl), from the language's signs and names the
 * page came with: no Intl format here, whose first one costs a phone tens of milliseconds while the
 * locale's data loads (lib/amount.ts, features/home/components/dates.ts). Only the plural rules.
 */
export function homeContext(
  doc: Document,
  lang: Lang,
  texts: HomeTexts,
  currency: CurrencyInfo | null,
): HomeContext {
  const rules = new Intl.PluralRules(lang);
  const ctx: HomeContext = {
    doc,
    lang,
    texts,
    currency,
    n: (v) => writeNumber(v, texts.numbers),
    amount: (wire) => writeAmount(wire, texts.numbers, ctx.currency),
    plural: (forms, count, vars) => fill(forms[rules.select(count)] ?? forms.other, vars),
  };
  return ctx;
}

/** A text's `{{placeholders}}` filled. */
export const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );

/** A region's root in the page (`data-region`). */
export const regionOf = <T extends HTMLElement = HTMLElement>(doc: ParentNode, name: RegionName) =>
  doc.querySelector(`[data-region="${name}"]`) as T;

/** A part of a region (`data-part`), inside its root. */
export const partOf = <T extends Element = HTMLElement>(root: ParentNode, name: Part) =>
  root.querySelector(`[data-part="${name}"]`) as T;

export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
