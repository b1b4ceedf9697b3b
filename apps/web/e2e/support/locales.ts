import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'] as const;
export type Lang = (typeof LANGS)[number];

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/locales');
const cache = new Map<Lang, Record<string, unknown>>();

/** The app's own message for `key` in `lang` (tests assert what a reader of that language sees). */
export function msg(lang: Lang, key: string): string {
  let messages = cache.get(lang);
  if (!messages) {
    messages = JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
    cache.set(lang, messages);
  }
  const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], messages);
  if (typeof value !== 'string') throw new Error(`no message ${key} in ${lang}`);
  return value;
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
