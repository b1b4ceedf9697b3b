import type { Lang } from '@dropdesk/contract/constants';
import type { EchartRange } from '@dropdesk/contract/dashboard';
import { parseMoney, formatMoney as wireMoney } from '@dropdesk/contract/money';
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/Amount';
import { Loading, QueryState } from '../../../components/QueryState';
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

/** Keeps a chart that failed (its chunk did not download, no canvas) from taking Home down with it. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

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
        <div className={styles.chartSlot}>
          <ChartBoundary fallback={<p className={ui.center}>{t('home.curve.failed')}</p>}>
            <Suspense fallback={<Loading />}>
              <SalesChart series={series} labels={labels} lang={lang} onPoint={setPointed} />
            </Suspense>
          </ChartBoundary>
        </div>
      )}
      {/* The legend: each line's total over the range, or the values of the point under the pointer. */}
      <div className={styles.legend} data-testid="curve-legend">
        <p className={styles.legendHead}>
          {point ? (labels[pointed ?? 0] ?? '') : t('home.curve.whole', { range: ranges[data.range] })}
        </p>
        <ul>
          {CURVE_LINES.map((k) => (
            <li key={k}>
              <span className={styles.swatch} style={{ background: CURVE_COLOURS[k] }} aria-hidden="true" />
              <span>{lines[k]}</span>
              <strong>{value(k, shown)}</strong>
            </li>
          ))}
        </ul>
      </div>
      {/* The canvas says nothing to a screen reader: the same points as a table. Hidden in a block,
          since a table ignores `overflow` and its rows would stretch the page. */}
      {!quiet && (
        <div className="visually-hidden">
          <table>
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{data.range === 'today' ? t('home.curve.hour') : t('home.curve.day')}</th>
                {CURVE_LINES.map((k) => (
                  <th key={k} scope="col">
                    {lines[k]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.map((p, i) => (
                <tr key={p.label}>
                  <th scope="row">{labels[i]}</th>
                  {CURVE_LINES.map((k) => (
                    <td key={k}>{value(k, p)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
      <fieldset className={styles.chips}>
        <legend className="visually-hidden">{t('home.curve.range')}</legend>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className={ui.chip}
            aria-pressed={r === range}
            onClick={() => onRange(r)}
          >
            {ranges[r]}
          </button>
        ))}
      </fieldset>
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
