// A page of its own's HTML (the login page, src/login; the Home page, src/home), from the app's
// index.html: the build's prerender (scripts/prerender.mjs) and Vite's dev server (vite.config.ts)
// both assemble them here, so they cannot drift apart.

const ROOT = /<div id="root">[\s\S]*?<\/div><\/div>/;
const escapeHtml = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * @param {object} page
 * @param {string} page.template the app's index.html (built or source)
 * @param {string} page.lang
 * @param {string} page.title
 * @param {string} page.markup the page's view rendered to HTML
 * @param {string} page.textsId the id of the JSON block the page's script reads its texts from
 * @param {object} page.texts what the script reads from it (LoginTexts, HomeTexts)
 * @param {string} page.script the page's module script
 * @param {string[]} [page.imports] the chunks it imports, preloaded with it (not a round trip later)
 * @param {string} [page.css] its stylesheet, inline (small, and a link would cost a round trip)
 */
export function ownPage({
  template,
  lang,
  title,
  markup,
  textsId,
  texts,
  script,
  imports = [],
  prefetch = [],
  css,
}) {
  if (!ROOT.test(template)) throw new Error('page: #root with its boot mark not found in index.html');
  // JSON inside <script>: no "</script>" can close it early.
  const json = JSON.stringify(texts).replaceAll('<', '\\u003c');
  const head = [
    css ? `<style>${css}</style>` : '',
    `<script type="module" crossorigin src="${script}"></script>`,
    ...imports.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...prefetch.map(
      (file) => `<link rel="prefetch" href="${file}"${file.endsWith('.js') ? ' as="script"' : ''}>`,
    ),
  ].filter(Boolean);
  return (
    template
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      // Not the app: its entry, and what was preloaded for it, stay out of this page.
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
      .replace(
        ROOT,
        () =>
          `<div id="root">${markup}</div>\n    <script type="application/json" id="${textsId}">${json}</script>`,
      )
  );
}
