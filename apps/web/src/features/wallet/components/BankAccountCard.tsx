import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import type { TopUpBankAccount } from '../api/get-bank-account';
import { CopyButton } from './CopyButton';
import styles from './wallet.module.css';

/** Where a manual or bank-card top-up is paid: the account in full and the merchant's own reference. */
export function BankAccountCard({ account }: { account: TopUpBankAccount }) {
  const { t } = useTranslation();
  const rows = [
    { key: 'bank', label: t('bank.bankName'), value: account.bank_name },
    { key: 'holder', label: t('bank.holder'), value: account.holder_name },
    { key: 'number', label: t('bank.account'), value: account.account_number },
    { key: 'reference', label: t('wallet.reference'), value: account.reference },
  ];
  return (
    <section className={ui.card} aria-labelledby="pay-to-title" data-testid="pay-to">
      <h2 id="pay-to-title" className={styles.cardTitle}>
        {t('wallet.payTo')}
      </h2>
      <dl className={styles.details}>
        {rows.map((r) => (
          <div key={r.key} className={styles.detail} data-testid={`pay-to-${r.key}`}>
            <dt>{r.label}</dt>
            <dd>
              <span className={styles.value}>{r.value}</span>
              <CopyButton text={r.value} label={r.label} />
            </dd>
          </div>
        ))}
      </dl>
      <p className={ui.hint}>{t('wallet.referenceHint', { reference: account.reference })}</p>
    </section>
  );
}
