import AppOutline from 'antd-mobile-icons/es/AppOutline';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import type { ReactNode } from 'react';
import { paths } from '../lib/paths';

export interface Tab {
  path: string;
  /** Translation key (a literal). */
  title: string;
  icon: ReactNode;
}

/** The specification's four tabs, in order. A tab shows only once its screen's route exists. */
export const TABS: Tab[] = [
  { path: paths.home, title: 'tabs.home', icon: <AppOutline /> },
  { path: paths.product, title: 'tabs.product', icon: <AppstoreOutline /> },
  { path: paths.order, title: 'tabs.order', icon: <UnorderedListOutline /> },
  { path: paths.my, title: 'tabs.my', icon: <UserOutline /> },
];
