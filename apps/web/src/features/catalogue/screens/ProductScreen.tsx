import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { useShopCounts } from '../api/get-listings';
import styles from '../components/catalogue.module.css';
import { Quota } from '../components/Quota';
import { cataloguePaths } from '../paths';

/**
 * The Product tab: the shop at a glance (listings selling, in the warehouse, the quota used), and
 * the ways in: the distribution centre, product management and the seller level.
 */
export default function ProductScreen() {
  const { t } = useTranslation();
  const goods = (status: string) => `${cataloguePaths.goods}?status=${status}`;
  return (
    <Page title={t('routes.product')} back={false}>
      <section className={ui.card} aria-labelledby="shop-glance">
        <h2 id="shop-glance" className={ui.sectionTitle}>
          {t('catalogue.glance')}
        </h2>
        <QueryState query={useShopCounts()}>
          {(counts) => (
            <>
              <ul className={styles.stats}>
                <li>
                  <Link to={goods('selling')} className={styles.stat} data-testid="count-selling">
                    <strong>{counts.selling}</strong>
                    <span>{t('catalogue.status.selling')}</span>
                  </Link>
                </li>
                <li>
                  <Link to={goods('warehouse')} className={styles.stat} data-testid="count-warehouse">
                    <strong>{counts.warehouse}</strong>
                    <span>{t('catalogue.status.warehouse')}</span>
                  </Link>
                </li>
                <li>
                  <Link to={cataloguePaths.level} className={styles.stat} data-testid="count-quota">
                    <strong>
                      {counts.quota.used}/{counts.quota.total}
                    </strong>
                    <span>{t('catalogue.quota')}</span>
                  </Link>
                </li>
              </ul>
              <Quota used={counts.quota.used} total={counts.quota.total} />
            </>
          )}
        </QueryState>
      </section>
      <MenuList
        label={t('routes.product')}
        entries={[
          {
            key: 'distribution',
            label: t('routes.distribution'),
            icon: <AppstoreOutline />,
            to: cataloguePaths.distribution,
          },
          {
            key: 'goods',
            label: t('routes.goods'),
            icon: <UnorderedListOutline />,
            to: cataloguePaths.goods,
          },
          { key: 'level', label: t('routes.level'), icon: <StarOutline />, to: cataloguePaths.level },
        ]}
      />
    </Page>
  );
}
