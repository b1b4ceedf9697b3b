#!/usr/bin/env node
// The pages of their own (docs/web.md, "The login page" and "The Home page"), after `vite build`
// (npm run build runs both): /login and /home in each of the 7 languages, as the HTML the server
// sends for them (apps/server picks the file by the `lang` cookie). Each page is its view's markup
// with its stylesheet inline and one small module script (src/login/page.ts, src/home/page.ts)
// that makes it work; the app itself is not part of them (only fetched in the background).
//
// 1. `vite build --ssr src/prerender.tsx` into .prerender/ (everything bundled, so the one React
//    19 of this app renders: npm hoists a React 18 for antd-mobile's peers).
// 2. For each page and language: the view's markup and the texts its script needs, into
//    index.html (scripts/own-page.mjs), with <html lang>, the title, and the script's stylesheet.
// 3. Checks that every class of the markup has a rule in the page's CSS (scripts/css-coverage.mjs),
//    and that neither page's script loads zod (the contract's schemas are types there).
// 4. Writes dist/login/<lang>.html and dist/home/<lang>.html with .br and .gz beside each; and
//    preloads of the app's start chunks into dist/index.html for every other screen.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { classesWithoutRules } from './css-coverage.mjs';
import { ownPage } from './own-page.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const outDir = path.join(webDir, '.prerender');
const LANGUAGES = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];
const PAGES = { login: 'src/login/page.ts', home: 'src/home/page.ts' };

await build({
  root: webDir,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false },
  ssr: { noExternal: true },
});
const { renderLogin, renderHome } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);

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
for (const entry of Object.values(PAGES))
  if (!manifest[entry]) throw new Error(`prerender: ${entry} is not in the manifest`);
// Neither page loads zod (docs/decisions.md 33): their scripts take the contract's rows and numbers
// from its zod-free modules (paths/*, constants...) and its schemas as types only, so a value import
// of a schema module, which would bring zod's runtime onto these pages, stops the build here.
const ZOD = /\._zod\b|\$ZodType|ZodError/;
for (const [page, entry] of Object.entries(PAGES)) {
  const withZod = [...closureOf(entry).files].filter(
    (f) => f.endsWith('.js') && ZOD.test(readFileSync(path.join(dist, f), 'utf8')),
  );
  if (withZod.length)
    throw new Error(
      `prerender: /${page} loads zod (${withZod.join(', ')}): ${entry} must import the contract's ` +
        'schema modules as types only (`import type`), and its rows from @dropdesk/contract/paths/*.',
    );
}
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
/** A page's stylesheets (every one its script imports), to write inline into the page. */
const inlineCssOf = (entry) =>
  [...closureOf(entry).css].map((f) => readFileSync(path.join(dist, f), 'utf8').trim()).join('\n');
const pageCss = { login: inlineCssOf(PAGES.login), home: inlineCssOf(PAGES.home) };
/** The chunks a page's script imports, preloaded beside it. */
const importsOf = (entry) =>
  [...closureOf(entry).files].filter((f) => f !== manifest[entry].file).map((f) => `/${f}`);

// The app's start (index.html's entry, and what main.tsx imports): prefetched by the login page
// once the merchant starts typing and by the Home page at the merchant's first touch, and
// preloaded by index.html for every other screen.
const entry = manifest['index.html'];
const start = new Set();
for (const key of ['src/main.tsx', ...(entry.dynamicImports ?? [])]) {
  const { files, css } = closureOf(key);
  for (const f of [...files, ...css]) start.add(f);
}
const appFiles = [entry.file, ...start].map((f) => `/${f}`);

const messagesOf = (file) => JSON.parse(readFileSync(file, 'utf8'));
const writePage = (dir, lang, html) => {
  // Every class of the markup has a rule in the page's CSS, or the build stops here: a page drawn
  // with a stylesheet its script's CSS lost shows unstyled (the /login) and scores 100 anyway.
  const unstyled = classesWithoutRules(html, pageCss[dir]);
  if (unstyled.length)
    throw new Error(
      `prerender: /${dir} (${lang}) uses classes with no rule in its CSS: ${unstyled.join(', ')}. ` +
        `Its script (${PAGES[dir]}) must import the stylesheets its view is drawn with.`,
    );
  mkdirSync(path.join(dist, dir), { recursive: true });
  const file = path.join(dist, dir, `${lang}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
};
for (const lang of LANGUAGES) {
  const messages = messagesOf(path.join(webDir, `src/locales/${lang}.json`));
  const home = messagesOf(path.join(webDir, `src/features/home/locales/${lang}.json`));
  const server = messagesOf(path.join(webDir, `../../packages/contract/messages/${lang}.json`));
  const login = renderLogin(lang, messages, server);
  writePage(
    'login',
    lang,
    ownPage({
      template,
      lang,
      title: login.title,
      markup: login.markup,
      textsId: 'login-texts',
      texts: { ...login.texts, appFiles },
      script: `/${manifest[PAGES.login].file}`,
      imports: importsOf(PAGES.login),
      css: pageCss.login,
    }),
  );
  const homePage = renderHome(lang, { ...messages, ...home }, server);
  writePage(
    'home',
    lang,
    ownPage({
      template,
      lang,
      title: homePage.title,
      markup: homePage.markup,
      textsId: 'home-texts',
      texts: { ...homePage.texts, appFiles },
      script: `/${manifest[PAGES.home].file}`,
      imports: importsOf(PAGES.home),
      css: pageCss.home,
    }),
  );
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
  `prerendered /login and /home in ${LANGUAGES.length} languages (${(pageCss.login.length / 1024).toFixed(1)} and ${(pageCss.home.length / 1024).toFixed(1)} KB of CSS inline)`,
);
