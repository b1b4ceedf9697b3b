import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script (scripts/prerender.mjs uses it)
import { classesOf, classesWithoutRules, inlineCssOf, styledClassesOf } from '../scripts/css-coverage.mjs';
// @ts-expect-error: a plain .mjs build script (scripts/prerender.mjs and the dev server use it)
import { ownPage } from '../scripts/own-page.mjs';

const TEMPLATE = `<!doctype html>
<html lang="vi">
  <head>
    <title>Dropdesk</title>
    <link rel="modulepreload" crossorigin href="/assets/react-x.js">
  </head>
  <body>
    <div id="root"><div class="boot"><svg></svg></div></div>
    <script type="module" crossorigin src="/assets/index-x.js"></script>
  </body>
</html>`;

describe('a page of its own (scripts/own-page.mjs)', () => {
  const html: string = ownPage({
    template: TEMPLATE,
    lang: 'en',
    title: 'Home · Dropdesk',
    markup: '<main>figures</main>',
    textsId: 'home-texts',
    texts: { note: '</script><script>alert(1)</script>' },
    script: '/assets/home-x.js',
    imports: ['/assets/dates-x.js'],
    css: '.a{color:red}',
  });

  it('is the view in its language, with its own script and none of the app', () => {
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Home · Dropdesk</title>');
    expect(html).toContain('<div id="root"><main>figures</main></div>');
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/home-x.js"></script>');
    expect(html).not.toContain('src="/assets/index-x.js"');
    expect(html).not.toContain('/assets/react-x.js');
  });

  it('preloads the chunks its script imports', () => {
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dates-x.js">');
  });

  it('writes its texts as JSON nothing in them can close early', () => {
    const json = /<script type="application\/json" id="home-texts">(.*?)<\/script>/.exec(html)?.[1];
    // Every `<` is written as \u003c, so `</script>` in a text cannot end the element.
    expect(json).toContain('\\u003c/script>\\u003cscript>');
    expect(JSON.parse(json ?? '')).toEqual({ note: '</script><script>alert(1)</script>' });
  });
});

describe("a page's classes and its CSS (scripts/css-coverage.mjs, the prerender's check)", () => {
  const page = (body: string, css: string) =>
    `<html><head><style>${css}</style><link class="x-head"></head><body>${body}</body></html>`;

  it('names each class of the markup that no rule of the page names', () => {
    const html = page(
      '<div class="_frame_n5r3r_1 _card_aez8g_50"><p class="a b">x</p><svg class="antd-mobile-icon"></svg></div>',
      '._card_aez8g_50{padding:4px}.a,.b>p{color:red}',
    );
    expect(classesWithoutRules(html, inlineCssOf(html))).toEqual(['_frame_n5r3r_1']);
  });

  it('counts selectors inside @media and @supports, and after pseudo-classes', () => {
    const css =
      '@media (min-width:600px){.wide{gap:2px}}@supports (display:grid){.grid:not(.off){display:grid}}.x:hover .y{}';
    expect([...styledClassesOf(css)].sort()).toEqual(['grid', 'off', 'wide', 'x', 'y']);
  });

  it('does not count a class that only a declaration, a string or a comment mentions', () => {
    const css =
      '/* .commented{} */.a{background:url(/img/x.svg)}.b::after{content:".quoted"}[data-x=".attr"]{color:red}';
    expect([...styledClassesOf(css)].sort()).toEqual(['a', 'b']);
  });

  it('reads the classes of the body only, split on any whitespace', () => {
    expect([...classesOf(page('<i class=" one\n two "></i>', ''))]).toEqual(['one', 'two']);
  });
});
