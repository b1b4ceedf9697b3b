/**
 * Looking at a screen the way a person would, in four checks, each of which fails the test:
 *
 * 1. **Layout**: the page never scrolls sideways; nothing sticks out of the screen's width unless a
 *    box that scrolls sideways holds it; no text spills out of its button; no text is cut off by a
 *    box that hides its overflow, unless it ends in a deliberate ellipsis (or a line clamp) or sits
 *    in a box marked `data-clip="deliberate"` (a marquee); every image that is shown has loaded
 *    (natural width > 0).
 * 2. **axe**: zero violations, every rule axe enables by default, at every impact level.
 * 3. **The picture**: the whole screen (the viewport stretched to the page's height, so fixed
 *    bars sit at its bottom as on a phone) compared with the committed baseline; a difference
 *    beyond the threshold fails, and `npm run test:visual -- --update-snapshots` writes new
 *    baselines, to be committed with the change that meant them.
 */
import { axeViolations } from '@dropdesk/test-kit/e2e/axe';
import { calm, loadingWords } from '@dropdesk/test-kit/e2e/settled';
import { expect, type Locator, type Page } from '@playwright/test';

/** What a person would see wrong in the layout, one line per element. */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}`
          : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${cls}${text ? ` "${text}"` : ''}`;
    };
    const scrollingX = (s: CSSStyleDeclaration) => s.overflowX === 'auto' || s.overflowX === 'scroll';
    const hiding = (v: string) => v === 'hidden' || v === 'clip';
    const visible = (el: Element, s: CSSStyleDeclaration) => {
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const deliberate = (el: Element) => el.closest('[data-clip="deliberate"]') !== null;
    // Text for screen readers only (a class like `visually-hidden`): clipped to a pixel on purpose,
    // it or a box around it (Home's curve as a table, read out but not drawn).
    const clipsAll = (el: Element, s: CSSStyleDeclaration) => {
      const r = el.getBoundingClientRect();
      return (
        (s.clip !== 'auto' && s.clip !== '') ||
        s.clipPath.startsWith('inset') ||
        ((r.width <= 5 || r.height <= 2) && (hiding(s.overflowX) || hiding(s.overflowY)))
      );
    };
    const insideHidden = new Map<Element, boolean>();
    const inHiddenBox = (el: Element | null): boolean => {
      if (el === null || el === document.body) return false;
      let known = insideHidden.get(el);
      if (known === undefined) {
        known = clipsAll(el, getComputedStyle(el)) || inHiddenBox(el.parentElement);
        insideHidden.set(el, known);
      }
      return known;
    };
    const screenReaderOnly = (el: Element, s: CSSStyleDeclaration) => {
      const r = el.getBoundingClientRect();
      return (
        (s.clip !== 'auto' && s.clip !== '') ||
        s.clipPath.startsWith('inset') ||
        r.width <= 5 ||
        r.height <= 2 ||
        inHiddenBox(el.parentElement)
      );
    };
    const ownText = (el: Element) =>
      [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');

    if (document.documentElement.scrollWidth > width + 1)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in ${width} px`);

    for (const el of document.body.querySelectorAll('*')) {
      const s = getComputedStyle(el);
      if (!visible(el, s) || deliberate(el) || screenReaderOnly(el, s)) continue;
      const r = el.getBoundingClientRect();
      // Out of the screen's width, with no box that scrolls sideways around it.
      // (An element wholly off-screen, like a skip link until focused, is placed there on purpose.)
      const straddles = (r.right > width + 1 && r.left < width) || (r.left < -1 && r.right > 0);
      if (straddles) {
        let holder = el.parentElement;
        while (holder && !scrollingX(getComputedStyle(holder)) && holder !== document.body)
          holder = holder.parentElement;
        const clippedAway = holder === document.body || holder === null;
        if (clippedAway && s.position !== 'fixed' && ownText(el))
          out.push(`sticks out of the screen (${Math.round(r.left)}–${Math.round(r.right)} px): ${name(el)}`);
      }
      // Text cut off by its own box.
      if (ownText(el) && (hiding(s.overflowX) || hiding(s.overflowY))) {
        const ellipsis =
          s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '');
        const cutX = hiding(s.overflowX) && el.scrollWidth > el.clientWidth + 1;
        const cutY = hiding(s.overflowY) && el.scrollHeight > el.clientHeight + 1;
        if ((cutX || cutY) && !ellipsis)
          out.push(
            `text cut off by its box (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}): ${name(el)}`,
          );
      }
      // Text that spills out of its button (two lines of Thai in a button one line high).
      if (
        (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button') &&
        (el.textContent ?? '').trim() !== '' &&
        (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
      )
        out.push(
          `text spills out of its button (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}): ${name(el)}`,
        );
      // (One still loading is not broken: settled() gave it five seconds.)
      if (el instanceof HTMLImageElement && el.getAttribute('src') && el.complete && el.naturalWidth === 0)
        out.push(`an image did not load: ${el.getAttribute('src')} (${el.alt || 'no alt'})`);
    }
    return out;
  });
}

const inflight = new WeakMap<Page, { count: number; last: number }>();

/** Counts the page's requests in flight, for `settled` (pageOf in world.ts calls it first). */
export function trackRequests(page: Page) {
  const state = { count: 0, last: Date.now() };
  inflight.set(page, state);
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    state.last = Date.now();
  };
  page.on('request', () => {
    state.count += 1;
    state.last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Notes when the page's DOM last changed (an init script, so it runs before the app's first
 * render), on the page's own monotonic clock: the test's fixed clock stops `Date`, not this one.
 */
function noteChanges() {
  const w = window as unknown as { __lastChange: number; __clock: () => number };
  const clock = performance.now.bind(performance);
  w.__clock = clock;
  w.__lastChange = clock();
  new MutationObserver(() => {
    w.__lastChange = clock();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Installs the page's request counter and DOM-change clock (pageOf in world.ts does, before any load). */
export async function watchPage(page: Page) {
  trackRequests(page);
  await page.addInitScript(noteChanges);
}

const retries = new WeakMap<Page, () => number>();

/**
 * Tells `settled` how long a read the test made fail may still be retried by the app (an error
 * state: the apps retry a failed read once, after a second, before the screen says so). The screen
 * is not settled while that retry is still to come, however quiet it is meanwhile.
 */
export function awaitRetries(page: Page, pendingMs: () => number) {
  retries.set(page, pendingMs);
}

/** At most this long for a screen to settle; then it is looked at as it is, and the look says so. */
const SETTLE_CAP_MS = 15_000;

/**
 * Resolves once the screen shows no busy sign (e2e/support/app.ts `calm`: boot mark, skeleton,
 * spinner, loading line) and, for `quietMs`, its DOM has not changed and no request has been in
 * flight, and no read made to fail is waiting for its retry (`awaitRetries`). The busy signs are
 * what a person waits on; the quiet covers the render after the last answer. The page checks itself every 50 ms (no round trip a poll); the requests are counted here.
 */
async function quiet(page: Page, quietMs: number, screenHeight: number | null) {
  const state = inflight.get(page);
  const until = Date.now() + SETTLE_CAP_MS;
  const words = loadingWords;
  while (Date.now() < until) {
    const calmed = await page
      .waitForFunction(
        calm,
        { words, quietMs, screenHeight },
        { polling: 50, timeout: Math.max(1, until - Date.now()) },
      )
      .then(
        () => true,
        // A page that loads itself again (the app's language switch) ends the wait: ask again.
        (e: Error) => (e.name === 'TimeoutError' ? false : null),
      );
    if (calmed === false) break;
    if (calmed === null) continue;
    const sinceRequest = state ? Date.now() - state.last : quietMs;
    const retry = retries.get(page)?.() ?? 0;
    if ((!state || (state.count === 0 && sinceRequest >= quietMs)) && retry === 0) return;
    await page.waitForTimeout(Math.max(state && state.count > 0 ? 50 : quietMs - sinceRequest, retry, 1));
  }
  const sign = await page.evaluate(calm, { words, quietMs, screenHeight, explain: true });
  console.warn(`[look] ${page.url()}: not settled after ${SETTLE_CAP_MS} ms (${sign || 'still changing'})`);
}

/**
 * Waits until the screen has settled: data in, fonts and images loaded, enter animations done.
 * Images are awaited when they are meant to load now: not a lazy one outside the viewport, which
 * never starts until it is scrolled to (after the viewport is stretched to the page, they are in).
 */
export async function settled(page: Page, quietMs = 300, screenHeight: number | null = null) {
  await page.waitForLoadState('load');
  await quiet(page, quietMs, screenHeight);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = (img: HTMLImageElement) => {
      const r = img.getBoundingClientRect();
      return r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
    };
    const loading = [...document.images]
      .filter((img) => !img.complete && (img.loading !== 'lazy' || inView(img)))
      .map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      );
    await Promise.race([Promise.all(loading), new Promise((resolve) => setTimeout(resolve, 5_000))]);
    // Two frames: what the last answers changed is laid out and painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * A check's problems, asked again once the page has had another moment when there were any: a
 * problem of a passing moment (a screen that re-rendered while axe walked it) is gone the second
 * time, a real one is still there.
 */
async function twice(
  page: Page,
  check: (page: Page) => Promise<string[]>,
  screenHeight: number,
): Promise<string[]> {
  const first = await check(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(500);
  await settled(page, 300, screenHeight);
  return check(page);
}

export interface LookOptions {
  /**
   * What the picture must not compare because each run makes it anew (an invitation code, an order
   * link's token): painted over in the picture; the layout and axe checks still see it.
   */
  mask?: Locator[];
  /** The viewport's width (390 on a phone, 1440 for the console) and its smallest height. */
  width: number;
  height: number;
  /** CSS for the picture only: transient things (toasts) that a test can't time. */
  style?: string;
  /** How long the DOM and the network must stay quiet for the screen to count as settled. */
  quietMs?: number;
}

const pageHeight = (page: Page) =>
  page.evaluate(() => Math.min(8_000, document.documentElement.scrollHeight));

/**
 * The whole page at once: the viewport stretched to the page's height measured at the phone's, so
 * fixed bars sit at its bottom as on a phone, images below the fold load, and the checks see the
 * whole page as the picture does. Measured at the phone's height because a layout at least as tall
 * as the viewport grows with it; so when the stretched page comes out taller than measured, it is
 * measured again at the phone's height: the same figure means such a layout, a taller one means
 * content that arrived meanwhile (a late answer on a busy machine), and the stretch starts over.
 * Returns the page's height at the viewport it leaves.
 */
async function stretch(page: Page, options: LookOptions): Promise<number> {
  const phone = { width: options.width, height: options.height };
  let measured = await pageHeight(page);
  for (let tries = 0; ; tries += 1) {
    if (measured <= options.height) return measured;
    await page.setViewportSize({ width: options.width, height: measured });
    await settled(page, 200, options.height);
    const stretched = await pageHeight(page);
    if (stretched <= measured || tries === 2) return stretched;
    await page.setViewportSize(phone);
    await settled(page, 200, options.height);
    const again = await pageHeight(page);
    if (again === measured) {
      await page.setViewportSize({ width: options.width, height: measured });
      await settled(page, 200, options.height);
      return pageHeight(page);
    }
    measured = again;
  }
}

/**
 * The four checks on the screen as it is now. Layout and axe problems are collected with
 * `expect.soft`, so one run lists every screen's problems rather than the first.
 */
export async function look(page: Page, picture: [string, string], options: LookOptions) {
  const named = picture.join('/');
  const lap = phases(named);
  await settled(page, options.quietMs);
  lap('settle');
  const tall = await stretch(page, options);
  lap('stretch');
  expect.soft(await twice(page, layoutProblems, options.height), `layout of ${named}`).toEqual([]);
  lap('layout');
  expect.soft(await twice(page, axeViolations, options.height), `axe on ${named}`).toEqual([]);
  lap('axe');
  // Read again before the picture: a screen that grew after the first read (an answer that came
  // late on a busy machine) is measured anew, not pictured cut at the old height.
  if ((await pageHeight(page)) > tall) {
    await page.setViewportSize({ width: options.width, height: options.height });
    await settled(page, 200, options.height);
    await stretch(page, options);
  }
  await expect.soft(page).toHaveScreenshot(picture, {
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    ...(options.style ? { style: options.style } : {}),
    ...(options.mask ? { mask: options.mask, maskColor: '#c8c8c8' } : {}),
  });
  lap('picture', true);
  await page.setViewportSize({ width: options.width, height: options.height });
}

/**
 * With LOOK_TIMING=1, one line per look saying where its time went (settle, stretch, layout, axe,
 * picture, in ms): the figures behind docs/testing.md "Where a look's time goes".
 */
function phases(named: string) {
  const on = process.env.LOOK_TIMING === '1';
  const spent: string[] = [];
  let last = Date.now();
  return (phase: string, end = false) => {
    if (!on) return;
    const now = Date.now();
    spent.push(`${phase} ${now - last}`);
    last = now;
    if (end) console.log(`[look-timing] ${named}: ${spent.join(', ')}`);
  };
}
