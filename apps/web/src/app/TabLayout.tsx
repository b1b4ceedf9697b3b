import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useOrderBadge } from '../features/orders/api/get-order-badge';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { tabPaths } from './router';
import styles from './TabLayout.module.css';
import { TABS } from './tabs';

/**
 * Screens with the bottom tab bar (Home, Product, Order, My). The bar is plain links (NavLink marks
 * the current one with aria-current), not antd-mobile's TabBar: links are reachable by keyboard
 * and open in a new tab, and the first screen after login fetches five files fewer.
 */
export default function TabLayout() {
  const { t } = useTranslation();
  // The orders awaiting pickup (the specification's status 5, page 1, limit 10 `total`): asked once
  // a tab screen opens after login, and again after a pickup (it is an order query). The session
  // keeps the last count, so the badge shows at once on the next start.
  useOrderBadge();
  const orderTotal = useSession((s) => s.orderTotal);
  const tabs = TABS.filter((tab) => tabPaths.has(tab.path));
  return (
    <div className={styles.layout}>
      <div className={styles.content}>
        <Outlet />
      </div>
      <nav className={styles.bar} aria-label={t('tabs.label')}>
        <ul className={styles.list}>
          {tabs.map((tab) => {
            const badge =
              tab.path === paths.order && orderTotal > 0
                ? orderTotal > 99
                  ? '99+'
                  : String(orderTotal)
                : null;
            return (
              <li key={tab.path}>
                <NavLink
                  to={tab.path}
                  className={({ isActive }) => (isActive ? styles.active : styles.tab)}
                  // Home is a page of its own (src/home), not a screen of the app: a full page load.
                  reloadDocument={tab.path === paths.home}
                >
                  <span className={styles.icon} aria-hidden="true">
                    {tab.icon}
                    {badge && <span className={styles.badge}>{badge}</span>}
                  </span>
                  <span className={styles.title}>{t(tab.title)}</span>
                  {badge && <span className="visually-hidden">({badge})</span>}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
