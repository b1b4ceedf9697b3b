import type { EchartRange } from '@dropdesk/contract/constants';
import type { DateStyle } from '../features/home/components/dates';
import type { NumberStyle } from '../lib/amount';

/**
 * What the Home page's markup (HomeView.tsx) and its script (page.ts) share: element ids, the
 * figures and the curve's lines, and the texts the script writes (built into the page per language).
 */
export const homeIds = {
  main: 'home-main',
  refresh: 'home-refresh',
  puller: 'home-puller',
  closed: 'home-closed',
  announcements: 'home-announcements-bar',
  pause: 'home-announcements-pause',
  loading: 'home-loading',
  failed: 'home-failed',
  retry: 'home-retry',
  figures: 'home-figures',
  curve: 'home-curve-card',
  sheet: 'home-sheet',
  toast: 'home-toast',
  tabs: 'home-tabs',
  texts: 'home-texts',
  /** The button that opens an explanation: focus goes back to it when the sheet closes. */
  explainer: (which: 'credit' | 'followers') => `home-explain-${which}`,
};

/** Home's figures, each with its place in the markup (`data-value`, `data-sub`). */
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

/** The sales curve's height in pixels: uPlot's (curve.ts) and the sketch drawn before it (sketch.ts). */
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
 * The texts page.ts writes, in the page's language, with their `{{placeholders}}` (picked from the
 * app's locales at build by src/prerender.tsx).
 */
export interface HomeTexts {
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
