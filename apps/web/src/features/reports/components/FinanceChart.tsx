import type { Lang } from '@dropdesk/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useFormatAmount } from '../../../components/Amount';
import type { FinancialReport } from '../api/get-financial-report';
import styles from '../screens/reports.module.css';

type Day = FinancialReport['series'][number];
export type Line = 'sales' | 'profit' | 'topups';

const HEIGHT = 220;

interface Props {
  series: Day[];
  /** Each day's label, in the order of `series`. */
  days: string[];
  /** Each line's total over the range (the report's own figures), shown while no day is pointed at. */
  totals: Record<Line, string>;
  lang: Lang;
}
const COLOURS: Record<Line, string> = { sales: '#1467e0', profit: '#1b7a3a', topups: '#d97706' };

/**
 * The daily series as lines, drawn by uPlot (about 22 KB gzip). Only this module imports uPlot and
 * it is loaded with React.lazy, so the library stays out of every other chunk. x is the day's index
 * (the days are calendar days of the merchant's zone, not instants); y is Number() of the decimal
 * string, fine for a drawing. The legend is ours, not uPlot's (whose values stay empty until a
 * pointer is over the chart): each line's total over the range, or the day pointed at, as exact
 * strings through formatAmount.
 */
export default function FinanceChart({ series, days, totals, lang }: Props) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const box = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const lines: { key: Line; label: string }[] = [
    { key: 'sales', label: t('finance.figure.sales') },
    { key: 'profit', label: t('finance.figure.profit') },
    { key: 'topups', label: t('finance.figure.topups') },
  ];
  const day = pointed === null ? undefined : series[pointed];

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
    const keys: Line[] = ['sales', 'profit', 'topups'];
    const data: uPlot.AlignedData = [
      series.map((_, i) => i),
      ...keys.map((k) => series.map((d) => Number(d[k]))),
    ];
    const opts: uPlot.Options = {
      width: el.clientWidth || 320,
      height: HEIGHT,
      scales: {
        x: { time: false, range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
      },
      series: [
        {},
        ...keys.map(
          (k): uPlot.Series => ({
            stroke: COLOURS[k],
            width: 2,
            points: { show: series.length <= 7, size: 6 },
          }),
        ),
      ],
      legend: { show: false },
      hooks: { setCursor: [(u) => setPointed(u.cursor.idx ?? null)] },
      axes: [
        {
          incrs: [1, 2, 3, 5, 7, 10, 14, 15, 30],
          space: 56,
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (days[i] ?? '') : '')),
        },
        { size: 48, values: (_u, splits) => splits.map((v) => compact.format(v)) },
      ],
      cursor: { drag: { x: false, y: false } },
    };
    const plot = new uPlot(opts, data, el);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            if (el.clientWidth > 0) plot.setSize({ width: el.clientWidth, height: HEIGHT });
          });
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [series, days, lang]);

  // The canvas says nothing to a screen reader: the screen gives the same days as a table.
  return (
    <div aria-hidden="true" data-testid="finance-chart">
      <div ref={box} />
      <div className={styles.legend} data-testid="chart-legend">
        <p className={styles.legendHead}>{day ? days[pointed ?? 0] : t('finance.wholePeriod')}</p>
        <ul>
          {lines.map((l) => (
            <li key={l.key}>
              <span className={styles.swatch} style={{ background: COLOURS[l.key] }} />
              <span>{l.label}</span>
              <strong>{formatAmount(day ? day[l.key] : totals[l.key])}</strong>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
