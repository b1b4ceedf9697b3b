import type { EchartRange } from '@dropdesk/contract/constants';
import { parseMoney, formatMoney as wireMoney } from '@dropdesk/contract/money';
import { writePointLabel } from '../../features/home/components/dates';
import { CallFailed, type Echart, type EchartPoint } from '../api';
import { sketchCurve } from '../sketch';
import { CURVE_HEIGHT, CURVE_LINES, type CurveLine, RANGES } from '../spec';
import { stylesheets } from '../styles';
import { fill, type HomeContext, nextTask, partOf, type Region } from './region';

const styles = stylesheets.home;

/** A wire amount in minor units, a refund's minus sign included. */
const minorOf = (wire: string): number =>
  wire.startsWith('-') ? -(parseMoney(wire.slice(1)) ?? 0) : (parseMoney(wire) ?? 0);

export interface CurveOptions {
  /** Asks the API for a range's curve (page.ts: through api.ts, a 401 ending the visit). */
  ask: (range: EchartRange) => Promise<Echart | CallFailed>;
  /** The chart's drawing (uPlot, loaded on first use); replaceable in tests, where there is no canvas. */
  draw: () => Promise<typeof import('../curve')>;
  /** Resolves once the first round of answers is drawn: the chart's room moves until then. */
  firstAnswers: Promise<unknown>;
  /** The height of what covers the bottom of the screen (the tab bar). */
  covered: () => number;
}

export interface CurveRegion extends Region<Echart> {
  /** Asks for the range on screen and draws its answer (the page's start and refresh). */
  load(): Promise<void>;
  /** Writes the legend's and the table's amounts again (the currency came). */
  rewrite(): void;
}

/**
 * The sales curve's card (`data-region="curve"`): the range chips (`data-range`), the chart's room
 * (a sketch at once, uPlot once in view), the legend (`data-legend` per line: the range's totals,
 * or the pointed day's) and a table of the points for screen readers. A chip asks for its range;
 * the previous range stays drawn while it comes, and when it fails.
 */
