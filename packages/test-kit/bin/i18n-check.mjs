#!/usr/bin/env node
// Fails when any locale misses a key, has an empty one, carries a key no source file uses,
// uses other {{placeholders}} than the reference (en), or leaves a non-Latin locale in English.
// Checks the app it is run in (its package.json's folder: `dropdesk-i18n-check` in an app's npm
// script), or the one `--app <dir>` names (relative to the repository: `--app apps/admin`); every
// app of that shape (src/locales, src/features/*/locales) can use it: the merchant app, the console.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const appArg = process.argv.indexOf('--app');
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const root = appArg > 0 ? resolve(repoRoot, process.argv[appArg + 1]) : process.cwd();
const src = join(root, 'src');
const localesDir = join(src, 'locales');
const LOCALES = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];
const REFERENCE = 'en';
/** Locales written in a non-Latin script: a value with no such character was left in English. */
const NON_LATIN = new Set(['zh-CN', 'ko', 'ja', 'th']);
/** Values that are the same in every language (brand, formats). */
const SAME_EVERYWHERE = /^(Dropdesk|Email|Logo|QR)$/;

function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out.set(key, v);
  }
  return out;
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'locales' ? [] : files(p);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

const problems = [];
// The app's locales, and each feature's own (`features/x/locales`, loaded with its screens), which
// are merged into the same keys: every key is defined in exactly one of them.
const featuresDir = join(src, 'features');
const localeDirs = [
  localesDir,
  ...(statSync(featuresDir, { throwIfNoEntry: false }) ? readdirSync(featuresDir) : [])
    .map((f) => join(featuresDir, f, 'locales'))
    .filter((d) => statSync(d, { throwIfNoEntry: false })?.isDirectory()),
];
const locales = Object.fromEntries(LOCALES.map((lang) => [lang, new Map()]));
for (const dir of localeDirs) {
  const where = relative(src, dir);
  for (const lang of LOCALES) {
    const file = join(dir, `${lang}.json`);
    if (!statSync(file, { throwIfNoEntry: false })) {
      problems.push(`${where}/${lang}.json: missing`);
      continue;
    }
    for (const [key, value] of flatten(JSON.parse(readFileSync(file, 'utf8')))) {
      if (locales[lang].has(key))
        problems.push(`${where}/${lang}.json: ${key} is defined in another locale file too`);
      locales[lang].set(key, value);
    }
  }
  const extra = readdirSync(dir).filter((f) => f.endsWith('.json') && !LOCALES.includes(f.slice(0, -5)));
  for (const f of extra) problems.push(`${where}/${f}: not one of the 7 languages`);
}

// Keys the code asks for: t('a.b'), i18n.t('a.b') and the route/tab tables' title: 'a.b'.
const asked = new Map();
// Every quoted literal that looks like a key, to tell which locale keys are used.
const literals = new Set();
for (const file of files(src)) {
  const text = readFileSync(file, 'utf8');
  const rel = relative(root, file);
  for (const m of text.matchAll(/\bt\(\s*['"]([\w-]+(?:\.[\w-]+)+)['"]/g)) asked.set(m[1], rel);
  for (const m of text.matchAll(/\btitle:\s*['"]([\w-]+(?:\.[\w-]+)+)['"]/g)) asked.set(m[1], rel);
  for (const m of text.matchAll(/['"`]([\w-]+(?:\.[\w-]+)+)['"`]/g)) literals.add(m[1]);
  for (const m of text.matchAll(/\bt\(\s*`[^`]*\$\{/g))
    problems.push(`${rel}: translation key built from a variable (${m[0]}…)`);
}

const reference = locales[REFERENCE];
const allKeys = new Set(LOCALES.flatMap((l) => [...locales[l].keys()]));
const placeholders = (s) =>
  [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

// i18next plural forms (`items_one`, `items_other`) are asked for by their base key.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBases = new Set([...allKeys].map((k) => k.replace(PLURAL, '')));
for (const key of asked.keys()) {
  if (!allKeys.has(key) && !pluralBases.has(key))
    problems.push(`${key}: used in ${asked.get(key)} but missing in every locale`);
}
for (const key of allKeys) {
  if (!literals.has(key) && !literals.has(key.replace(PLURAL, '')))
    problems.push(`${key}: in the locales but used by no source file`);
  for (const lang of LOCALES) {
    const v = locales[lang].get(key);
    if (v === undefined) problems.push(`${lang}: missing ${key}`);
    else if (typeof v !== 'string' || v.trim() === '') problems.push(`${lang}: empty ${key}`);
    else {
      const ref = reference.get(key);
      if (ref !== undefined && placeholders(v) !== placeholders(ref))
        problems.push(`${lang}: ${key} has placeholders {${placeholders(v)}}, en has {${placeholders(ref)}}`);
      if (NON_LATIN.has(lang) && !/[^ -~]/.test(v) && !SAME_EVERYWHERE.test(v))
        problems.push(`${lang}: ${key} looks untranslated ("${v}")`);
    }
  }
}

if (problems.length) {
  console.error(`i18n:check found ${problems.length} problem(s):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(
  `i18n:check (${relative(repoRoot, root)}): ${allKeys.size} keys × ${LOCALES.length} locales, all present, non-empty and used.`,
);
