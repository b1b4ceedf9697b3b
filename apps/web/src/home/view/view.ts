import type { EchartRange, Lang } from '@dropdesk/contract/constants';
import type { HomeTexts, LabelKey } from '../model';
import type { HomeState } from '../state';
import type { Writer } from '../write';

/** What the page does when the merchant acts (page.ts); nothing at build. */
export interface HomeActions {
  retry: () => void;
  refresh: () => void;
  /** Opens an explanation; focus goes back to `opener` when it closes. */
  explain: (which: 'credit' | 'followers', opener: HTMLElement) => void;
  closeSheet: () => void;
  pickRange: (range: EchartRange) => void;
  togglePause: () => void;
  /** The chart's room, where uPlot draws (page.ts loads it once the room is in sight). */
  chartRoom: (el: HTMLElement | null) => void;
}

/** The icons, antd-mobile's drawn to SVG at build (src/prerender.tsx); none in the browser (view/Icon.tsx). */
export type IconName =
  | 'settings'
  | 'refunds'
  | 'express'
  | 'service'
  | 'withdraw'
  | 'distribution'
  | 'sound'
  | 'tab0'
  | 'tab1'
  | 'tab2'
  | 'tab3';
export type Icons = Partial<Record<IconName, string>>;

/** What every region's component is drawn from. */
export interface View {
  state: HomeState;
  texts: HomeTexts;
  lang: Lang;
  t: (key: LabelKey) => string;
  w: Writer;
  on: HomeActions;
  icons: Icons;
}

/** A value not there yet: a dash, as the page is built. */
export const NONE = '–';
