/** The sales curve's lines and their colours: the chart (SalesChart, lazy) and its legend (SalesCurve). */
export const CURVE_LINES = ['sales', 'orders', 'visitors'] as const;
export type CurveLine = (typeof CURVE_LINES)[number];
export const CURVE_COLOURS: Record<CurveLine, string> = {
  sales: '#1467e0',
  orders: '#d97706',
  visitors: '#1b7a3a',
};
