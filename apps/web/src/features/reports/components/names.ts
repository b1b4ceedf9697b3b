import { type FigureNames, useFigureNames as useNames } from '../../../lib/figure-names';

/** The lines of the finance report's chart (and the columns of its table): the orders basis, and what settled. */
export const SERIES_LINES = ['sales', 'profit', 'settled'] as const;
export type Line = (typeof SERIES_LINES)[number];

/** The figures' names (lib/figure-names.ts), and the chart's lines by them. */
export function useFigureNames(): FigureNames & { series: Record<Line, string> } {
  const names = useNames();
  return { ...names, series: { sales: names.sales, profit: names.profit, settled: names.settled } };
}
