import type { Lang } from '@dropdesk/contract/constants';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * uPlot without React: what every chart sets alike, and `mountUPlot`, which draws one into an
 * element. Only lazily loaded modules may import this one (the React charts through `uplot.ts`, the
 * Home page's curve through src/home/curve.ts), so the library (about 22 KB gzip) stays out of
 * every screen's own chunk.
 *
 * x is each point's index (the labels are hours or calendar days of the merchant's zone, not
 * instants); y is Number() of a decimal string, fine for a drawing: the legend and the table write
 * the exact amounts.
 */

export interface ChartSpec {
  height: number;
  data: uPlot.AlignedData;
  /** uPlot's options, less what every chart sets alike (size, legend off, cursor, pointer hook). */
  options: Omit<uPlot.Options, 'width' | 'height' | 'legend' | 'hooks' | 'cursor'>;
}

/** A number as a short axis tick ("1.2K"). */
export const compactFormat = (lang: Lang) =>
  new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });

/** The x scale: the points' indexes, one point alone in the middle. */
export const X_SCALE: uPlot.Scale = {
  time: false,
  range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]),
};

/** The x axis: a label at whole indexes only, `incrs` the steps uPlot may take between two. */
export const xAxis = (labels: string[], incrs: number[], space: number): uPlot.Axis => ({
  incrs,
  space,
  values: (_u, splits) => splits.map((i) => (Number.isInteger(i) ? (labels[i] ?? '') : '')),
});

/**
 * Draws `spec` in `el`, follows the element's width, and tells `onPoint` the index under the
 * pointer (null when it leaves). Answers the function that removes the chart again.
 */
export function mountUPlot(
  el: HTMLElement,
  spec: ChartSpec,
  onPoint: (index: number | null) => void,
): () => void {
  const { height, data, options } = spec;
  const plot = new uPlot(
    {
      ...options,
      width: el.clientWidth || 320,
      height,
      legend: { show: false },
      hooks: { setCursor: [(u) => onPoint(u.cursor.idx ?? null)] },
      cursor: { drag: { x: false, y: false } },
    },
    data,
    el,
  );
  const resize =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => {
          if (el.clientWidth > 0) plot.setSize({ width: el.clientWidth, height });
        });
  resize?.observe(el);
  return () => {
    resize?.disconnect();
    plot.destroy();
  };
}
