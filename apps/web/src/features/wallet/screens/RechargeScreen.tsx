import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { useBankAccount } from '../api/get-bank-account';
import { useBlockchain } from '../api/get-blockchain';

/**
 * Top up: choose the method (chain, manual, bank). A method with nothing to pay into says 'not
 * open' here already; its screen says why. Until the calls answer (or if they fail) nothing is said.
 */
export default function RechargeScreen() {
  const { t } = useTranslation();
  const chainOpen = useBlockchain().data?.networks.length !== 0;
  const bankOpen = useBankAccount().data?.account !== null;
  const notOpen = <span data-testid="not-open">{t('wallet.notOpen')}</span>;
  return (
    <Page title={t('routes.recharge')}>
      <MenuList
        label={t('wallet.methods')}
        entries={[
          {
            key: 'chain',
            label: t('wallet.method.chain'),
            to: paths.blockchainRecharge,
            extra: chainOpen ? undefined : notOpen,
          },
          {
            key: 'manual',
            label: t('wallet.method.manual'),
            to: paths.walletRecharge,
            extra: bankOpen ? undefined : notOpen,
          },
          {
            key: 'bank',
            label: t('wallet.method.bank'),
            to: paths.bankCardRecharge,
            extra: bankOpen ? undefined : notOpen,
          },
          { key: 'record', label: t('routes.rechargeRecord'), to: paths.rechargeRecord },
        ]}
      />
    </Page>
  );
}
