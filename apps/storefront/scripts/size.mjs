#!/usr/bin/env node
// The storefront's weight budget (docs/design.md §8): the JS+CSS a shop page (/s/<shop>) loads,
// gzip, must stay ≤ 100 KB (KB = 1024 bytes, as apps/web/scripts/bench-web.mjs counts). Counted from
// Vite's manifest: index.html's entry with every chunk it imports statically and their CSS, the
// shop page's lazy chunk with its own imports, and one language's chunk (the largest of the 7, so
// the figure holds whatever the buyer reads). Builds first; `--no-build` reads dist/ as it is.
// It also fails when any chunk of the build carries zod: the storefront imports the contract's
// zod-free modules only (its rows from contract/src/paths, its numbers from constants.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const BUDGET_KB = 100;
const SHOP_PAGE = 'src/features/shop/ShopPage.tsx';
const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];

if (!process.argv.includes('--no-build') || !existsSync(path.join(dist, '.vite/manifest.json'))) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** A manifest entry's file, its CSS, and (recursively) the chunks it imports statically. */
function collect(key, into) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (into.has(chunk.file)) return into;
  into.set(chunk.file, key);
  for (const css of chunk.css ?? []) into.set(css, `${key} (css)`);
  for (const dep of chunk.imports ?? []) collect(dep, into);
  return into;
}

const files = collect('index.html', new Map());
collect(SHOP_PAGE, files);
const locales = LANGS.map((lang) => {
  const key = `src/locales/${lang}.json`;
  const file = manifest[key]?.file;
  if (!file) throw new Error(`no chunk for ${key}`);
  return { lang, file, gzip: gz(file) };
}).sort((a, b) => b.gzip - a.gzip);
const largest = locales[0];
files.set(largest.file, `src/locales/${largest.lang}.json (largest of 7)`);

let total = 0;
console.log('JS+CSS a shop page loads (gzip -9):');
for (const [file, from] of files) {
  const size = gz(file);
  total += size;
  console.log(`  ${kb(size).padStart(6)} KB  ${file}  <- ${from}`);
}
console.log(`  languages: ${locales.map((l) => `${l.lang} ${kb(l.gzip)}`).join(', ')} KB`);
const ok = total <= BUDGET_KB * 1024;
console.log(`total ${kb(total)} KB (${total} bytes), budget ${BUDGET_KB} KB: ${ok ? 'ok' : 'OVER'}`);

// zod's own marks in a minified bundle: every schema keeps its internals under `_zod`.
const ZOD = /\._zod\b|\$ZodType|ZodError/;
const withZod = readdirSync(path.join(dist, 'assets')).filter(
  (f) => f.endsWith('.js') && ZOD.test(readFileSync(path.join(dist, 'assets', f), 'utf8')),
);
console.log(`zod in the build: ${withZod.length ? withZod.join(', ') : 'none'}`);
process.exit(ok && withZod.length === 0 ? 0 : 1);
