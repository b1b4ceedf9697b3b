import type { EchartPoint } from './api';
import { CURVE_COLOURS } from './spec';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The sales curve drawn at once as a plain SVG, a few nodes: the answer is on the
 * page long before uPlot is loaded (only once its card comes into view above the tab bar), and the
 * room said "loading" all that time. The lines are the same as uPlot's (sales on their own scale,
 * orders dashed and visitors on a shared count scale), without axes; uPlot replaces the sketch when
 * the card is seen. Hidden from screen readers like the canvas: the page writes the points as a table.
 */
export function sketchCurve(doc: Document, el: HTMLElement, series: EchartPoint[], height: number): void {
  const n = series.length;
  const width = Math.max(1, n - 1) * 10;
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} 100`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', String(height));
  svg.setAttribute('aria-hidden', 'true');
  svg.dataset.testid = 'sales-sketch';
  const sales = series.map((p) => Number(p.sales));
  const counts = series.flatMap((p) => [p.orders, p.visitors]);
  const line = (values: number[], max: number, colour: string, dashed: boolean) => {
    const path = doc.createElementNS(SVG, 'polyline');
    // One point alone stands in the middle, as uPlot draws it.
    const x = (i: number) => (n === 1 ? width / 2 : i * 10);
    const y = (v: number) => 96 - (max > 0 ? (v / max) * 86 : 0);
    path.setAttribute('points', values.map((v, i) => `${x(i)},${y(v).toFixed(2)}`).join(' '));
    path.setAttribute('fill', 'none');
    path.setAttribute('stroke', colour);
    path.setAttribute('stroke-width', '2');
    path.setAttribute('vector-effect', 'non-scaling-stroke');
    if (dashed) path.setAttribute('stroke-dasharray', '6 4');
    svg.append(path);
  };
  line(sales, Math.max(0, ...sales) * 1.1, CURVE_COLOURS.sales, false);
  const countMax = Math.max(0, ...counts) * 1.1;
  line(
    series.map((p) => p.orders),
    countMax,
    CURVE_COLOURS.orders,
    true,
  );
  line(
    series.map((p) => p.visitors),
    countMax,
    CURVE_COLOURS.visitors,
    false,
  );
  el.replaceChildren(svg);
}
