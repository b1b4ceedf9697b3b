import type { BillType, JournalType } from '@dropdesk/contract/ledger';
import type { BillAccount, ReportRange } from '@dropdesk/contract/reports';
import { formatDate } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { InfiniteList } from '../../../components/InfiniteList';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { useFigureNames } from '../../../lib/figure-names';
import { currentLang } from '../../../lib/i18n';
import { minorOf } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { type BillFilters, type BillItem, useBill } from '../api/get-bill';
import { useStatementSheet } from '../components/StatementSheet';
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

/** The finance report's periods by name (its chips' words). */
function useRangeLabels(): Record<ReportRange, string> {
  const { t } = useTranslation();
  return {
    all: t('finance.range.all'),
    yesterday: t('finance.range.yesterday'),
    today: t('finance.range.today'),
    week: t('finance.range.week'),
    month: t('finance.range.month'),
  };
}

const ACCOUNTS: readonly BillAccount[] = ['wallet', 'withdraw_hold'];
/** The journal types a funds record can have (a buyer's payment never posts on a merchant's account). */
const JOURNALS: readonly JournalType[] = [
  'recharge',
  'withdrawal_hold',
  'withdrawal_payout',
  'withdrawal_release',
  'order_pickup',
  'refund',
  'settlement',
  'level_purchase',
  'express_purchase',
  'alliance_commission',
  'fee',
  'adjustment',
];

function Row({
  row,
  typeLabel,
  note,
  hold,
}: {
  row: BillItem;
  typeLabel: string;
  note?: string | undefined;
  hold: boolean;
}) {
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
        {row.fee && ` · ${t('funds.fee', { amount: formatAmount(row.fee) })}`}
      </span>
      <span className={styles.after}>
        {hold
          ? t('funds.holdAfter', { amount: formatAmount(row.balance_after) })
          : t('funds.balanceAfter', { amount: formatAmount(row.balance_after) })}
      </span>
      {row.type === 'adjustment' && row.reason && (
        <p className={styles.reason}>{t('funds.reason', { reason: row.reason })}</p>
      )}
    </li>
  );
}

/** The filters in the address; what the server would refuse is left out rather than sent. */
function filtersOf(params: URLSearchParams, types: Record<BillType, string>): BillFilters {
  const type = params.get('type');
  const journal = params.get('journal_type');
  const range = params.get('range');
  const account = params.get('account');
  const f: BillFilters = {};
  if (type && Object.hasOwn(types, type)) f.type = type as BillType;
  if (journal && JOURNALS.includes(journal as JournalType)) f.journal_type = journal as JournalType;
  if (range && range !== 'all' && ['yesterday', 'today', 'week', 'month'].includes(range))
    f.range = range as ReportRange;
  if (account && account !== 'wallet' && ACCOUNTS.includes(account as BillAccount))
    f.account = account as BillAccount;
  return f;
}

/**
 * Funds records: every posting on the wallet (or, with `?account=withdraw_hold`, on the withdrawal
 * hold), newest first, by type (the chips), journal type and period (what a finance report line or
 * a Home figure opens: removable chips). Above the rows, what every record kept adds up to: the
 * figure that opened the list.
 */
export default function FundsRecordsScreen() {
  const { t } = useTranslation();
  const labels = useTypeLabels();
  const notes = useJournalNotes();
  const ranges = useRangeLabels();
  const names = useFigureNames();
  const formatAmount = useFormatAmount();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params, labels);
  const hold = filters.account === 'withdraw_hold';
  const q = useBill(filters);

  const set = (key: keyof BillFilters, value: string | undefined) => {
    const p = new URLSearchParams(params);
    if (value === undefined) p.delete(key);
    else p.set(key, value);
    setParams(p, { replace: true, preventScrollReset: true });
  };
  const chips: { key: string; value: BillType | undefined; label: string }[] = [
    { key: 'all', value: undefined, label: t('funds.type.all') },
    ...(Object.keys(labels) as BillType[]).map((value) => ({ key: value, value, label: labels[value] })),
  ];
  const account = hold ? 'withdraw_hold' : 'wallet';
  const active: { key: keyof BillFilters; label: string }[] = [];
  if (filters.account) active.push({ key: 'account', label: t('funds.account.withdraw_hold') });
  if (filters.journal_type)
    active.push({
      key: 'journal_type',
      label: names.journal(filters.journal_type, account) ?? filters.journal_type,
    });
  if (filters.range) active.push({ key: 'range', label: ranges[filters.range] });

  const first = q.data?.pages[0];
  const statement = useStatementSheet();
  return (
    <Page title={t('routes.fundsRecords')}>
      {/* What can be done with the records as a whole: a statement of a period, and its check. */}
      <div className={styles.statements} data-testid="statement-actions">
        <button type="button" className={ui.link} onClick={statement.open}>
          {t('statement.open')}
        </button>
        <Link to={paths.verify} className={ui.link}>
          {t('routes.verify')}
        </Link>
      </div>
      {statement.sheet}
      <fieldset className={ui.chipRow}>
        <legend className="visually-hidden">{t('funds.filter')}</legend>
        {chips.map((f) => (
          <button
            key={f.key}
            type="button"
            className={ui.chip}
            aria-pressed={f.value === filters.type}
            onClick={() => set('type', f.value)}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      {active.length > 0 && (
        <ul className={styles.activeFilters} aria-label={t('orders.filter.active')}>
          {active.map((c) => (
            <li key={c.key}>
              <button
                type="button"
                className={styles.removable}
                onClick={() => set(c.key, undefined)}
                aria-label={t('orders.filter.remove', { filter: c.label })}
                data-testid={`filter-${c.key}`}
              >
                {c.label} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <InfiniteList
        query={q}
        empty={filters.type ? t('funds.emptyOfType', { type: labels[filters.type] }) : t('funds.empty')}
      >
        {(rows) => (
          <>
            {first && (
              <p className={styles.count} aria-live="polite" data-testid="bill-sums">
                {t('funds.sums', { count: first.sums.count, amount: formatAmount(first.sums.amount) })}
                {minorOf(first.sums.fees) !== 0 &&
                  ` · ${t('figures.payoutFees', { amount: formatAmount(first.sums.fees) })}`}
              </p>
            )}
            <ul className={ui.recordList}>
              {rows.map((r) => (
                <Row key={r.id} row={r} typeLabel={labels[r.type]} note={notes[r.journal_type]} hold={hold} />
              ))}
            </ul>
          </>
        )}
      </InfiniteList>
    </Page>
  );
}
