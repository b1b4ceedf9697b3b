import Flex from 'antd/es/flex';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useMerchant } from '../api/get-merchant';
import {
  BalanceTab,
  FundsTab,
  IdentityTab,
  LevelTab,
  NoticesTab,
  OrdersTab,
  SessionsTab,
  ShopTab,
} from '../components/MerchantTabs';
import { ProposeAdjustment } from '../components/ProposeAdjustment';
import { ShopActions } from '../components/ShopActions';
import { KycTag, ShopStatusTag } from '../components/Tags';

/** A merchant's page: shop, identity, level, balance, funds records, orders, sessions, notices. */
export default function MerchantScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const merchant = useMerchant(id);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'shop';
  return (
    <QueryState query={merchant} heading={<PageTitle title={t('routes.merchant')} />}>
      {(m) => (
        <>
          <PageTitle
            title={`${m.shop.name} (#${m.id})`}
            sub={
              <Flex gap={8} align="center" wrap>
                <ShopStatusTag status={m.status} />
                <KycTag status={m.kyc_status} />
                {m.real_name} · {m.phone} · {m.email} ·{' '}
                {t('merchants.balanceIs', { balance: formatMoney(m.balance) })} ·{' '}
                {t('merchants.ordersCount', {
                  count: m.counts.orders,
                  n: `${formatNumber(m.counts.orders)}${m.counts.orders_capped ? '+' : ''}`,
                })}
              </Flex>
            }
            extra={
              <Flex gap={8}>
                <ProposeAdjustment merchantId={m.id} />
                <ShopActions merchantId={m.id} closed={m.status === 'closed'} />
              </Flex>
            }
          />
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams({ tab: key }, { replace: true })}
            items={[
              { key: 'shop', label: t('merchants.tabShop'), children: <ShopTab merchantId={m.id} /> },
              { key: 'identity', label: t('merchants.tabIdentity'), children: <IdentityTab merchant={m} /> },
              { key: 'level', label: t('merchants.tabLevel'), children: <LevelTab merchant={m} /> },
              { key: 'balance', label: t('merchants.tabBalance'), children: <BalanceTab merchant={m} /> },
              { key: 'funds', label: t('merchants.tabFunds'), children: <FundsTab merchant={m} /> },
              { key: 'orders', label: t('merchants.tabOrders'), children: <OrdersTab merchantId={m.id} /> },
              {
                key: 'sessions',
                label: t('merchants.tabSessions'),
                children: <SessionsTab merchantId={m.id} />,
              },
              {
                key: 'notices',
                label: t('merchants.tabNotices'),
                children: <NoticesTab merchantId={m.id} />,
              },
            ]}
            destroyOnHidden
          />
        </>
      )}
    </QueryState>
  );
}
