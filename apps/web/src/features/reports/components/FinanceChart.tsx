import type { Lang } from '@dropdesk/contract/constants';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../../../components/Amount';
import { ChartLegend } from '../../../components/chart/Chart';
import { useUPlot } from '../../../components/chart/uplot';
import { type ChartSpec, compactFormat, X_SCALE, xAxis } from '../../../components/chart/uplot-core';
import type { FinancialReport } from '../api/get-financial-report';
import { SERIES_LINES as KEYS, type Line, useFigureNames } from './names';

type Day = FinancialReport['series'][number];

const HEIGHT = 220;

interface Props {
  series: Day[];
  /** Each day's label, in the order of `series`. */
  days: string[];
  /** Each line's total over the range (the report's own figures), shown while no day is pointed at. */
  totals: Record<Line, string>;
  lang: Lang;
}
const COLOURS: Record<Line, string> = { sales: '#1467e0', profit: '#1b7a3a', settled: '#d97706' };

/**
 * The daily series as lines, drawn by uPlot. Only this module brings uPlot (through
 * components/chart/uplot) and it is loaded with React.lazy, so the library stays out of every other
 * chunk. The legend is ours, not uPlot's (whose values stay empty until a pointer is over the
 * chart): each line's total over the range, or the day pointed at, as exact strings through
 * formatAmount.
 */
export default function FinanceChart({ series, days, totals, lang }: Props) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const box = useRef<HTMLDivElement>(null);
  const [pointed, setPointed] = useState<number | null>(null);
  const labels = useFigureNames().series;
  const day = pointed === null ? undefined : series[pointed];

  const spec = useMemo((): ChartSpec => {
    const compact = compactFormat(lang);
    return {
      height: HEIGHT,
      data: [series.map((_, i) => i), ...KEYS.map((k) => series.map((d) => Number(d[k])))],
      options: {
        scales: { x: X_SCALE },
        series: [
          {},
          ...KEYS.map((k) => ({
            stroke: COLOURS[k],
            width: 2,
            points: { show: series.length <= 7, size: 6 },
          })),
        ],
        axes: [
          xAxis(days, [1, 2, 3, 5, 7, 10, 14, 15, 30], 56),
          { size: 48, values: (_u, splits) => splits.map((v) => compact.format(v)) },
        ],
      },
    };
  }, [series, days, lang]);
  useUPlot(box, spec, setPointed);

  // The canvas says nothing to a screen reader: the screen gives the same days as a table.
  return (
    <div aria-hidden="true" data-testid="finance-chart">
      <div ref={box} />
      <ChartLegend
        testId="chart-legend"
        swatch="stroke"
        head={day ? days[pointed ?? 0] : t('finance.wholePeriod')}
        items={KEYS.map((k) => ({
          key: k,
          colour: COLOURS[k],
          label: labels[k],
          value: formatAmount(day ? day[k] : totals[k]),
        }))}
      />
    </div>
  );
}
