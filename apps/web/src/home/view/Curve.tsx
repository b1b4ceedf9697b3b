/** @jsxImportSource preact */
import { formatMoney as wireMoney } from '@dropdesk/contract/money';
import type { Echart, EchartPoint } from '../api';
import { CURVE_COLOURS, CURVE_HEIGHT, CURVE_LINES, type CurveLine, RANGES } from '../model';
import { stylesheets } from '../styles';
import { fill, minorOf } from '../write';
import { NONE, type View } from './view';

const { chart, ui, home: styles } = stylesheets;

type Values = { sales: string; orders: number; visitors: number };

/** A period with no order, sale or visitor: said in words, not drawn as a flat line. */
export const isQuiet = (data: Echart) =>
  data.series.every((p) => p.orders === 0 && p.visitors === 0 && minorOf(p.sales) === 0);

/**
 * The curve drawn at once as a plain SVG, a few nodes, until uPlot (loaded only once the card comes
 * into view above the tab bar) replaces it: the same lines (sales on their own scale, orders dashed
 * and visitors on a shared count scale), without axes. Hidden from screen readers like the canvas:
 * the card gives the points as a table.
 */
export function Sketch({ series }: { series: EchartPoint[] }) {
  const n = series.length;
  const width = Math.max(1, n - 1) * 10;
  // One point alone stands in the middle, as uPlot draws it.
  const x = (i: number) => (n === 1 ? width / 2 : i * 10);
  const line = (values: number[], max: number, colour: string, dashed: boolean) => (
    <polyline
      points={values.map((v, i) => `${x(i)},${(96 - (max > 0 ? (v / max) * 86 : 0)).toFixed(2)}`).join(' ')}
      fill="none"
      stroke={colour}
      stroke-width="2"
      vector-effect="non-scaling-stroke"
      stroke-dasharray={dashed ? '6 4' : undefined}
    />
  );
  const sales = series.map((p) => Number(p.sales));
  const countMax = Math.max(0, ...series.flatMap((p) => [p.orders, p.visitors])) * 1.1;
  return (
    <svg
      viewBox={`0 0 ${width} 100`}
      preserveAspectRatio="none"
      width="100%"
      height={String(CURVE_HEIGHT)}
      aria-hidden="true"
      data-testid="sales-sketch"
    >
      {line(sales, Math.max(0, ...sales) * 1.1, CURVE_COLOURS.sales, false)}
      {line(
        series.map((p) => p.orders),
        countMax,
        CURVE_COLOURS.orders,
        true,
      )}
      {line(
        series.map((p) => p.visitors),
        countMax,
        CURVE_COLOURS.visitors,
        false,
      )}
    </svg>
  );
}

/** The legend: the point under the finger, or the whole period's sums. */
function Legend({ v, data }: { v: View; data: Echart | null }) {
  const { t, w, texts } = v;
  const pointed = v.state.curve.pointed;
  const point = pointed === null ? undefined : data?.series[pointed];
  const shown: Values | null =
    point ??
    (data && {
      sales: wireMoney(data.series.reduce((s, p) => s + minorOf(p.sales), 0)),
      orders: data.series.reduce((s, p) => s + p.orders, 0),
      visitors: data.series.reduce((s, p) => s + p.visitors, 0),
    });
  const head = !data
    ? '\u00a0'
    : point
      ? w.point(point.label)
      : fill(texts.curve.whole, { range: texts.curve.ranges[data.range] });
  return (
    <div class={chart.legend} data-testid="curve-legend">
      <p class={chart.legendHead}>{head}</p>
      <ul>
        {CURVE_LINES.map((line) => (
          <li key={line}>
            <span class={chart.square} style={{ background: CURVE_COLOURS[line] }} aria-hidden="true" />
            <span>
              {line === 'sales'
                ? t('figures.sales')
                : line === 'orders'
                  ? t('figures.orders')
                  : texts.curve.lines.visitors}
            </span>
            <strong>{shown ? lineValue(v, line, shown) : NONE}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

const lineValue = (v: View, k: CurveLine, values: Values) =>
  k === 'sales' ? v.w.amount(values.sales) : v.w.n(values[k]);

/** The curve's points for screen readers. */
function CurveTable({ v, data }: { v: View; data: Echart }) {
  const { texts, w } = v;
  return (
    <table>
      <caption>{fill(texts.curve.caption, { range: texts.curve.ranges[data.range] })}</caption>
      <thead>
        <tr>
          <th scope="col">{data.range === 'today' ? texts.curve.hour : texts.curve.day}</th>
          {CURVE_LINES.map((k) => (
            <th key={k} scope="col">
              {texts.curve.lines[k]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.series.map((p) => (
          <tr key={p.label}>
            <th scope="row">{w.point(p.label)}</th>
            {CURVE_LINES.map((k) => (
              <td key={k}>{lineValue(v, k, p)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The sales curve's card: its range, the drawing (or what stands in its room), the legend, the table. */
export function CurveCard({ v }: { v: View }) {
  const { t, texts, on } = v;
  const curve = v.state.curve;
  const data = curve.data;
  const quiet = data !== null && isQuiet(data);
  const note = quiet ? texts.curve.quiet : curve.note;
  const drawn = data !== null && !quiet;
  return (
    <section class={styles.card} aria-labelledby="home-curve" id="home-curve-card">
      <h2 id="home-curve" class={styles.cardTitleAlone}>
        {t('home.curve.title')}
      </h2>
      <fieldset class={styles.chips}>
        <legend class="visually-hidden">{t('home.curve.range')}</legend>
        {RANGES.map((range) => (
          <button
            key={range}
            type="button"
            class={ui.chip}
            aria-pressed={range === curve.range}
            onClick={() => on.pickRange(range)}
          >
            {texts.curve.ranges[range]}
          </button>
        ))}
      </fieldset>
      <div class={curve.busy ? styles.busy : undefined} aria-busy={curve.busy ? 'true' : undefined}>
        <div class={chart.slot} data-part="slot">
          <p
            class={ui.center}
            role={note ? undefined : 'status'}
            data-part="slot-status"
            hidden={drawn && !note}
          >
            {note ?? t('common.loading')}
          </p>
          <div aria-hidden="true" data-testid="sales-chart" ref={on.chartRoom}>
            {drawn && !curve.chart && <Sketch series={data.series} />}
          </div>
        </div>
        <Legend v={v} data={data} />
        <div class="visually-hidden">
          {drawn && data.series.length > 0 && <CurveTable v={v} data={data} />}
        </div>
      </div>
    </section>
  );
}
