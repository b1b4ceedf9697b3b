import { browserLang, DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';
import { browserTags } from '@dropdesk/web-kit/lang-storage';
import { load, loadJson, save } from './storage';

/**
 * The reader's language without i18next, so that the first reads can start (with their `lang`
 * header) before i18next has loaded: `app/landing.ts` and `lib/api.ts` need only this.
 *
 * Which language a page shows (docs/storefront.md "Languages"):
 * 1. the buyer's own choice, once made in the header's switcher (`sf.lang`), on every shop;
 * 2. else the shop's language (its merchant's, `lang` of the shop's reply, `shop_lang` of a
 *    product's), remembered per shop (`sf.shopLangs`) so the next visit starts in it at once;
 * 3. where no shop is in view (the buyer's orders, sign-in), the last shop's language;
 * 4. else the browser's first language that is one of ours, else Vietnamese.
 */

let active: Lang | null = null;

/** Shops whose language is kept: the newest ones. */
const KEPT_SHOPS = 50;

/** The language the buyer picked in the header's switcher, if any. */
export function chosenLang(): Lang | null {
  const chosen = load('lang');
  return isLang(chosen) ? chosen : null;
}

function shopLangs(): Record<string, string> {
  const kept = loadJson<unknown>('shopLangs', {});
  return kept && typeof kept === 'object' ? (kept as Record<string, string>) : {};
}

/** A shop's language as last seen on this device, if it was seen. */
export function knownShopLang(shop: string | number): Lang | null {
  const lang = shopLangs()[String(shop)];
  return isLang(lang) ? lang : null;
}

/** Keeps a shop's language (from its reply) for the next visit. */
export function rememberShopLang(shop: string | number, lang: Lang): void {
  const kept = shopLangs();
  const key = String(shop);
  if (kept[key] === lang) return;
  delete kept[key];
  const next = { ...kept, [key]: lang };
  const keys = Object.keys(next);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_SHOPS))) delete next[old];
  save('shopLangs', JSON.stringify(next));
}

/** The language a page shows when the buyer has not chosen: the shop's (or the last shop's), else the browser's, else vi. */
export function defaultLang(shop?: string | number | null): Lang {
  const last = load('shop');
  return (
    (shop ? knownShopLang(shop) : null) ??
    (last ? knownShopLang(last) : null) ??
    browserLang(browserTags()) ??
    DEFAULT_LANG
  );
}

/** The buyer's language: their choice, else the default for `shop` (or the last shop seen). */
export function detectLang(shop?: string | number | null): Lang {
  return chosenLang() ?? defaultLang(shop);
}

/** The language the page shows (lib/i18n.ts sets it once its texts are in), else the detected one. */
export function currentLang(): Lang {
  return active ?? detectLang();
}

export function setActiveLang(lang: Lang): void {
  active = lang;
}
