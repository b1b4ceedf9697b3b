import { paths } from '../lib/paths';

/**
 * The specification's four tabs, in order, without their icons: the Home page's tab bar (a page
 * without React, src/home) draws them from this list, the app's (tabs.tsx) adds antd-mobile's icons.
 */
export const TAB_LIST = [
  { path: paths.home, title: 'tabs.home' },
  { path: paths.product, title: 'tabs.product' },
  { path: paths.order, title: 'tabs.order' },
  { path: paths.my, title: 'tabs.my' },
] as const;
