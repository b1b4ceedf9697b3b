import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';

/** Top up: choose the method (chain, manual, bank). */
export default function RechargeScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.recharge')}>
      <MenuList
        label={t('wallet.methods')}
        entries={[
          { key: 'chain', label: t('wallet.method.chain'), to: paths.blockchainRecharge },
          { key: 'manual', label: t('wallet.method.manual'), to: paths.walletRecharge },
          { key: 'bank', label: t('wallet.method.bank'), to: paths.bankCardRecharge },
          { key: 'record', label: t('routes.rechargeRecord'), to: paths.rechargeRecord },
        ]}
      />
    </Page>
  );
}
