import type { BillType, JournalType } from '@dropdesk/contract/ledger';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { InfiniteList } from '../../../components/InfiniteList';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { formatDate } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { type BillItem, useBill } from '../api/get-bill';
import styles from './reports.module.css';

/** Each bill type's name, in the contract's order (the filter's order); literal keys for the i18n check. */
function useTypeLabels(): Record<BillType, string> {
  const { t } = useTranslation();
  return {
    recharge: t('funds.type.recharge'),
    withdrawal: t('funds.type.withdrawal'),
    order: t('funds.type.order'),
    refund: t('funds.type.refund'),
    level: t('funds.type.level'),
    promotion: t('funds.type.promotion'),
    commission: t('funds.type.commission'),
    fee: t('funds.type.fee'),
    adjustment: t('funds.type.adjustment'),
  };
}

/** What a posting of a type with several steps was (a withdrawal held or given back, an order picked or settled). */
function useJournalNotes(): Partial<Record<JournalType, string>> {
  const { t } = useTranslation();
  return {
    withdrawal_hold: t('funds.journal.withdrawalHold'),
    withdrawal_release: t('funds.journal.withdrawalRelease'),
    withdrawal_payout: t('funds.journal.withdrawalPayout'),
    order_pickup: t('funds.journal.orderPickup'),
    settlement: t('funds.journal.settlement'),
  };
}

function Row({ row, typeLabel, note }: { row: BillItem; typeLabel: string; note?: string | undefined }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const formatAmount = useFormatAmount();
  const out = row.amount.startsWith('-');
  return (
    <li className={ui.recordRow} data-testid="bill-row">
      <span className={styles.type}>{typeLabel}</span>
      <span className={`${styles.amount} ${out ? styles.minus : styles.plus}`}>
        {/* "+$100.00" or "-$600.00": the sign is part of the text, the colour only repeats it. */}
        <Amount value={row.amount} signed />
      </span>
      <span className={styles.meta}>
        <time dateTime={row.created_at}>{formatDate(row.created_at, lang)}</time>
        {note && ` · ${note}`}
      </span>
      <span className={styles.after}>
        {t('funds.balanceAfter', { amount: formatAmount(row.balance_after) })}
      </span>
      {row.type === 'adjustment' && row.reason && (
        <p className={styles.reason}>{t('funds.reason', { reason: row.reason })}</p>
      )}
    </li>
  );
}

/** Funds records: every posting on the wallet, newest first, filtered by type (kept in `?type=`). */
export default function FundsRecordsScreen() {
  const { t } = useTranslation();
  const labels = useTypeLabels();
  const notes = useJournalNotes();
  const [params, setParams] = useSearchParams();
  const asked = params.get('type');
  const type = asked && Object.hasOwn(labels, asked) ? (asked as BillType) : undefined;
  const q = useBill(type);

  const choose = (next: BillType | undefined) =>
    setParams(next ? { type: next } : {}, { replace: true, preventScrollReset: true });
  const filters: { key: string; value: BillType | undefined; label: string }[] = [
    { key: 'all', value: undefined, label: t('funds.type.all') },
    ...(Object.keys(labels) as BillType[]).map((value) => ({ key: value, value, label: labels[value] })),
  ];

  const total = q.data?.pages[0]?.total ?? 0;
  return (
    <Page title={t('routes.fundsRecords')}>
      <fieldset className={ui.chipRow}>
        <legend className="visually-hidden">{t('funds.filter')}</legend>
        {filters.map((f) => (
          <button
            key={f.key}
            type="button"
            className={ui.chip}
            aria-pressed={f.value === type}
            onClick={() => choose(f.value)}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      <InfiniteList
        query={q}
        empty={type ? t('funds.emptyOfType', { type: labels[type] }) : t('funds.empty')}
      >
        {(rows) => (
          <>
            <p className={styles.count} aria-live="polite">
              {t('funds.count', { count: total })}
            </p>
            <ul className={ui.recordList}>
              {rows.map((r) => (
                <Row key={r.id} row={r} typeLabel={labels[r.type]} note={notes[r.journal_type]} />
              ))}
            </ul>
          </>
        )}
      </InfiniteList>
    </Page>
  );
}
