import type { Lang } from '@dropdesk/contract/constants';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
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
 * Only this module imports uPlot, and Home loads it with React.lazy, so the library stays out of
 * Home's chunk. The canvas is hidden from screen readers: SalesCurve gives the same points as a table.
 */
export default function SalesChart({ series, labels, lang, onPoint }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const point = useRef(onPoint);
  point.current = onPoint;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
    const data: uPlot.AlignedData = [
      series.map((_, i) => i),
      series.map((p) => Number(p.sales)),
      series.map((p) => p.orders),
      series.map((p) => p.visitors),
    ];
    const line = (stroke: string, scale: string, dash?: number[]): uPlot.Series => ({
      stroke,
      scale,
      width: 2,
      ...(dash ? { dash } : {}),
      points: { show: series.length <= 8, size: 6 },
    });
    const opts: uPlot.Options = {
      width: el.clientWidth || 320,
      height: HEIGHT,
      scales: {
        x: { time: false, range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
        money: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        count: { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 1] },
      },
      series: [
        {},
        line(CURVE_COLOURS.sales, 'money'),
        line(CURVE_COLOURS.orders, 'count', [6, 4]),
        line(CURVE_COLOURS.visitors, 'count'),
      ],
      legend: { show: false },
      hooks: { setCursor: [(u) => point.current(u.cursor.idx ?? null)] },
      axes: [
        {
          incrs: [1, 2, 3, 4, 6, 7, 10, 14, 15, 30],
          space: 52,
          values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
        },
        { scale: 'money', size: 44, values: (_u, splits) => splits.map((v) => compact.format(v)) },
        {
          scale: 'count',
          side: 1,
          size: 36,
          grid: { show: false },
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? compact.format(v) : '')),
        },
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
      point.current(null);
    };
  }, [series, labels, lang]);

  return <div ref={box} aria-hidden="true" data-testid="sales-chart" />;
}
