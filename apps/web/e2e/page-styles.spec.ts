import { baseURL, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { expect, type Page, test } from '@playwright/test';
// @ts-expect-error: a plain .mjs build script (scripts/prerender.mjs checks the same at build)
import { UNSTYLED } from '../scripts/css-coverage.mjs';
import { appStarted, signIn } from './support/app';
import { LANGS, type Lang, msg } from './support/locales';

/**
 * Every class on a page has a rule in the stylesheets the browser holds for it (CSSOM, so what the
 * page really got, inline or linked). /login was served in every language without its frame's rules
 * (the build dropped a stylesheet its script imported without reading it) and every test
 * stayed green, Lighthouse 100 included. The pages of their own (/login, /home) are checked whole;
 * the app's screens for their CSS modules' classes (antd-mobile's own classes are its business).
 */

/** A CSS module's class as Vite names it: `_frame_n5r3r_1`. */
const CSS_MODULE_CLASS = /^_.+_[\w-]{5}_\d+$/;

async function unstyledClasses(page: Page, which: 'all' | 'modules'): Promise<string[]> {
  const [used, styled] = await page.evaluate(() => {
    const named = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) named.add(m[1] as string);
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const inMarkup = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class]')))
      for (const name of Array.from(el.classList)) inMarkup.add(name);
    return [[...inMarkup], [...named]];
  });
  const has = new Set(styled);
  return used
    .filter((name) => !has.has(name) && !(UNSTYLED as Set<string>).has(name))
    .filter((name) => which === 'all' || CSS_MODULE_CLASS.test(name))
    .sort();
}

/** Opens `path` in `lang` as a visitor whose app language is `lang` (local storage and cookie). */
async function openIn(page: Page, lang: Lang, path: string) {
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await page.goto(path);
}

test('/login is drawn with its own rules in every language: frame, card, title', async ({
  page,
}, testInfo) => {
  for (const lang of LANGS) {
    await openIn(page, lang, '/login');
    await appStarted(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    expect(await unstyledClasses(page, 'all'), `/login in ${lang}`).toEqual([]);
    // The frame's rules, read back: the card is white and rounded on the page's tinted background.
    const card = page.locator('main');
    await expect(card).toHaveCSS('border-radius', '16px');
    await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(lang, 'login.title'));
    // The account field's example is whole at 390 px (vi, ja and tr were cut off).
    const example = await page.locator('input[name=account]').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const ruler = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      ruler.font = `${style.fontSize} ${style.fontFamily}`;
      const room =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { text: Math.ceil(ruler.measureText(input.placeholder).width), room: Math.floor(room) };
    });
    expect(example.text, `${lang}: ${msg(lang, 'login.accountPlaceholder')}`).toBeLessThanOrEqual(
      example.room,
    );
    if (lang === 'vi' || lang === 'en' || lang === 'th') await shot(page, testInfo, `login-${lang}`);
  }
});

test('/home is drawn with its own rules in every language', async ({ page }, testInfo) => {
  const m = await registerMerchant();
  for (const lang of LANGS) {
    // The cookie too, so the page comes in the language at once (no reload to switch).
    await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL }]);
    await signIn(page, m, '/home', lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('navigation', { name: msg(lang, 'tabs.label') })).toBeVisible();
    expect(await unstyledClasses(page, 'all'), `/home in ${lang}`).toEqual([]);
    if (lang === 'vi' || lang === 'en' || lang === 'th') await shot(page, testInfo, `home-${lang}`);
  }
});

test('the other sign-in screens (/register, /forgetPwd) have a rule for each of their classes', async ({
  page,
}, testInfo) => {
  for (const lang of ['vi', 'en', 'th'] as const) {
    for (const path of ['/register', '/forgetPwd']) {
      await openIn(page, lang, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await unstyledClasses(page, 'modules'), `${path} in ${lang}`).toEqual([]);
      await shot(page, testInfo, `${path.slice(1)}-${lang}`);
    }
  }
});