export function mountCurve(root: HTMLElement, c: HomeContext, options: CurveOptions): CurveRegion {
  const { doc, texts, n } = c;
  const body = partOf(root, 'curve-body');
  const slot = partOf(root, 'slot');
  const slotStatus = partOf(root, 'slot-status');
  const canvas = partOf(root, 'canvas');
  const legendHead = partOf(root, 'legend-head');
  const table = partOf(root, 'table');
  let range: EchartRange = 'seven';
  let curve: Echart | null = null;
  let removeChart: (() => void) | null = null;
  let labels: string[] = [];

  const lineValue = (k: CurveLine, v: { sales: string; orders: number; visitors: number }) =>
    k === 'sales' ? c.amount(v.sales) : n(v[k]);
  const writeLegend = (pointed: number | null) => {
    if (!curve) return;
    const series = curve.series;
    const point = pointed === null ? undefined : series[pointed];
    const shown = point ?? {
      sales: wireMoney(series.reduce((s, p) => s + minorOf(p.sales), 0)),
      orders: series.reduce((s, p) => s + p.orders, 0),
      visitors: series.reduce((s, p) => s + p.visitors, 0),
    };
    legendHead.textContent = point
      ? (labels[pointed ?? 0] ?? '')
      : fill(texts.curve.whole, { range: texts.curve.ranges[curve.range] });
    for (const k of CURVE_LINES)
      (root.querySelector(`[data-legend="${k}"]`) as HTMLElement).textContent = lineValue(k, shown);
  };
  const writeTable = (data: Echart) => {
    table.replaceChildren();
    if (!data.series.length) return;
    const t = doc.createElement('table');
    t.createCaption().textContent = fill(texts.curve.caption, { range: texts.curve.ranges[data.range] });
    const head = t.createTHead().insertRow();
    const th = (text: string, scope: 'col' | 'row') => {
      const cell = doc.createElement('th');
      cell.scope = scope;
      cell.textContent = text;
      return cell;
    };
    head.append(th(data.range === 'today' ? texts.curve.hour : texts.curve.day, 'col'));
    for (const k of CURVE_LINES) head.append(th(texts.curve.lines[k], 'col'));
    const tbody = t.createTBody();
    data.series.forEach((p: EchartPoint, i) => {
      const tr = tbody.insertRow();
      tr.append(th(labels[i] ?? '', 'row'));
      for (const k of CURVE_LINES) tr.insertCell().textContent = lineValue(k, p);
    });
    table.append(t);
  };
  /**
   * Resolves once the chart's room comes within sight, above the tab bar that covers the bottom of
   * the screen (at once without IntersectionObserver). Watched once the first answers are drawn
   * (the announcements move everything below them), from a frame, when the layout is done and the
   * bar's height costs nothing to read.
   */
  let chartWatch: Promise<void> | undefined;
  const chartInView = () =>
    (chartWatch ??= options.firstAnswers.then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof IntersectionObserver === 'undefined') return resolve();
          requestAnimationFrame(() => {
            const watch = new IntersectionObserver(
              (entries) => {
                if (!entries.some((e) => e.isIntersecting)) return;
                watch.disconnect();
                resolve();
              },
              { rootMargin: `0px 0px -${options.covered()}px 0px` },
            );
            watch.observe(slot);
          });
        }),
    ));
  /**
   * The chart itself, once its room is on screen: a phone that never scrolls to it never spends the
   * time uPlot takes to load and draw (the legend and the table are written already).
   */
  const drawChart = async (data: Echart) => {
    try {
      await chartInView();
      const { drawCurve } = await options.draw();
      // uPlot's evaluation and its first drawing in two tasks, so neither holds a slow phone long.
      await nextTask();
      if (curve !== data) return;
      slotStatus.hidden = true;
      canvas.replaceChildren();
      removeChart = drawCurve(canvas, data.series, labels, n, writeLegend);
    } catch {
      slotStatus.removeAttribute('role');
      slotStatus.textContent = texts.curve.failed;
      slotStatus.hidden = false;
    }
  };
  const update = (data: Echart) => {
    curve = data;
    labels = data.series.map((p) => writePointLabel(p.label, texts.dates));
    removeChart?.();
    removeChart = null;
    canvas.replaceChildren();
    const quiet = data.series.every((p) => p.orders === 0 && p.visitors === 0 && minorOf(p.sales) === 0);
    writeLegend(null);
    if (quiet) {
      table.replaceChildren();
      slotStatus.removeAttribute('role');
      slotStatus.textContent = texts.curve.quiet;
      slotStatus.hidden = false;
      return;
    }
    writeTable(data);
    // Drawn at once as a sketch (a few SVG nodes), so the room never says "loading" over an answer
    // that is here; uPlot replaces it once the card is in view.
    sketchCurve(doc, canvas, data.series, CURVE_HEIGHT);
    slotStatus.hidden = true;
    void drawChart(data);
  };
  const load = async () => {
    const wanted = range;
    body.classList.add(styles.busy ?? '');
    body.setAttribute('aria-busy', 'true');
    const answer = await options.ask(wanted);
    if (wanted !== range) return;
    body.classList.remove(styles.busy ?? '');
    body.removeAttribute('aria-busy');
    if (answer instanceof CallFailed) {
      // The previous range stays drawn; with none, the reason in the chart's room.
      if (!curve) {
        slotStatus.removeAttribute('role');
        slotStatus.textContent =
          answer.kind === 'refused' && answer.message ? answer.message : texts.loadFailed;
      }
      return;
    }
    update(answer);
  };
  const chips = [...root.querySelectorAll<HTMLButtonElement>('[data-range]')];
  for (const chip of chips)
    chip.addEventListener('click', () => {
      const next = RANGES.find((r) => r === chip.dataset.range);
      if (!next || next === range) return;
      range = next;
      for (const other of chips) other.setAttribute('aria-pressed', String(other === chip));
      void load();
    });
  slot.hidden = false;
  return {
    update,
    load,
    rewrite() {
      if (!curve) return;
      writeLegend(null);
      writeTable(curve);
    },
  };
}
