import type { EchartRange } from '@dropdesk/contract/constants';
import type { DateStyle } from '../features/home/components/dates';
import type { NumberStyle } from '../lib/amount';

/**
 * What the Home page's components (view/), the build that renders them (src/prerender.tsx) and the
 * script that hydrates them (page.ts) share: the labels and texts the components write, the figures
 * and the curve's lines.
 */

/**
 * Every label the components draw, picked from the app's locales at build and sent with the page:
 * the same components render the page at build and again in the browser, where the labels must be
 * the same words or hydration would rewrite them.
 */
export const LABEL_KEYS = [
  'routes.home',
  'common.refresh',
  'common.loading',
  'common.retry',
  'service.contact',
  'home.announcements.title',
  'home.announcements.pause',
  'home.total.title',
  'home.total.profitSub',
  'home.today.title',
  'home.today.estimated',
  'home.now.title',
  'home.shop.title',
  'home.shop.followers',
  'home.shop.what',
  'home.shop.rating',
  'home.shop.credit',
  'home.shop.how',
  'home.visitors.title',
  'home.visitors.note',
  'home.visitors.today',
  'home.visitors.seven',
  'home.visitors.thirty',
  'home.curve.title',
  'home.curve.range',
  'home.shortcut.title',
  'home.shortcut.settings',
  'home.shortcut.refunds',
  'home.shortcut.express',
  'home.shortcut.service',
  'home.shortcut.withdraw',
  'home.shortcut.distribution',
  'home.close',
  'figures.sales',
  'figures.profit',
  'figures.orders',
  'figures.inEscrow',
  'figures.onHold',
  'figures.awaitingPickupCost',
  'figures.pendingTopups',
  'tabs.label',
  'tabs.home',
  'tabs.product',
  'tabs.order',
  'tabs.my',
] as const;
export type LabelKey = (typeof LABEL_KEYS)[number];

/** Home's figures (each marked `data-value` and `data-sub` in the markup, which the browser tests read). */
export const FIGURES = [
  'total_sales',
  'total_profit',
  'today_orders',
  'today_sales',
  'today_profit',
  'now_in_escrow',
  'now_on_hold',
  'now_awaiting_pickup_cost',
  'now_pending_topups',
  'followers',
  'rating',
  'credit',
  'visitors_today',
  'visitors_seven',
  'visitors_thirty',
] as const;
export type Figure = (typeof FIGURES)[number];

/** The curve's ranges, in their order: the contract's (constants.ts, no zod). */
export { ECHART_RANGES as RANGES } from '@dropdesk/contract/constants';

/** The sales curve's height in pixels: uPlot's (curve.ts) and the sketch drawn before it (view/Curve.tsx). */
export const CURVE_HEIGHT = 200;

/** The sales curve's lines and their colours: the chart (curve.ts, lazy) and its legend. */
export const CURVE_LINES = ['sales', 'orders', 'visitors'] as const;
export type CurveLine = (typeof CURVE_LINES)[number];
export const CURVE_COLOURS: Record<CurveLine, string> = {
  sales: '#1467e0',
  orders: '#d97706',
  visitors: '#1b7a3a',
};

/** A plural text: its forms as the language has them (`one`, `other`...; `other` always). */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * The texts the components write, in the page's language, with their `{{placeholders}}` (picked from
 * the app's locales at build by src/prerender.tsx), sent with the page as JSON.
 */
export interface HomeTexts {
  /** The labels (LABEL_KEYS). */
  labels: Record<LabelKey, string>;
  /** The explanation sheet's close icon (antd-mobile's, drawn at build): the sheet opens in the browser. */
  closeIcon: string;
  /** How the page's language writes numbers and amounts (read from Intl at build: lib/amount.ts). */
  numbers: NumberStyle;
  /** How it writes Home's days and hours (read from Intl at build: features/home/components/dates.ts). */
  dates: DateStyle;
  ordersSold: Plural;
  /** Pending top-ups: "2 waiting for review". */
  topups: Plural;
  outOf5: string;
  noRatings: string;
  ratings: Plural;
  credit: {
    title: string;
    explain: string;
    sums: string;
    base: string;
    latePickups: string;
    times: string;
    refundsLost: string;
    score: string;
    tip: string;
  };
  followers: { title: string; count: Plural; explain: string };
  curve: {
    whole: string;
    caption: string;
    hour: string;
    day: string;
    quiet: string;
    failed: string;
    ranges: Record<EchartRange, string>;
    lines: Record<CurveLine, string>;
  };
  pull: { pulling: string; release: string; refreshing: string };
  /** The server's 'The store is closed, please contact customer service'. */
  shopClosed: string;
  closedReason: string;
  /** The server's 'Please log in first' (no session), shown by the login page. */
  logInFirst: string;
  sessionEnded: string;
  loadFailed: string;
  serverFailed: string;
  /** The app's start files, fetched at the merchant's first touch, so the next screen opens sooner. */
  appFiles: string[];
}
