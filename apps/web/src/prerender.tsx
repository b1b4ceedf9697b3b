/**
 * The pages of their own, built by `vite build --ssr` and run at build time (scripts/prerender.mjs)
 * and by Vite's dev server (vite.config.ts), never in a browser: the login page's and the Home
 * page's markup in a language, and the messages their scripts need (src/login/page.ts,
 * src/home/page.ts).
 */
import type { Lang } from '@dropdesk/contract/constants';
import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import UndoOutline from 'antd-mobile-icons/es/UndoOutline';
import { h } from 'preact';
import { renderToString as renderPreact } from 'preact-render-to-string';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { TAB_LIST } from './app/tab-list';
import { TAB_ICONS } from './app/tabs';
import { dateStyleOf } from './features/home/components/dates';
import { type HomeTexts, LABEL_KEYS, type Plural } from './home/model';
import { initialState } from './home/state';
import { HomeView } from './home/view/HomeView';
import type { HomeActions, Icons } from './home/view/view';
import { writerOf } from './home/write';
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

/** An antd-mobile icon (a React component) as the SVG markup it draws, made lighter. */
const iconSvg = (icon: ReactElement) => slimIcons(renderToString(icon));

/** Home's icons, drawn once: the page holds them as built, its script never draws them (home/view/Icon.tsx). */
let homeIcons: Icons | undefined;
const iconsOfHome = (): Icons =>
  (homeIcons ??= {
    settings: iconSvg(<SetOutline />),
    refunds: iconSvg(<UndoOutline />),
    express: iconSvg(<SendOutline />),
    service: iconSvg(<MessageOutline />),
    withdraw: iconSvg(<BankcardOutline />),
    distribution: iconSvg(<ShopbagOutline />),
    sound: iconSvg(<SoundOutline />),
    ...Object.fromEntries(TAB_LIST.map((tab, i) => [`tab${i}`, iconSvg(<>{TAB_ICONS[tab.path]}</>)])),
  });

/** Nothing happens at build: the page's script (home/page.ts) brings the actions. */
const noActions: HomeActions = {
  retry: () => undefined,
  refresh: () => undefined,
  explain: () => undefined,
  closeSheet: () => undefined,
  pickRange: () => undefined,
  togglePause: () => undefined,
  chartRoom: () => undefined,
};

/**
 * Home in a language: `messages` holds the app's texts and the home feature's (features/home/locales).
 * Its components (home/view) rendered by Preact in their first state, the one the browser hydrates.
 */
export function renderHome(
  lang: Lang,
  messages: Messages,
  serverMessages: Messages,
): { markup: string; title: string; texts: Omit<HomeTexts, 'appFiles'> } {
  const t = (key: string) => lookup(messages, key);
  const plural = (key: string) => pluralOf(messages, key);
  const server = (key: string) => lookup(serverMessages, key);
  const texts = homeTexts();
  const markup = renderPreact(
    h(HomeView, {
      v: {
        state: initialState(),
        texts: { ...texts, appFiles: [] },
        lang,
        t: (key) => texts.labels[key],
        w: writerOf({ ...texts, appFiles: [] }, lang, null),
        on: noActions,
        icons: iconsOfHome(),
      },
    }),
  );
  return { markup, title: `${t('routes.home')} · Dropdesk`, texts };

  function homeTexts(): Omit<HomeTexts, 'appFiles'> {
    return {
      labels: Object.fromEntries(LABEL_KEYS.map((key) => [key, t(key)])) as HomeTexts['labels'],
      closeIcon: iconSvg(<CloseOutline aria-hidden="true" />),
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
    };
  }
}
