import { DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';
import { load } from './storage';

/**
 * The reader's language without i18next, so that the first reads can start (with their `lang`
 * header) before i18next has loaded: `app/landing.ts` and `lib/api.ts` need only this.
 */

let active: Lang | null = null;

/** A browser language tag → one of ours: exact ("zh-CN"), any Chinese → zh-CN, else by base ("en-GB" → en). */
export function matchLang(tag: string): Lang | null {
  if (isLang(tag)) return tag;
  const base = tag.toLowerCase().split('-')[0] ?? '';
  if (base === 'zh') return 'zh-CN';
  return isLang(base) ? base : null;
}

/** The buyer's language: their choice (local storage), else the browser's, else Vietnamese. */
export function detectLang(): Lang {
  const chosen = load('lang');
  if (isLang(chosen)) return chosen;
  const tags = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of tags) {
    const lang = tag ? matchLang(tag) : null;
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

/** The language the page shows (lib/i18n.ts sets it once its texts are in), else the detected one. */
export function currentLang(): Lang {
  return active ?? detectLang();
}

export function setActiveLang(lang: Lang): void {
  active = lang;
}
