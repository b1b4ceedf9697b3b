import type { Lang } from '@dropdesk/contract/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAmount } from '../../../lib/money';
import type { FinancialReport } from '../api/get-financial-report';

type Day = FinancialReport['series'][number];
type Line = 'sales' | 'profit' | 'topups';

const HEIGHT = 220;

interface Props {
  series: Day[];
  /** Each day's label, in the order of `series`. */
  days: string[];
  lang: Lang;
}
const COLOURS: Record<Line, string> = { sales: '#1467e0', profit: '#1b7a3a', topups: '#d97706' };

/**
 * The daily series as lines, drawn by uPlot (about 22 KB gzip). Only this module imports uPlot and
 * it is loaded with React.lazy, so the library stays out of every other chunk. x is the day's index
 * (the days are calendar days of the merchant's zone, not instants); y is Number() of the decimal
 * string, fine for a drawing, while the legend shows the exact strings through formatAmount.
 */
export default function FinanceChart({ series, days, lang }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
    const lines: { key: Line; label: string }[] = [
      { key: 'sales', label: t('finance.figure.sales') },
      { key: 'profit', label: t('finance.figure.profit') },
      { key: 'topups', label: t('finance.figure.topups') },
    ];
    const data: uPlot.AlignedData = [
      series.map((_, i) => i),
      ...lines.map((l) => series.map((d) => Number(d[l.key]))),
    ];
    const opts: uPlot.Options = {
      width: el.clientWidth || 320,
      height: HEIGHT,
      scales: {
        x: { time: false, range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
      },
      series: [
        { label: t('finance.day'), value: (_u, _v, _s, idx) => (idx == null ? '' : (days[idx] ?? '')) },
        ...lines.map(
          (l): uPlot.Series => ({
            label: l.label,
            stroke: COLOURS[l.key],
            width: 2,
            points: { show: series.length <= 7, size: 6 },
            value: (_u, _v, _s, idx) => {
              const day = idx == null ? undefined : series[idx];
              return day ? formatAmount(day[l.key]) : '';
            },
          }),
        ),
      ],
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
  }, [series, days, lang, t]);

  // The canvas says nothing to a screen reader: the screen gives the same days as a table.
  return <div ref={box} aria-hidden="true" data-testid="finance-chart" />;
}
