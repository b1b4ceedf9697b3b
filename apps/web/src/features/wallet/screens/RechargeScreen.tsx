import { useTranslation } from 'react-i18next';
import { MenuList } from '../../../components/MenuList';
import { Page } from '../../../components/Page';
import { ServiceLink } from '../../../components/ServiceLink';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/paths';
import { useOpenMethods } from '../api/top-up-methods';
import styles from '../components/wallet.module.css';

/**
 * Top up: choose the method, each said for what it is: chain (USDT to a deposit address), manual
 * (paid as the platform's instructions say, declared by hand), bank (a transfer to the platform's
 * account). A method with nothing configured says 'not open' here already; its screen says why and
 * what to do. While none is open (a new platform) the screen says so and offers customer service.
 * Until the calls answer (or if they fail) nothing is said.
 */
export default function RechargeScreen() {
  const { t } = useTranslation();
  const open = useOpenMethods();
  const notOpen = <span data-testid="not-open">{t('wallet.notOpen')}</span>;
  const noneOpen = open.chain === false && open.manual === false && open.bank === false;
  return (
    <Page title={t('routes.recharge')}>
      <MenuList
        label={t('wallet.methods')}
        entries={[
          {
            key: 'chain',
            label: t('wallet.method.chain'),
            description: t('wallet.methodHint.chain'),
            to: paths.blockchainRecharge,
            extra: open.chain === false ? notOpen : undefined,
          },
          {
            key: 'manual',
            label: t('wallet.method.manual'),
            description: t('wallet.methodHint.manual'),
            to: paths.walletRecharge,
            extra: open.manual === false ? notOpen : undefined,
          },
          {
            key: 'bank',
            label: t('wallet.method.bank'),
            description: t('wallet.methodHint.bank'),
            to: paths.bankCardRecharge,
            extra: open.bank === false ? notOpen : undefined,
          },
          { key: 'record', label: t('routes.rechargeRecord'), to: paths.rechargeRecord },
        ]}
      />
      {noneOpen && (
        <section className={`${ui.card} ${ui.center}`} role="status" data-testid="none-open">
          <p>
            <strong>{t('wallet.noneOpen')}</strong>
          </p>
          <p className={styles.next}>{t('wallet.askServiceWhen')}</p>
          <ServiceLink className={ui.button} />
        </section>
      )}
    </Page>
  );
}
