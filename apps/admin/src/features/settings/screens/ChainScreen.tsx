import { adminChainRoutes } from '@dropdesk/contract/chain';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { ChainAlerts } from '../components/ChainAlerts';
import { ChainNetworks } from '../components/ChainNetworks';

const TABS = ['networks', 'alerts'] as const;

/**
 * Chain deposits: the networks the watcher follows (each merchant's address there is derived from
 * the network's extended public key), with the watcher's health, and its alerts. Reviewers read;
 * admins set a network and resolve an alert. The tab is in the address (`?tab=alerts`: the
 * overview's link to the alerts).
 */
export default function ChainScreen() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'networks';
  return (
    <>
      <PageTitle title={t('routes.chain')} sub={t('chain.intro')} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'networks' ? {} : { tab: key }, { replace: true })}
        items={[
          {
            key: 'networks',
            label: t('chain.tabNetworks'),
            children: <ChainNetworks canEdit={canUse(operator?.role, adminChainRoutes.setNetwork)} />,
          },
          {
            key: 'alerts',
            label: t('chain.tabAlerts'),
            children: <ChainAlerts canResolve={canUse(operator?.role, adminChainRoutes.resolveAlert)} />,
          },
        ]}
      />
    </>
  );
}
