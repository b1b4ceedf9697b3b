import type { Lang } from '@dropdesk/contract/constants';
import type { ReportRange } from '@dropdesk/contract/reports';
import { lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Amount } from '../../../components/Amount';
import { ChartSlot, RangeChips, SeriesTable } from '../../../components/chart/Chart';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { zoneInWords } from '../../../lib/time-zone';
import { type FinancialReport, useFinancialReport } from '../api/get-financial-report';
import styles from './reports.module.css';

/** uPlot comes with this chunk only, after the figures are on screen. */
const FinanceChart = lazy(() => import('../components/FinanceChart'));

type Figure = 'sales' | 'cost' | 'profit' | 'refunds' | 'topups' | 'withdrawals' | 'fees' | 'commissions';
/** Profit first and wide, then what makes it, then the money that came in and went out. */
const FIGURES: Figure[] = [
  'profit',
  'sales',
  'cost',
  'refunds',
  'fees',
  'commissions',
  'topups',
  'withdrawals',
];
/** The lines of the chart (and the columns of its table). */
const LINES = ['sales', 'profit', 'topups'] as const;

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

function useFigureLabels(): Record<Figure, string> {
  const { t } = useTranslation();
  return {
    sales: t('finance.figure.sales'),
    cost: t('finance.figure.cost'),
    profit: t('finance.figure.profit'),
    refunds: t('finance.figure.refunds'),
    topups: t('finance.figure.topups'),
    withdrawals: t('finance.figure.withdrawals'),
    fees: t('finance.figure.fees'),
    commissions: t('finance.figure.commissions'),
  };
}

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount);

/** A "YYYY-MM-DD" day of the merchant's zone, as that calendar day (formatted in UTC so no zone shifts it). */
function dayDate(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

function dayFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(lang, { ...options, timeZone: 'UTC' });
}

function Report({ report, lang }: { report: FinancialReport; lang: Lang }) {
  const { t } = useTranslation();
  const figureLabels = useFigureLabels();
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
  const quiet = series.every((d) => LINES.every((k) => isZero(d[k])));

  return (
    <>
      <p className={styles.period} data-testid="period">
        {period}
      </p>
      <p className={styles.zone} data-testid="time-zone">
        {t('finance.timeZone', { zone: zoneInWords(report.time_zone, lang) })}{' '}
        <Link to={paths.personalInfo}>{t('finance.changeTimeZone')}</Link>
      </p>
      <dl className={styles.grid}>
        {FIGURES.map((k) => (
          <div
            key={k}
            className={k === 'profit' ? styles.figureWide : styles.figure}
            data-testid={`figure-${k}`}
          >
            <dt>{figureLabels[k]}</dt>
            <dd className={report[k].startsWith('-') ? styles.minus : undefined}>
              <Amount value={report[k]} />
            </dd>
          </div>
        ))}
      </dl>
      <section className={styles.chartCard} aria-labelledby="finance-chart-title">
        <h2 id="finance-chart-title" className={styles.chartTitle}>
          {t('finance.daily', { count: series.length })}
        </h2>
        {quiet ? (
          <p className={ui.center}>{t('finance.noActivity')}</p>
        ) : (
          <>
            <ChartSlot failed={t('finance.chartFailed')}>
              <FinanceChart
                series={series}
                days={days}
                totals={{ sales: report.sales, profit: report.profit, topups: report.topups }}
                lang={lang}
              />
            </ChartSlot>
            <SeriesTable
              caption={t('finance.daily', { count: series.length })}
              corner={t('finance.day')}
              columns={LINES.map((k) => ({ key: k, label: figureLabels[k] }))}
              rows={series.map((d, i) => ({
                key: d.date,
                label: days[i] ?? '',
                cells: LINES.map((k) => <Amount key={k} value={d[k]} />),
              }))}
            />
          </>
        )}
      </section>
    </>
  );
}

/** Finance report: the figures of a range (kept in `?range=`) and its days as a chart. */
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

  return (
    <Page title={t('routes.finance')}>
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
