#!/usr/bin/env node
// Prerenders the sign-in shell after `vite build` (npm run build runs both): /login in each of the
// 7 languages, as the HTML the server sends for /login (apps/server picks the file by the `lang`
// cookie the app mirrors from local storage). The form paints with the HTML and its stylesheet,
// before any script arrives; React then draws the same markup over it (no layout shift).
//
// 1. `vite build --ssr src/prerender.tsx` into .prerender/ (everything bundled, so the one React
//    19 of this app renders: npm hoists a React 18 for antd-mobile's peers).
// 2. For each language: the route's markup, put into dist/index.html's #root, with <html lang>,
//    the title, and the LoginScreen chunk's stylesheets inline (from Vite's manifest).
// 3. Writes dist/login/<lang>.html with .br and .gz beside each.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const outDir = path.join(webDir, '.prerender');
const LANGUAGES = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];
const SCREEN = 'src/features/auth/screens/LoginScreen.tsx';

await build({
  root: webDir,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false },
  ssr: { noExternal: true },
});
const { renderLogin } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);

// What the LoginScreen chunk needs, from the client build's manifest.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const css = new Set();
const seen = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
if (!manifest[SCREEN]) throw new Error(`prerender: ${SCREEN} is not in the manifest`);
visit(SCREEN);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The screen's stylesheets go inline (they are small, and each link would be one more round trip
// before the first paint); its scripts are left to the router, which asks for them at start.
const linked = new Set([...template.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
const inlineCss = [...css]
  .filter((f) => !linked.has(f))
  .map((f) => readFileSync(path.join(dist, f), 'utf8').trim())
  .join('\n');

const rootRe = /<div id="root">[\s\S]*?<\/div><\/div>/;
if (!rootRe.test(template))
  throw new Error('prerender: #root with its boot mark not found in dist/index.html');
const messagesOf = (file) => JSON.parse(readFileSync(file, 'utf8'));
mkdirSync(path.join(dist, 'login'), { recursive: true });
for (const lang of LANGUAGES) {
  const messages = messagesOf(path.join(webDir, `src/locales/${lang}.json`));
  const server = messagesOf(path.join(webDir, `../../packages/contract/messages/${lang}.json`));
  // Until the scripts take over, the form must not submit natively: that would put the password
  // in a GET URL. A disabled default button also stops Enter's implicit submission.
  const markup = (await renderLogin(lang, messages, server)).replaceAll(
    '<button type="submit"',
    '<button type="submit" disabled=""',
  );
  if (!markup.includes('disabled=""')) throw new Error('prerender: no submit button to hold back');
  const title = `${messages.routes.login} · Dropdesk`;
  const html = template
    .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace('</head>', `  <style>${inlineCss}</style>\n  </head>`)
    .replace(rootRe, () => `<div id="root">${markup}</div>`);
  const file = path.join(dist, 'login', `${lang}.html`);
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
// The other screens (index.html) have no HTML to paint first: there the app's own chunks are
// preloaded from the start, as Vite would for a static entry, so boot.ts's import finds them on
// their way instead of asking for them a round trip later.
const start = new Set();
const closure = (key) => {
  const chunk = manifest[key];
  if (!chunk || start.has(chunk.file)) return;
  start.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep);
};
closure('src/main.tsx');
const preloads = [...start]
  .filter((f) => !linked.has(f))
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
