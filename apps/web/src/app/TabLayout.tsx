import TabBar from 'antd-mobile/es/components/tab-bar';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useOrderBadge } from '../features/orders/api/get-order-badge';
import { paths } from '../lib/paths';
import { tabPaths } from './router';
import styles from './TabLayout.module.css';
import { TABS } from './tabs';

/** Screens with the bottom tab bar (Home, Product, Order, My). */
export default function TabLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const orderTotal = useOrderBadge();
  const tabs = TABS.filter((tab) => tabPaths.has(tab.path));
  return (
    <div className={styles.layout}>
      <div className={styles.content}>
        <Outlet />
      </div>
      <nav className={styles.bar} aria-label={t('tabs.label')}>
        <TabBar activeKey={pathname} onChange={(key) => navigate(key)} safeArea>
          {tabs.map((tab) => (
            <TabBar.Item
              key={tab.path}
              title={t(tab.title)}
              icon={tab.icon}
              badge={
                tab.path === paths.order && orderTotal > 0
                  ? orderTotal > 99
                    ? '99+'
                    : orderTotal
                  : undefined
              }
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
