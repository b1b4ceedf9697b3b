#!/usr/bin/env node
// The login page (docs/web.md, "The login page"), after `vite build` (npm run build runs both):
// /login in each of the 7 languages, as the HTML the server sends for /login (apps/server picks
// the file by the `lang` cookie). The page is LoginView's markup with its stylesheet inline and
// one small module script (src/login/page.ts) that makes it work; the app itself is not part of
// it (only prefetched while the merchant types).
//
// 1. `vite build --ssr src/prerender.tsx` into .prerender/ (everything bundled, so the one React
//    19 of this app renders: npm hoists a React 18 for antd-mobile's peers).
// 2. For each language: LoginView's markup and the texts its script needs, into index.html
//    (scripts/login-page.mjs), with <html lang>, the title, and the login script's stylesheet.
// 3. Writes dist/login/<lang>.html with .br and .gz beside each; and preloads of the app's start
//    chunks into dist/index.html for every other screen.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { loginPage } from './login-page.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const outDir = path.join(webDir, '.prerender');
const LANGUAGES = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];
const LOGIN = 'src/login/page.ts';

await build({
  root: webDir,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false },
  ssr: { noExternal: true },
});
const { renderLogin } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
/** A chunk's file and every chunk it imports statically, with their stylesheets. */
const closureOf = (key) => {
  const files = new Set();
  const css = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  return { files, css };
};
if (!manifest[LOGIN]) throw new Error(`prerender: ${LOGIN} is not in the manifest`);
const login = closureOf(LOGIN);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const inlineCss = [...login.css].map((f) => readFileSync(path.join(dist, f), 'utf8').trim()).join('\n');

// The app's start (index.html's entry, and what main.tsx imports): prefetched by the login page
// once the merchant starts typing, and preloaded by index.html for every other screen.
const entry = manifest['index.html'];
const start = new Set();
for (const key of ['src/main.tsx', ...(entry.dynamicImports ?? [])]) {
  const { files, css } = closureOf(key);
  for (const f of [...files, ...css]) start.add(f);
}
const appFiles = [entry.file, ...start].map((f) => `/${f}`);

mkdirSync(path.join(dist, 'login'), { recursive: true });
const messagesOf = (file) => JSON.parse(readFileSync(file, 'utf8'));
for (const lang of LANGUAGES) {
  const messages = messagesOf(path.join(webDir, `src/locales/${lang}.json`));
  const server = messagesOf(path.join(webDir, `../../packages/contract/messages/${lang}.json`));
  const { markup, title, texts } = renderLogin(lang, messages, server);
  const html = loginPage({
    template,
    lang,
    title,
    markup,
    texts: { ...texts, appFiles },
    script: `/${manifest[LOGIN].file}`,
    css: inlineCss,
  });
  const file = path.join(dist, 'login', `${lang}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
// The other screens (index.html) have no HTML to paint first: there the app's own chunks are
// preloaded from the start, as Vite would for a static entry, so boot.ts's import finds them on
// their way instead of asking for them a round trip later.
const linked = new Set([...template.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
const preloads = [...start]
  .filter((f) => !linked.has(f) && f.endsWith('.js'))
  .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
  .join('\n    ');
const indexHtml = template.replace('</head>', `  ${preloads}\n  </head>`);
writeFileSync(path.join(dist, 'index.html'), indexHtml);
writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(indexHtml, { level: 9 }));
writeFileSync(
  path.join(dist, 'index.html.br'),
  brotliCompressSync(indexHtml, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
);
rmSync(outDir, { recursive: true, force: true });
console.log(
  `prerendered /login in ${LANGUAGES.length} languages (${(inlineCss.length / 1024).toFixed(1)} KB of CSS inline)`,
);
