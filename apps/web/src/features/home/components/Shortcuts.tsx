import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UndoOutline from 'antd-mobile-icons/es/UndoOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homePaths } from '../paths';
import styles from './home.module.css';

/**
 * The specification's shortcuts: shop settings, refund orders, the shop express lane, customer
 * service, withdrawal and the distribution centre. Each icon is imported by its own path (as the
 * tab bar does), so Home's chunk carries six small icons, not the whole set.
 */
export function Shortcuts() {
  const { t } = useTranslation();
  const items: { key: string; to: string; label: string; icon: ReactNode }[] = [
    { key: 'settings', to: homePaths.settingup, label: t('home.shortcut.settings'), icon: <SetOutline /> },
    { key: 'refunds', to: homePaths.refundRequest, label: t('home.shortcut.refunds'), icon: <UndoOutline /> },
    { key: 'express', to: homePaths.storeExpress, label: t('home.shortcut.express'), icon: <SendOutline /> },
    { key: 'service', to: homePaths.service, label: t('home.shortcut.service'), icon: <MessageOutline /> },
    {
      key: 'withdraw',
      to: homePaths.withdraw,
      label: t('home.shortcut.withdraw'),
      icon: <BankcardOutline />,
    },
    {
      key: 'distribution',
      to: homePaths.distribution,
      label: t('home.shortcut.distribution'),
      icon: <ShopbagOutline />,
    },
  ];
  return (
    <nav className={styles.card} aria-labelledby="home-shortcuts">
      <h2 id="home-shortcuts" className={styles.cardTitleAlone}>
        {t('home.shortcut.title')}
      </h2>
      <ul className={styles.shortcuts}>
        {items.map((s) => (
          <li key={s.key}>
            <Link to={s.to} className={styles.shortcut}>
              <span className={styles.shortcutIcon} aria-hidden="true">
                {s.icon}
              </span>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
