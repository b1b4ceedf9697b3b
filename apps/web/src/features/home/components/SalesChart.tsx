import type { Lang } from '@dropdesk/contract/constants';
import { useMemo, useRef } from 'react';
import type uPlot from 'uplot';
import { type ChartSpec, compactFormat, useUPlot, X_SCALE, xAxis } from '../../../components/chart/uplot';
import type { EchartPoint } from '../api/get-echart';
import { CURVE_COLOURS } from './curve';

const HEIGHT = 200;

interface Props {
  series: EchartPoint[];
  /** Each point's label as the reader writes it ("9 AM", "Nov 22"), in the order of `series`. */
  labels: string[];
  lang: Lang;
  /** The point under the pointer, or null: the legend shows its values. */
  onPoint: (index: number | null) => void;
}

/**
 * The sales curve drawn by uPlot: sales on the left axis (Number() of the decimal string, fine for a
 * drawing; the legend and the table write the exact amounts), orders and visitors on the right one.
 * Only this module brings uPlot (through components/chart/uplot), and Home loads it with React.lazy,
 * so the library stays out of Home's chunk. The canvas is hidden from screen readers: SalesCurve
 * gives the same points as a table.
 */
export default function SalesChart({ series, labels, lang, onPoint }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const spec = useMemo((): ChartSpec => {
    const compact = compactFormat(lang);
    const line = (stroke: string, scale: string, dash?: number[]): uPlot.Series => ({
      stroke,
      scale,
      width: 2,
      ...(dash ? { dash } : {}),
      points: { show: series.length <= 8, size: 6 },
    });
    return {
      height: HEIGHT,
      data: [
        series.map((_, i) => i),
        series.map((p) => Number(p.sales)),
        series.map((p) => p.orders),
        series.map((p) => p.visitors),
      ],
      options: {
        scales: {
          x: X_SCALE,
          money: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
          count: { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 1] },
        },
        series: [
          {},
          line(CURVE_COLOURS.sales, 'money'),
          line(CURVE_COLOURS.orders, 'count', [6, 4]),
          line(CURVE_COLOURS.visitors, 'count'),
        ],
        axes: [
          xAxis(labels, [1, 2, 3, 4, 6, 7, 10, 14, 15, 30], 52),
          { scale: 'money', size: 44, values: (_u, splits) => splits.map((v) => compact.format(v)) },
          {
            scale: 'count',
            side: 1,
            size: 36,
            grid: { show: false },
            values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? compact.format(v) : '')),
          },
        ],
      },
    };
  }, [series, labels, lang]);
  useUPlot(box, spec, onPoint);

  return <div ref={box} aria-hidden="true" data-testid="sales-chart" />;
}
