/** @jsxImportSource preact */

/**
 * Kept as built: an element whose content is the build's and never the browser's. Hydration keeps
 * what the page holds under an element with `dangerouslySetInnerHTML` (Preact diffs no children
 * there), and an empty one is never written again, so the icons' SVG (antd-mobile's, React
 * components) stays out of the page's script.
 */
const KEEP = { __html: '' };

/** An SVG's attributes and content, to draw it as an element of the tree. */
function parts(svg: string): { attrs: Record<string, string>; inner: string } {
  const [, open = '', inner = ''] = /^<svg([^>]*)>([\s\S]*)<\/svg>$/.exec(svg.trim()) ?? [];
  const attrs: Record<string, string> = {};
  for (const [, name, value] of open.matchAll(/([\w:-]+)="([^"]*)"/g)) if (name) attrs[name] = value ?? '';
  return { attrs, inner };
}

/**
 * An icon: its SVG when given (at build; the sheet's close icon, which only the browser draws),
 * else the one the page already holds.
 */
export function Icon({ svg }: { svg: string | undefined }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, it keeps the SVG the build wrote
  if (!svg) return <svg dangerouslySetInnerHTML={KEEP} />;
  const { attrs, inner } = parts(svg);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: antd-mobile's icon, drawn by the build, no user text
  return <svg {...attrs} dangerouslySetInnerHTML={{ __html: inner }} />;
}
