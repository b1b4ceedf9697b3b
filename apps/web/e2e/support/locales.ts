import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'] as const;
export type Lang = (typeof LANGS)[number];

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');
const cache = new Map<Lang, Record<string, unknown>>();

const featureCache = new Map<string, Record<string, unknown>>();

/**
 * The texts of a feature that keeps its own (`src/features/<prefix>/locales/<lang>.json`, keys under
 * the feature's prefix: `home.*`, `shop.*`...), or null when the prefix is no such feature.
 */
function featureMessages(lang: Lang, prefix: string): Record<string, unknown> | null {
  const file = path.join(dir, '../features', prefix, 'locales', `${lang}.json`);
  if (!featureCache.has(file)) {
    let messages: Record<string, unknown> = {};
    try {
      messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    } catch {
      // Not a feature with texts of its own.
    }
    featureCache.set(file, messages);
  }
  return featureCache.get(file) ?? null;
}

const lookup = (messages: Record<string, unknown> | null, key: string): unknown =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages ?? {});

/**
 * The app's own message for `key` in `lang` (tests assert what a reader of that language sees):
 * from the app's locales, else from the feature's own (`home.sales` in features/home/locales).
 */
export function msg(lang: Lang, key: string): string {
  let messages = cache.get(lang);
  if (!messages) {
    messages = JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(lang, messages);
  }
  let value = lookup(messages, key);
  if (typeof value !== 'string') value = lookup(featureMessages(lang, key.split('.')[0] ?? ''), key);
  if (typeof value !== 'string') throw new Error(`no message ${key} in ${lang}`);
  return value;
}

/**
 * An app message with its {{placeholders}} filled from `vars`; with a `count`, the plural form
 * i18next picks (`key_one` / `key_other` by the language's plural rules), when the key has forms.
 */
export function fmt(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let text: string;
  if (typeof vars.count === 'number') {
    const form = new Intl.PluralRules(lang).select(vars.count);
    text = tryMsg(lang, `${key}_${form}`) ?? tryMsg(lang, `${key}_other`) ?? msg(lang, key);
  } else text = msg(lang, key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

function tryMsg(lang: Lang, key: string): string | null {
  try {
    return msg(lang, key);
  } catch {
    return null;
  }
}

const serverDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/contract/messages',
);

/** The server's message for a refusal key (the app shows these in the server's words). */
export function serverMsg(lang: Lang, key: string): string {
  const messages = JSON.parse(readFileSync(path.join(serverDir, `${lang}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  const value = messages[key];
  if (typeof value !== 'string') throw new Error(`no server message ${key} in ${lang}`);
  return value;
}

/** The document title the app sets for a route title key. */
export const pageTitle = (lang: Lang, routeKey: string) => `${msg(lang, routeKey)} · Dropdesk`;

const storefrontDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../storefront/src/locales',
);
const storeCache = new Map<Lang, Record<string, unknown>>();

/** The storefront's own message for `key` in `lang`, its {{placeholders}} filled from `vars`. */
export function storeMsg(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  let messages = storeCache.get(lang);
  if (!messages) {
    messages = JSON.parse(readFileSync(path.join(storefrontDir, `${lang}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    storeCache.set(lang, messages);
  }
  const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], messages);
  if (typeof value !== 'string') throw new Error(`no storefront message ${key} in ${lang}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
