import { Component, type ReactNode, Suspense } from 'react';
import { Loading } from '../QueryState';
import ui from '../ui.module.css';
import styles from './chart.module.css';

/**
 * The pieces around a chart that the screens share (Home's sales curve, the finance report). None of
 * them imports uPlot: the chart itself stays in its lazy chunk (see `uplot.ts`).
 */

/** Keeps a chart that failed (its chunk did not download, no canvas) from taking its screen down with it. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The room of a lazy chart: the loading line while its chunk comes, `failed` in words if it breaks. */
export function ChartSlot({ failed, children }: { failed: string; children: ReactNode }) {
  return (
    <div className={styles.slot}>
      <ChartBoundary fallback={<p className={ui.center}>{failed}</p>}>
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </ChartBoundary>
    </div>
  );
}

/** A row of chips choosing one range (or any one value) out of a few. */
export function RangeChips<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  className,
}: {
  /** What the chips choose, for a screen reader. */
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <button
          key={o}
          type="button"
          className={ui.chip}
          aria-pressed={o === value}
          onClick={() => onChange(o)}
        >
          {labels[o]}
        </button>
      ))}
    </fieldset>
  );
}

export interface LegendItem {
  key: string;
  colour: string;
  label: string;
  value: ReactNode;
}

/** Our legend (uPlot's stays off): each line's colour, name and value (a total, or the point under the pointer). */
export function ChartLegend({
  head,
  items,
  testId,
  swatch = 'square',
}: {
  head: ReactNode;
  items: LegendItem[];
  testId: string;
  swatch?: 'square' | 'stroke';
}) {
  return (
    <div className={styles.legend} data-testid={testId}>
      <p className={styles.legendHead}>{head}</p>
      <ul>
        {items.map((l) => (
          <li key={l.key}>
            <span className={styles[swatch]} style={{ background: l.colour }} aria-hidden="true" />
            <span>{l.label}</span>
            <strong>{l.value}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A canvas says nothing to a screen reader: the same points as a table. Hidden in a block, since a
 * table ignores `overflow` and, hidden by itself, its rows would still stretch the page.
 */
export function SeriesTable({
  caption,
  corner,
  columns,
  rows,
}: {
  caption: string;
  /** The head of the row labels' column ("Day", "Hour"). */
  corner: string;
  columns: { key: string; label: string }[];
  rows: { key: string; label: string; cells: ReactNode[] }[];
}) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{corner}</th>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              {r.cells.map((cell, i) => (
                <td key={columns[i]?.key ?? i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
