import type { Lang } from '@dropdesk/contract/constants';
import type { HoldLine, ReportRange, WalletLine } from '@dropdesk/contract/reports';
import { lazy, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { ChartSlot, RangeChips, SeriesTable } from '../../../components/chart/Chart';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import {
  fundsPath,
  HOLD_LINE_JOURNAL,
  nowPaths,
  orderFigurePaths,
  WALLET_LINE_JOURNAL,
} from '../../../lib/figures';
import { currentLang } from '../../../lib/i18n';
import { minorOf } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { zoneInWords } from '../../../lib/time-zone';
import { type FinancialReport, useFinancialReport } from '../api/get-financial-report';
import { type Line, SERIES_LINES, useFigureNames } from '../components/names';
import { StatementButton, useStatementSheet } from '../components/StatementSheet';
import styles from './reports.module.css';

/** uPlot comes with this chunk only, after the figures are on screen. */
const FinanceChart = lazy(() => import('../components/FinanceChart'));

/** The wallet's lines in the order money reads: what came in, what went out. */
const WALLET_ORDER: WalletLine[] = [
  'topups',
  'settled',
  'commission',
  'cost_returned',
  'withdrawals_released',
  'cost_paid',
  'withdrawals_held',
  'levels',
  'express',
  'fees',
  'adjustments',
];
const HOLD_ORDER: HoldLine[] = ['held', 'paid_out', 'released', 'adjustments'];

/** The specification's five ranges, in its order; literal keys for the i18n check. */
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

const isZero = (amount: string) => minorOf(amount) === 0;
const minusClass = (amount: string) => (minorOf(amount) < 0 ? styles.minus : undefined);

/** A "YYYY-MM-DD" day of the merchant's zone, as that calendar day (formatted in UTC so no zone shifts it). */
function dayDate(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function dayFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
}

/** One figure: its name, its amount (or count), a line under it, and the list it opens. */
function Figure({
  testId,
  label,
  to,
  value,
  sub,
  wide,
}: {
  testId: string;
  label: string;
  to: string;
  value: ReactNode;
  sub?: ReactNode;
  wide?: boolean;
}) {
  return (
    <li className={wide ? styles.figureWide : styles.figure}>
      <Link to={to} className={styles.figureLink} data-testid={testId}>
        <span className={styles.figureLabel}>{label}</span>
        <strong className={styles.figureValue}>{value}</strong>
        {sub && <span className={styles.figureSub}>{sub}</span>}
      </Link>
    </li>
  );
}

/** A signed amount, red when negative. */
const Signed = ({ value }: { value: string }) => (
  <span className={minusClass(value)}>
    <Amount value={value} signed />
  </span>
);

/** One line of an account from opening to closing balance: its name, its signed amount, the records it sums. */
function LedgerLine({
  testId,
  label,
  value,
  to,
  sub,
  edge,
}: {
  testId: string;
  label: string;
  value: string;
  to: string;
  sub?: ReactNode;
  /** The opening or closing balance: unsigned, set apart. */
  edge?: boolean;
}) {
  return (
    <li className={edge ? styles.edge : undefined}>
      <Link to={to} className={styles.ledgerLine} data-testid={testId}>
        <span>{label}</span>
        <strong>{edge ? <Amount value={value} /> : <Signed value={value} />}</strong>
        {sub && <span className={styles.figureSub}>{sub}</span>}
      </Link>
    </li>
  );
}

function Section({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {note && <p className={styles.sectionNote}>{note}</p>}
      {children}
    </section>
  );
}

/** The orders paid in the period: Home's definitions over the report's days. */
function OrdersSection({ report }: { report: FinancialReport }) {
  const { t } = useTranslation();
  const names = useFigureNames();
  const formatAmount = useFormatAmount();
  const o = report.orders;
  const links = orderFigurePaths({ paid_range: report.range });
  return (
    <Section id="finance-orders" title={t('finance.orders.title')} note={t('finance.orders.note')}>
      <ul className={styles.grid}>
        <Figure
          wide
          testId="figure-profit"
          label={names.profit}
          to={links.profit}
          value={<span className={minusClass(o.profit)}>{formatAmount(o.profit)}</span>}
        />
        <Figure
          testId="figure-sales"
          label={names.sales}
          to={links.sales}
          value={<Amount value={o.sales} />}
        />
        <Figure
          testId="figure-cost"
          label={names.cost}
          to={links.cost}
          value={<Amount value={o.cost} />}
          sub={
            isZero(o.cost_estimated)
              ? undefined
              : t('figures.costEstimated', { amount: formatAmount(o.cost_estimated) })
          }
        />
        <Figure
          testId="figure-refunded"
          label={names.refunded}
          to={links.refunded}
          value={<Amount value={o.refunded} />}
        />
        <Figure testId="figure-orders" label={names.orders} to={links.orders} value={o.orders} />
      </ul>
    </Section>
  );
}

/** The wallet from opening to closing balance: every line that moved, each the sum of its funds records. */
function WalletSection({ report }: { report: FinancialReport }) {
  const { t } = useTranslation();
  const names = useFigureNames();
  const w = report.wallet;
  const range = report.range;
  const shown = WALLET_ORDER.filter((l) => !isZero(w[l]));
  return (
    <Section id="finance-wallet" title={t('finance.wallet.title')} note={t('finance.wallet.note')}>
      <ul className={styles.ledger}>
        <LedgerLine
          edge
          testId="wallet-opening"
          label={names.opening}
          value={w.opening}
          to={fundsPath({ range })}
        />
        {shown.map((l) => (
          <LedgerLine
            key={l}
            testId={`wallet-${l}`}
            label={names.wallet[l]}
            value={w[l]}
            to={fundsPath({ range, journal_type: WALLET_LINE_JOURNAL[l] })}
          />
        ))}
        <LedgerLine
          edge
          testId="wallet-closing"
          label={names.closing}
          value={w.closing}
          to={fundsPath({ range })}
        />
      </ul>
      {shown.length < WALLET_ORDER.length && <p className={styles.sectionNote}>{t('finance.wallet.zero')}</p>}
    </Section>
  );
}

/** The withdrawal hold the same way; shown once the merchant has asked for a withdrawal. */
function HoldSection({ report }: { report: FinancialReport }) {
  const { t } = useTranslation();
  const names = useFigureNames();
  const formatAmount = useFormatAmount();
  const h = report.hold;
  const range = report.range;
  const account = 'withdraw_hold' as const;
  const lines = HOLD_ORDER.filter((l) => !isZero(h[l]));
  if (lines.length === 0 && isZero(h.opening) && isZero(h.closing)) return null;
  return (
    <Section id="finance-hold" title={t('finance.hold.title')} note={t('finance.hold.note')}>
      <ul className={styles.ledger}>
        <LedgerLine
          edge
          testId="hold-opening"
          label={names.opening}
          value={h.opening}
          to={fundsPath({ account, range })}
        />
        {lines.map((l) => (
          <LedgerLine
            key={l}
            testId={`hold-${l}`}
            label={names.hold[l]}
            value={h[l]}
            to={fundsPath({ account, range, journal_type: HOLD_LINE_JOURNAL[l] })}
            sub={
              l === 'paid_out' && !isZero(h.fees)
                ? t('figures.payoutFees', { amount: formatAmount(h.fees) })
                : undefined
            }
          />
        ))}
        <LedgerLine
          edge
          testId="hold-closing"
          label={names.closing}
          value={h.closing}
          to={fundsPath({ account, range })}
        />
      </ul>
    </Section>
  );
}

/** Where the money is at this moment: the same four figures as Home's. */
function NowSection({ report }: { report: FinancialReport }) {
  const { t } = useTranslation();
  const names = useFigureNames();
  const n = report.now;
  return (
    <Section id="finance-now" title={t('finance.now.title')}>
      <ul className={styles.grid}>
        <Figure
          testId="now-in-escrow"
          label={names.inEscrow}
          to={nowPaths.in_escrow}
          value={<Amount value={n.in_escrow} />}
        />
        <Figure
          testId="now-on-hold"
          label={names.onHold}
          to={nowPaths.on_hold}
          value={<Amount value={n.on_hold} />}
        />
        <Figure
          testId="now-awaiting-pickup-cost"
          label={names.awaitingPickupCost}
          to={nowPaths.awaiting_pickup_cost}
          value={<Amount value={n.awaiting_pickup_cost} />}
        />
        <Figure
          testId="now-pending-topups"
          label={names.pendingTopups}
          to={nowPaths.pending_topups}
          value={<Amount value={n.pending_topups} />}
        />
      </ul>
    </Section>
  );
}

/** One term of a sum: its sign, name and amount. */
function Term({ sign, label, value }: { sign: '=' | '+' | '−'; label: string; value: string }) {
  return (
    <li>
      <span aria-hidden="true" className={styles.sign}>
        {sign}
      </span>
      <span>{label}</span>
      <Amount value={value} />
    </li>
  );
}

/** All time only: the orders basis again from the wallet's side, term by term. */
function Reconciliation({ report }: { report: FinancialReport }) {
  const { t } = useTranslation();
  const names = useFigureNames();
  const formatAmount = useFormatAmount();
  const r = report.reconciliation;
  if (!r) return null;
  const w = report.wallet;
  const n = report.now;
  const positive = (v: string) => (v.startsWith('-') ? v.slice(1) : v);
  const gap = minorOf(report.orders.profit) - minorOf(r.profit_from_wallet);
  const gapSales = minorOf(report.orders.sales) - minorOf(r.sales_from_wallet);
  return (
    <Section id="finance-check" title={t('finance.check.title')} note={t('finance.check.explain')}>
      <div className={styles.checks} data-testid="reconciliation">
        <ul className={styles.sum} aria-label={names.sales}>
          <Term sign="=" label={names.sales} value={report.orders.sales} />
          <Term sign="=" label={names.settled} value={w.settled} />
          <Term sign="+" label={names.inEscrow} value={n.in_escrow} />
        </ul>
        <ul className={styles.sum} aria-label={names.profit}>
          <Term sign="=" label={names.profit} value={report.orders.profit} />
          <Term sign="=" label={names.settled} value={w.settled} />
          <Term sign="−" label={names.wallet.cost_paid} value={positive(w.cost_paid)} />
          <Term sign="+" label={names.wallet.cost_returned} value={w.cost_returned} />
          <Term sign="+" label={names.inEscrow} value={n.in_escrow} />
          <Term sign="−" label={names.awaitingPickupCost} value={n.awaiting_pickup_cost} />
        </ul>
        <p className={styles.sectionNote} data-testid="reconciliation-result">
          {gap === 0 && gapSales === 0
            ? t('finance.check.agrees')
            : t('finance.check.differs', { amount: formatAmount(gap === 0 ? gapSales : gap) })}
        </p>
      </div>
    </Section>
  );
}

function Report({ report, lang }: { report: FinancialReport; lang: Lang }) {
  const { t } = useTranslation();
  const names = useFigureNames();
  const series = report.series;
  const days = useMemo(() => {
    const f = dayFormat(lang, { month: 'short', day: 'numeric' });
    return series.map((d) => f.format(dayDate(d.date)));
  }, [series, lang]);
  const first = series[0]?.date;
  const last = series.at(-1)?.date;
  const period =
    report.range === 'all' || !first || !last
      ? t('finance.allTime')
      : dayFormat(lang, { dateStyle: 'medium' }).formatRange(dayDate(first), dayDate(last));
  const quiet = series.every((d) => SERIES_LINES.every((k) => isZero(d[k])));
  const totals: Record<Line, string> = {
    sales: report.orders.sales,
    profit: report.orders.profit,
    settled: report.wallet.settled,
  };

  return (
    <>
      <p className={styles.period} data-testid="period">
        {period}
      </p>
      <p className={styles.zone} data-testid="time-zone">
        {t('finance.timeZone', { zone: zoneInWords(report.time_zone, lang) })}{' '}
        <Link to={paths.personalInfo}>{t('finance.changeTimeZone')}</Link>
      </p>
      <OrdersSection report={report} />
      <WalletSection report={report} />
      <HoldSection report={report} />
      <NowSection report={report} />
      <Reconciliation report={report} />
      <section className={styles.chartCard} aria-labelledby="finance-chart-title">
        <h2 id="finance-chart-title" className={styles.chartTitle}>
          {t('finance.daily', { count: series.length })}
        </h2>
        {quiet ? (
          <p className={ui.center}>{t('finance.noActivity')}</p>
        ) : (
          <>
            <ChartSlot failed={t('finance.chartFailed')}>
              <FinanceChart series={series} days={days} totals={totals} lang={lang} />
            </ChartSlot>
            <SeriesTable
              caption={t('finance.daily', { count: series.length })}
              corner={t('finance.day')}
              columns={SERIES_LINES.map((k) => ({ key: k, label: names.series[k] }))}
              rows={series.map((d, i) => ({
                key: d.date,
                label: days[i] ?? '',
                cells: SERIES_LINES.map((k) => <Amount key={k} value={d[k]} />),
              }))}
            />
          </>
        )}
      </section>
    </>
  );
}

/**
 * Finance report (`?range=`): the orders paid in the period (Home's figures, by the same names), the
 * wallet and the withdrawal hold from opening to closing balance, where the money is now and, for
 * all time, how the two bases meet; every figure opens the orders or funds records it sums
 * (docs/figures.md). Then the days as a chart.
 */
export default function FinanceScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const labels = useRangeLabels();
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range = asked && Object.hasOwn(labels, asked) ? (asked as ReportRange) : 'all';
  const q = useFinancialReport(range);

  const choose = (next: ReportRange) =>
    setParams(next === 'all' ? {} : { range: next }, { replace: true, preventScrollReset: true });
  const statement = useStatementSheet();

  return (
    <Page title={t('routes.finance')} right={<StatementButton onClick={statement.open} />}>
      {statement.sheet}
      <RangeChips
        className={ui.chipRow}
        legend={t('finance.filter')}
        options={Object.keys(labels) as ReportRange[]}
        labels={labels}
        value={range}
        onChange={choose}
      />
      <QueryState query={q}>
        {(report) => (
          <div className={q.isPlaceholderData ? styles.busy : undefined} aria-busy={q.isPlaceholderData}>
            <Report report={report} lang={lang} />
          </div>
        )}
      </QueryState>
    </Page>
  );
}
