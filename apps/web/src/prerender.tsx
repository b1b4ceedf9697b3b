/**
 * The pages of their own, built by `vite build --ssr` and run at build time (scripts/prerender.mjs)
 * and by Vite's dev server (vite.config.ts), never in a browser: the login page's and the Home
 * page's markup in a language, and the messages their scripts need (src/login/page.ts,
 * src/home/page.ts).
 */
import type { Lang } from '@dropdesk/contract/constants';
import { renderToString } from 'react-dom/server';
import { dateStyleOf } from './features/home/components/dates';
import { HomeView } from './home/HomeView';
import type { HomeTexts, Plural } from './home/spec';
import { numberStyleOf } from './lib/amount';
import type { LoginTexts } from './login/ids';
import { LoginView } from './login/LoginView';

type Messages = Record<string, unknown>;

function lookup(messages: Messages, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`prerender: no text for ${key}`);
  return value;
}

/**
 * The icons' markup as antd-mobile-icons draws it, made lighter for a page that is all HTML: no ids
 * (each icon names its groups), no invisible sizing boxes (the viewBox sizes them), and path
 * coordinates to a tenth of a unit (a 48-unit box drawn at 24 px: a twentieth of a pixel). Home's
 * 15 icons go from 33 to 17 KB, which the phone parses before its first paint.
 */
function slimIcons(markup: string): string {
  return markup.replace(/<svg[\s\S]*?<\/svg>/g, (svg) =>
    svg
      .replace(/ id="[^"]*"/g, '')
      .replace(/ xmlns:xlink="[^"]*"/g, '')
      .replace(/<rect[^>]*opacity="0"[^>]*><\/rect>/g, '')
      .replace(/ d="([^"]*)"/g, (_, d: string) => ` d="${d.replace(/(\d+\.\d)\d+/g, '$1')}"`),
  );
}

/** A plural text's forms in the language (`x_one`, `x_other`...), as i18next keeps them. */
function pluralOf(messages: Messages, key: string): Plural {
  const forms: Partial<Record<Intl.LDMLPluralRule, string>> = {};
  for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'] as const) {
    try {
      forms[form] = lookup(messages, `${key}_${form}`);
    } catch {
      // the language has no such form
    }
  }
  if (!forms.other) throw new Error(`prerender: no plural text for ${key}`);
  return forms as Plural;
}

export function renderLogin(
  lang: Lang,
  messages: Messages,
  serverMessages: Messages,
): { markup: string; title: string; texts: Omit<LoginTexts, 'appFiles'> } {
  const t = (key: string) => lookup(messages, key);
  const server = (key: string) => lookup(serverMessages, key);
  return {
    markup: slimIcons(renderToString(<LoginView lang={lang} t={t} />)),
    title: `${t('routes.login')} · Dropdesk`,
    texts: {
      required: {
        account: server('ACCOUNT_REQUIRED'),
        password: server('FIELD_REQUIRED'),
        captcha: server('CAPTCHA_REQUIRED'),
      },
      network: t('errors.network'),
      loading: t('common.loading'),
      chooseLanguage: t('language.choose'),
      close: t('common.cancel'),
    },
  };
}

/** Home in a language: `messages` holds the app's texts and the home feature's (features/home/locales). */
export function renderHome(
  lang: Lang,
  messages: Messages,
  serverMessages: Messages,
): { markup: string; title: string; texts: Omit<HomeTexts, 'appFiles'> } {
  const t = (key: string) => lookup(messages, key);
  const plural = (key: string) => pluralOf(messages, key);
  const server = (key: string) => lookup(serverMessages, key);
  return {
    markup: slimIcons(renderToString(<HomeView t={t} />)),
    title: `${t('routes.home')} · Dropdesk`,
    texts: {
      numbers: numberStyleOf(lang),
      dates: dateStyleOf(lang),
      ordersSold: plural('home.total.orders'),
      topups: plural('home.now.topups'),
      outOf5: t('home.shop.outOf5'),
      noRatings: t('home.shop.noRatings'),
      ratings: plural('home.shop.ratings'),
      credit: {
        title: t('home.credit.title'),
        explain: t('home.credit.explain'),
        sums: t('home.credit.sums'),
        base: t('home.credit.base'),
        latePickups: t('home.credit.latePickups'),
        times: t('home.credit.times'),
        refundsLost: t('home.credit.refundsLost'),
        score: t('home.credit.score'),
        tip: t('home.credit.tip'),
      },
      followers: {
        title: t('home.followers.title'),
        count: plural('home.followers.count'),
        explain: t('home.followers.explain'),
      },
      curve: {
        whole: t('home.curve.whole'),
        caption: t('home.curve.caption'),
        hour: t('home.curve.hour'),
        day: t('home.curve.day'),
        quiet: t('home.curve.quiet'),
        failed: t('home.curve.failed'),
        ranges: {
          today: t('home.curve.today'),
          seven: t('home.curve.seven'),
          thirty: t('home.curve.thirty'),
        },
        lines: {
          sales: t('figures.sales'),
          orders: t('figures.orders'),
          visitors: t('home.curve.visitors'),
        },
      },
      pull: {
        pulling: t('common.pull.pulling'),
        release: t('common.pull.release'),
        refreshing: t('common.loading'),
      },
      shopClosed: server('SHOP_CLOSED'),
      closedReason: t('shopClosed.reason'),
      logInFirst: server('UNAUTHORIZED'),
      sessionEnded: t('errors.sessionExpired'),
      loadFailed: t('common.loadFailed'),
      serverFailed: t('errors.server'),
    },
  };
}
