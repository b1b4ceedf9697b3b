import AppOutline from 'antd-mobile-icons/es/AppOutline';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import type { ReactNode } from 'react';
import { paths } from '../lib/paths';
import { TAB_LIST } from './tab-list';

export interface Tab {
  path: string;
  /** Translation key (a literal). */
  title: string;
  icon: ReactNode;
}

/** Each tab's icon, by its path. */
export const TAB_ICONS: Record<Tab['path'], ReactNode> = {
  [paths.home]: <AppOutline />,
  [paths.product]: <AppstoreOutline />,
  [paths.order]: <UnorderedListOutline />,
  [paths.my]: <UserOutline />,
};

/** The specification's four tabs, in order. A tab shows only once its screen's route exists. */
export const TABS: Tab[] = TAB_LIST.map((tab) => ({ ...tab, icon: TAB_ICONS[tab.path] }));
