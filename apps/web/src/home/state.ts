import type { CurrencyInfo, MerInfo } from '@dropdesk/contract/account';
import type { EchartRange } from '@dropdesk/contract/constants';
import type { Announcement, Dashboard, Echart } from './api';

/**
 * Everything the Home page shows that changes: the components (view/) draw it, page.ts changes it.
 * `initialState` is the page as built (every value a dash): the build renders it, and the browser
 * hydrates the same before drawing what the phone kept.
 */
export interface HomeState {
  dashboard: Dashboard | null;
  /** Why the figures could not be had, while none are on screen. */
  failed: string | null;
  currency: CurrencyInfo | null;
  curve: CurveState;
  announcements: Announcement[];
  /** The announcements paused by their button. */
  paused: boolean;
  /** The phone asks for reduced motion: the announcements stand still, with no pause button. */
  reducedMotion: boolean;
  /** The shop, as the session or getMerInfo says (a closed shop's notice). */
  merinfo: Partial<MerInfo> | null | undefined;
  /** The Order tab's badge. */
  badge: number;
  /** A refresh under way (the header's button waits; it waits for the first one too). */
  refreshing: boolean;
  /** The explanation open over the page. */
  sheet: 'credit' | 'followers' | null;
  toast: string | null;
  /** Pull to refresh: how far the page is pulled, in pixels, or the refresh it started. */
  pull: number | 'refreshing';
}

export interface CurveState {
  range: EchartRange;
  /** The curve drawn (the last answer for `range`, or the previous range's while it is asked). */
  data: Echart | null;
  busy: boolean;
  /** What the chart's room says instead of the drawing (a quiet period, a failure). */
  note: string | null;
  /** uPlot has drawn (until then the sketch stands in). */
  chart: boolean;
  /** The point under the finger (the legend shows its values), or null for the whole period. */
  pointed: number | null;
}

export const initialState = (): HomeState => ({
  dashboard: null,
  failed: null,
  currency: null,
  curve: { range: 'seven', data: null, busy: false, note: null, chart: false, pointed: null },
  announcements: [],
  paused: false,
  reducedMotion: false,
  merinfo: null,
  badge: 0,
  refreshing: true,
  sheet: null,
  toast: null,
  pull: 0,
});
