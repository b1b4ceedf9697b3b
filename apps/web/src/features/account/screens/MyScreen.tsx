import { LANGUAGE_NAMES } from '@dropdesk/contract/constants';
import { formatNumber } from '@dropdesk/web-kit/format';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/Amount';
import { LanguagePicker } from '../../../components/LanguagePicker';
import { LazyImage } from '../../../components/LazyImage';
import list from '../../../components/list.module.css';
import { MenuList } from '../../../components/MenuList';
import { totalUnread, useUnreadMessages } from '../../../lib/api/get-unread-messages';
import { currentLang } from '../../../lib/i18n';
import { messageOf } from '../../../lib/messages';
import { paths } from '../../../lib/paths';
import { useMerInfo } from '../api/get-mer-info';
import { icons } from '../components/icons';
import { LogoutButton } from '../components/LogoutButton';
import styles from './my.module.css';

/**
 * The account area. Entries lead to every screen that exists; each later issue adds the entries
 * of its own screens (wallet, orders, alliance...) here when it builds them.
 */
export default function MyScreen() {
  const { t } = useTranslation();
  const { merinfo } = useMerInfo();
  const shop = merinfo?.shop;
  // Messages' badge: unread system messages and notices (lib/api, shared with the messages screens).
  const unread = totalUnread(useUnreadMessages().data);
  return (
    <main className={styles.page}>
      <header className={styles.hero}>
        <h1 className="visually-hidden">{t('routes.my')}</h1>
        <div className={styles.identity}>
          <LazyImage
            src={shop?.logo_url}
            alt={t('my.logoAlt')}
            width={56}
            height={56}
            className={styles.logo}
          />
          <div className={styles.names}>
            <p className={styles.shopName}>{shop?.name || t('my.noShopName')}</p>
            <p className={styles.account}>{merinfo?.email || merinfo?.phone}</p>
          </div>
          {merinfo?.level && <span className={styles.level}>{merinfo.level.name}</span>}
        </div>
        {merinfo?.status === 'closed' && (
          <p className={styles.closed} role="status">
            {messageOf('SHOP_CLOSED')}
          </p>
        )}
        {merinfo?.balance != null && (
          <div className={styles.balance}>
            <span>{t('my.balance')}</span>
            <strong data-testid="my-balance">
              <Amount value={merinfo.balance} />
            </strong>
          </div>
        )}
      </header>
      <div className={styles.body}>
        <MenuList
          label={t('wallet.menu')}
          entries={[
            { key: 'recharge', label: t('routes.recharge'), to: paths.recharge },
            { key: 'withdraw', label: t('routes.withdraw'), to: paths.withdraw },
            { key: 'recharge-record', label: t('routes.rechargeRecord'), to: paths.rechargeRecord },
            { key: 'withdraw-record', label: t('routes.withdrawRecord'), to: paths.withdrawRecord },
            { key: 'funds-records', label: t('routes.fundsRecords'), to: paths.fundsRecords },
            { key: 'finance', label: t('routes.finance'), to: paths.finance },
          ]}
        />
        <MenuList
          label={t('my.accountMenu')}
          entries={[
            {
              key: 'messages',
              label: t('routes.message'),
              icon: <BellOutline />,
              to: paths.message,
              extra:
                unread > 0 ? (
                  <span className={list.badge} data-tone="warn" data-testid="messages-badge">
                    {t('my.unreadMessages', { n: formatNumber(unread, currentLang()) })}
                  </span>
                ) : undefined,
            },
            {
              key: 'personal',
              label: t('routes.personalInfo'),
              icon: icons.personal,
              to: paths.personalInfo,
            },
            { key: 'id-info', label: t('routes.idInfo'), icon: icons.identity, to: paths.idInfo },
            { key: 'bank', label: t('routes.bank'), icon: icons.bank, to: paths.bank },
            { key: 'code', label: t('routes.code'), icon: icons.invite, to: paths.code },
            { key: 'alliance', label: t('routes.alliance'), icon: icons.invite, to: paths.alliance },
            { key: 'service', label: t('routes.service'), icon: icons.service, to: paths.service },
          ]}
        />
        <LanguagePicker>
          {(open, current) => (
            <MenuList
              label={t('my.securityMenu')}
              entries={[
                { key: 'setting', label: t('routes.setting'), icon: icons.settings, to: paths.setting },
                {
                  key: 'login-password',
                  label: t('routes.changeLoginPassword'),
                  icon: icons.loginPassword,
                  to: paths.changeLoginPassword,
                },
                merinfo?.pay_password_set
                  ? {
                      key: 'pay',
                      label: t('routes.changePayPassword'),
                      icon: icons.payPassword,
                      to: paths.changePayPassword,
                    }
                  : {
                      key: 'pay',
                      label: t('routes.setPaypwd'),
                      icon: icons.payPassword,
                      to: paths.setPaypwd,
                    },
                {
                  key: 'security',
                  label: t('routes.security'),
                  icon: icons.security,
                  to: paths.security,
                },
                {
                  key: 'language',
                  label: t('language.title'),
                  icon: icons.language,
                  extra: <span lang={current}>{LANGUAGE_NAMES[current]}</span>,
                  onClick: open,
                },
              ]}
            />
          )}
        </LanguagePicker>
        <LogoutButton />
      </div>
    </main>
  );
}
