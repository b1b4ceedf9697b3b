import type uPlot from 'uplot';
import { type ChartSpec, mountUPlot, X_SCALE, xAxis } from '../components/chart/uplot-core';
import type { EchartPoint } from './api';
import { CURVE_COLOURS, CURVE_HEIGHT as HEIGHT } from './spec';

/**
 * The sales curve drawn by uPlot (page.ts imports this module only once the curve's data is there,
 * so the library stays out of the page's script): sales on the left axis (Number() of the decimal
 * string, fine for a drawing; the legend and the table write the exact amounts), orders and
 * visitors on the right one. The canvas is hidden from screen readers: the page gives the same
 * points as a table. Answers the function that removes the chart.
 */
export function drawCurve(
  el: HTMLElement,
  series: EchartPoint[],
  labels: string[],
  /** A whole number as the page's language writes it (the axes' ticks). */
  write: (n: number) => string,
  onPoint: (index: number | null) => void,
): () => void {
  // The axes' width follows their longest tick, written whole ("12,500"): no Intl here (page.ts).
  const size = (_u: uPlot, values: string[] | null) =>
    12 + 7 * Math.max(3, ...(values ?? []).map((v) => v.length));
  const line = (stroke: string, scale: string, dash?: number[]): uPlot.Series => ({
    stroke,
    scale,
    width: 2,
    ...(dash ? { dash } : {}),
    points: { show: series.length <= 8, size: 6 },
  });
  const spec: ChartSpec = {
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
        { scale: 'money', size, values: (_u, splits) => splits.map((v) => write(Math.round(v))) },
        {
          scale: 'count',
          side: 1,
          size,
          grid: { show: false },
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? write(v) : '')),
        },
      ],
    },
  };
  return mountUPlot(el, spec, onPoint);
}
