import type { EchartRange } from '@dropdesk/contract/constants';
import type { DateStyle } from '../features/home/components/dates';
import type { NumberStyle } from '../lib/amount';

/**
 * What the Home page's markup (HomeView.tsx) and its script (page.ts and its regions, regions/*.ts)
 * share: the regions' names and the names of their parts, the curve's lines, and the texts the
 * script writes (built into the page per language). No element ids: each region's root carries
 * `data-region="<name>"`, and the region finds its parts inside it by `data-part="<name>"` (or by
 * the key of a repeated child: `data-figure`, `data-range`, `data-legend`, `data-badge`). A name
 * misspelt on either side is a type error.
 */

/** The regions of the page, each filled by one module of regions/ (mounted by page.ts). */
export type RegionName =
  | 'main'
  | 'refresh'
  | 'closed'
  | 'announcements'
  | 'figures'
  | 'curve'
  | 'tabs'
  | 'sheet'
  | 'toast';

/** The parts a region finds inside its root. */
export type Part =
  // main (regions/pull.ts, regions/status.ts)
  | 'puller'
  | 'loading'
  | 'failed'
  | 'failed-text'
  | 'retry'
  // closed (regions/closed.ts)
  | 'closed-text'
  | 'closed-reason'
  // announcements (regions/announcements.ts)
  | 'list'
  | 'marquee'
  | 'pause'
  | 'pause-icon'
  | 'play-icon'
  // figures (regions/figures.ts): each figure's value and line under it, and today's date
  | 'value'
  | 'sub'
  | 'today'
  // curve (regions/curve.ts)
  | 'curve-body'
  | 'slot'
  | 'slot-status'
  | 'canvas'
  | 'legend-head'
  | 'table'
  // sheet (regions/sheet.ts)
  | 'sheet-content'
  | 'close';

/** A region's root in the markup: `<div {...region('figures')}>`. */
export const region = (name: RegionName) => ({ 'data-region': name });
/** A part of a region in the markup: `<strong {...part('value')}>`. */
export const part = (name: Part) => ({ 'data-part': name });

/** The page's texts (`HomeTexts`) are a JSON script of this id (scripts/prerender.mjs writes it). */
export const TEXTS_ID = 'home-texts';

/** The curve's ranges, in their order: the contract's (constants.ts, no zod). */
export { ECHART_RANGES as RANGES } from '@dropdesk/contract/constants';

/** The sales curve's height in pixels: uPlot's (curve.ts) and the sketch drawn before it (sketch.ts). */
export const CURVE_HEIGHT = 200;

/** The sales curve's lines and their colours: the chart (curve.ts, lazy), its legend and its table. */
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
 * The texts the regions write, in the page's language, with their `{{placeholders}}` (picked from the
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
