import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@dropdesk/contract/constants';
import { describe, expect, it } from 'vitest';

/**
 * Every message exists, non-empty, in all 7 languages, with the same {{placeholders}} as English;
 * every key the code asks for exists; no locale keeps a key nothing uses.
 */
const dir = import.meta.dirname;
const src = join(dir, '..');

function flatten(obj: Record<string, unknown>, prefix = '', out = new Map<string, unknown>()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out.set(key, v);
  }
  return out;
}

const locales = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, flatten(JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')))]),
);
const en = locales.en!;
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sources(d: string): string[] {
  return readdirSync(d).flatMap((name) => {
    const p = join(d, name);
    if (statSync(p).isDirectory()) return name === 'locales' || name === 'test' ? [] : sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Keys in the code: t('a.b') calls and the quoted 'a.b' keys of lib/labels.ts's tables. */
const used = new Set<string>();
for (const file of sources(src)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\bt\(\s*'([\w]+(?:\.[\w]+)+)'/g)) used.add(m[1]!);
  for (const m of text.matchAll(/'((?:status|refundStatus|payStatus)\.\w+)'/g)) used.add(m[1]!);
}

describe('locales', () => {
  it('are the 7 languages, no more', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort());
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English key, non-empty, same placeholders',
    (lang) => {
      const messages = locales[lang]!;
      const missing = [...en.keys()].filter(
        (k) => typeof messages.get(k) !== 'string' || messages.get(k) === '',
      );
      const extra = [...messages.keys()].filter((k) => !en.has(k));
      const wrong = [...en.keys()].filter(
        (k) => messages.has(k) && placeholders(messages.get(k)).join() !== placeholders(en.get(k)).join(),
      );
      expect({ missing, extra, wrong }).toEqual({ missing: [], extra: [], wrong: [] });
    },
  );

  it('English has no empty message', () => {
    expect([...en.entries()].filter(([, v]) => typeof v !== 'string' || v === '')).toEqual([]);
  });

  it('has every key the code asks for, and none it never asks for', () => {
    expect(used.size).toBeGreaterThan(50);
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !used.has(k))).toEqual([]);
  });
});
