import type { Lang } from '@dropdesk/contract/constants';
import type { EchartRange } from '@dropdesk/contract/dashboard';
import { parseMoney, formatMoney as wireMoney } from '@dropdesk/contract/money';
import { lazy, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/Amount';
import { ChartLegend, ChartSlot, RangeChips, SeriesTable } from '../../../components/chart/Chart';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { type Echart, useEchart } from '../api/get-echart';
import { CURVE_COLOURS, CURVE_LINES, type CurveLine } from './curve';
import { pointLabel } from './dates';
import styles from './home.module.css';

/** uPlot comes with this chunk only, once the curve's data is there. */
const SalesChart = lazy(() => import('./SalesChart'));

/** The contract's ECHART_RANGES, in their order (a value import of contract/dashboard brings zod). */
const RANGES = ['today', 'seven', 'thirty'] as const satisfies readonly EchartRange[];

/** A wire amount in minor units, a refund's minus sign included. */
const minorOf = (wire: string): number =>
  wire.startsWith('-') ? -(parseMoney(wire.slice(1)) ?? 0) : (parseMoney(wire) ?? 0);

function useLabels() {
  const { t } = useTranslation();
  const ranges: Record<EchartRange, string> = {
    today: t('home.curve.today'),
    seven: t('home.curve.seven'),
    thirty: t('home.curve.thirty'),
  };
  const lines: Record<CurveLine, string> = {
    sales: t('home.curve.sales'),
    orders: t('home.curve.orders'),
    visitors: t('home.curve.visitors'),
  };
  return { ranges, lines };
}

function Curve({ data, lang }: { data: Echart; lang: Lang }) {
  const { t } = useTranslation();
  const { ranges, lines } = useLabels();
  const series = data.series;
  const labels = useMemo(() => series.map((p) => pointLabel(p.label, lang)), [series, lang]);
  const [pointed, setPointed] = useState<number | null>(null);
  const totals = useMemo(
    () => ({
      sales: wireMoney(series.reduce((s, p) => s + minorOf(p.sales), 0)),
      orders: series.reduce((s, p) => s + p.orders, 0),
      visitors: series.reduce((s, p) => s + p.visitors, 0),
    }),
    [series],
  );
  const point = pointed === null ? undefined : series[pointed];
  const shown = point ?? totals;
  const quiet = series.every((p) => p.orders === 0 && p.visitors === 0 && minorOf(p.sales) === 0);
  const value = (k: CurveLine, v: { sales: string; orders: number; visitors: number }) =>
    k === 'sales' ? <Amount value={v.sales} /> : formatNumber(v[k], lang);
  const caption = t('home.curve.caption', { range: ranges[data.range] });

  return (
    <>
      {quiet ? (
        <p className={ui.center}>{t('home.curve.quiet')}</p>
      ) : (
        <ChartSlot failed={t('home.curve.failed')}>
          <SalesChart series={series} labels={labels} lang={lang} onPoint={setPointed} />
        </ChartSlot>
      )}
      {/* The legend: each line's total over the range, or the values of the point under the pointer. */}
      <ChartLegend
        testId="curve-legend"
        head={point ? (labels[pointed ?? 0] ?? '') : t('home.curve.whole', { range: ranges[data.range] })}
        items={CURVE_LINES.map((k) => ({
          key: k,
          colour: CURVE_COLOURS[k],
          label: lines[k],
          value: value(k, shown),
        }))}
      />
      {!quiet && (
        <SeriesTable
          caption={caption}
          corner={data.range === 'today' ? t('home.curve.hour') : t('home.curve.day')}
          columns={CURVE_LINES.map((k) => ({ key: k, label: lines[k] }))}
          rows={series.map((p, i) => ({
            key: p.label,
            label: labels[i] ?? '',
            cells: CURVE_LINES.map((k) => value(k, p)),
          }))}
        />
      )}
    </>
  );
}

/**
 * The sales curve: orders, sales and visitors over today (by hour), 7 or 30 days (by day). The
 * range is the screen's (kept above the pull-to-refresh, which draws its content again once loaded).
 */
export function SalesCurve({
  range,
  onRange,
}: {
  range: EchartRange;
  onRange: (range: EchartRange) => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const { ranges } = useLabels();
  const q = useEchart(range);
  return (
    <section className={styles.card} aria-labelledby="home-curve">
      <h2 id="home-curve" className={styles.cardTitleAlone}>
        {t('home.curve.title')}
      </h2>
      <RangeChips
        className={styles.chips}
        legend={t('home.curve.range')}
        options={RANGES}
        labels={ranges}
        value={range}
        onChange={onRange}
      />
      <QueryState query={q}>
        {(data) => (
          <div className={q.isPlaceholderData ? styles.busy : undefined} aria-busy={q.isPlaceholderData}>
            <Curve data={data} lang={lang} />
          </div>
        )}
      </QueryState>
    </section>
  );
}
