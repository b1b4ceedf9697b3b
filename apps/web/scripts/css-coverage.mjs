// Which classes of a page's markup have no rule in its stylesheet: scripts/prerender.mjs refuses to
// write a page of its own (/login, /home) with one, and src/own-page.test.ts tests the reading.
// /login shipped without its frame's rules once while every test stayed green.

/**
 * Classes that are hooks, not looks: they are in the markup by design and no rule needs them.
 * `antd-mobile-icon` is on every antd-mobile-icons SVG; the icons are sized by their attributes.
 */
export const UNSTYLED = new Set(['antd-mobile-icon']);

/** Every class named in the markup of the page's body (the head's tags carry none). */
export function classesOf(html) {
  const start = html.search(/<body[\s>]/);
  const body = start === -1 ? html : html.slice(start);
  const classes = new Set();
  for (const [, value] of body.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/**
 * Every class some selector of the stylesheet names. Comments, strings and the declarations are
 * dropped first, so a `.x` in a url() or a content string counts for nothing; the selectors inside
 * @media and @supports blocks count.
 */
export function styledClassesOf(css) {
  const selectors = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    // The innermost blocks are the declarations: emptied, the selectors before them stay.
    .replace(/\{[^{}]*\}/g, '{}');
  const classes = new Set();
  for (const [, name] of selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.add(name);
  return classes;
}

/** The markup's classes that no rule of the stylesheet names, sorted (none: the page is drawn). */
export function classesWithoutRules(html, css, unstyled = UNSTYLED) {
  const styled = styledClassesOf(css);
  return [...classesOf(html)].filter((name) => !styled.has(name) && !unstyled.has(name)).sort();
}

/** The page's own stylesheet: every <style> element in it. */
export function inlineCssOf(html) {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
}
