import { type Call, mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newConfig } from '../../../test/factories';
import { logIn, logOut, renderApp } from '../../../test/render';
import type { FinancialReport } from '../api/get-financial-report';

/** Amounts are written with the platform's currency, which the app reads from the public config. */
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

const user = userEvent.setup({ pointerEventsCheck: 0 });

type Day = FinancialReport['series'][number];
const quietDay = (date: string): Day => ({
  date,
  sales: '0.00',
  profit: '0.00',
  settled: '0.00',
  topups: '0.00',
});

const zeroWallet = {
  opening: '0.00',
  topups: '0.00',
  settled: '0.00',
  cost_paid: '0.00',
  cost_returned: '0.00',
  commission: '0.00',
  withdrawals_held: '0.00',
  withdrawals_released: '0.00',
  levels: '0.00',
  express: '0.00',
  fees: '0.00',
  adjustments: '0.00',
  closing: '0.00',
};
const zeroHold = {
  opening: '0.00',
  held: '0.00',
  paid_out: '0.00',
  released: '0.00',
  adjustments: '0.00',
  closing: '0.00',
  fees: '0.00',
};

/**
 * A report as financial_report returns it: all time of a shop whose orders sold 1,500.00 (cost
 * 900.00, 18.63 refunded), 1,200.00 of it settled and 300.00 still in escrow; 2,000.00 topped up,
 * 500.00 asked to withdraw (400.00 paid out with a 5.00 fee, 100.00 on hold). Override what the test
 * cares about.
 */
function newReport(over: Partial<FinancialReport> = {}): FinancialReport {
  return {
    range: 'all',
    time_zone: 'Asia/Ho_Chi_Minh',
    from: null,
    to: '2026-11-22T10:00:00.000Z',
    orders: {
      orders: 9,
      sales: '1500.00',
      refunded: '18.63',
      cost: '900.00',
      cost_estimated: '100.00',
      profit: '600.00',
    },
    wallet: {
      ...zeroWallet,
      topups: '2000.00',
      settled: '1200.00',
      cost_paid: '-800.00',
      withdrawals_held: '-500.00',
      commission: '12.50',
      closing: '1912.50',
    },
    hold: { ...zeroHold, held: '500.00', paid_out: '-400.00', closing: '100.00', fees: '5.00' },
    now: {
      in_escrow: '300.00',
      on_hold: '100.00',
      awaiting_pickup_cost: '100.00',
      pending_topups: '150.00',
      pending_topups_count: 1,
    },
    reconciliation: { sales_from_wallet: '1500.00', profit_from_wallet: '600.00' },
    series: [
      { ...quietDay('2026-11-20'), topups: '2000.00' },
      { ...quietDay('2026-11-21'), sales: '1500.00', profit: '600.00', settled: '1200.00' },
      quietDay('2026-11-22'),
    ],
    ...over,
  };
}

const reportCalls = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/merchant/financial_report');

/**
 * happy-dom has no 2D canvas: a context that accepts every drawing call lets the real uPlot build
 * its chart (axes, legend) in the lazy chunk, as a browser would.
 */
function fakeCanvas() {
  const noop = () => undefined;
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : key === 'measureText' ? () => ({ width: 8 }) : noop),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  );
  class FakePath2D {
    moveTo() {}
    lineTo() {}
    rect() {}
    arc() {}
    closePath() {}
    bezierCurveTo() {}
    addPath() {}
  }
  if (typeof Path2D === 'undefined') vi.stubGlobal('Path2D', FakePath2D);
}

describe('finance report', () => {
  beforeEach(() => {
    logOut();
    fakeCanvas();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the figures of all time, the time zone, and charts the days in a lazy chunk', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/financial_report': () => ok(newReport()),
    });
    await renderApp('/finance');

    // The orders paid, by Home's names, each a link to the orders it sums.
    const profit = await screen.findByTestId('figure-profit');
    await waitFor(() => expect(profit).toHaveTextContent('Profit (orders)$600.00'));
    expect(profit).toHaveAttribute('href', '/order?paid=1&paid_range=all');
    expect(screen.getByTestId('figure-sales')).toHaveTextContent('Sales (orders)$1,500.00');
    expect(screen.getByTestId('figure-sales')).toHaveAttribute('href', '/order?sold=1&paid_range=all');
    expect(screen.getByTestId('figure-cost')).toHaveTextContent(
      'Cost (orders)$900.00incl. $100.00 to pay at pickup (estimate)',
    );
    expect(screen.getByTestId('figure-refunded')).toHaveTextContent('Refunded to buyers$18.63');
    expect(screen.getByTestId('figure-refunded')).toHaveAttribute('href', '/order?refunded=1&paid_range=all');
    expect(screen.getByTestId('figure-orders')).toHaveTextContent('Orders sold9');
    // The wallet from opening to closing balance: the lines that moved, each its funds records.
    expect(screen.getByTestId('wallet-opening')).toHaveTextContent('Opening balance$0.00');
    expect(screen.getByTestId('wallet-settled')).toHaveTextContent('Settled into wallet+$1,200.00');
    expect(screen.getByTestId('wallet-settled')).toHaveAttribute(
      'href',
      '/fundsRecords?journal_type=settlement',
    );
    expect(screen.getByTestId('wallet-cost_paid')).toHaveTextContent('Cost paid at pickup-$800.00');
    expect(screen.getByTestId('wallet-withdrawals_held')).toHaveTextContent(
      'Moved to withdrawal hold-$500.00',
    );
    expect(screen.getByTestId('wallet-commission')).toHaveTextContent('Alliance commission+$12.50');
    expect(screen.queryByTestId('wallet-levels')).toBeNull();
    expect(screen.getByText('Lines not shown are zero.')).toBeInTheDocument();
    expect(screen.getByTestId('wallet-closing')).toHaveTextContent('Closing balance$1,912.50');
    // The hold: asked, paid out (with its fees), what is left.
    expect(screen.getByTestId('hold-held')).toHaveTextContent('Withdrawals asked+$500.00');
    expect(screen.getByTestId('hold-paid_out')).toHaveTextContent(
      'Withdrawals paid out-$400.00of which fees $5.00',
    );
    expect(screen.getByTestId('hold-paid_out')).toHaveAttribute(
      'href',
      '/fundsRecords?account=withdraw_hold&journal_type=withdrawal_payout',
    );
    expect(screen.getByTestId('hold-closing')).toHaveTextContent('Closing balance$100.00');
    // Where the money is now, as on Home.
    expect(screen.getByTestId('now-in-escrow')).toHaveTextContent('In escrow$300.00');
    expect(screen.getByTestId('now-in-escrow')).toHaveAttribute('href', '/order?in_escrow=1');
    expect(screen.getByTestId('now-on-hold')).toHaveTextContent('On hold for withdrawal$100.00');
    expect(screen.getByTestId('now-pending-topups')).toHaveAttribute(
      'href',
      '/rechargeRecord?status=pending',
    );
    // All time: the two bases meet.
    const check = screen.getByTestId('reconciliation');
    expect(check).toHaveTextContent('Sales (orders)$1,500.00=Settled into wallet$1,200.00+In escrow$300.00');
    expect(check).toHaveTextContent('Both agree.');
    expect(screen.getByTestId('period')).toHaveTextContent('Since your shop opened');
    // The zone in words, not its id ('Asia/Ho_Chi_Minh'), and where to change it.
    const zone = screen.getByTestId('time-zone');
    expect(zone).toHaveTextContent('Days are counted in Indochina Time (Ho Chi Minh, GMT+07:00).');
    expect(zone).not.toHaveTextContent('Asia/Ho_Chi_Minh');
    expect(within(zone).getByRole('link', { name: 'Change time zone' })).toHaveAttribute(
      'href',
      '/personalInfo',
    );
    expect(screen.getByRole('heading', { name: 'Day by day (3 days)' })).toBeInTheDocument();
    expect(reportCalls(calls)[0]?.query.get('range')).toBe('all');

    // The chart chunk loaded, uPlot drew it, and its legend gives each line with a value: the
    // range's totals while no day is pointed at (uPlot's own legend showed labels with no values).
    const chart = await screen.findByTestId('finance-chart');
    await waitFor(() => expect(chart.querySelector('.uplot')).not.toBeNull());
    const legend = within(chart).getByTestId('chart-legend');
    expect(legend).toHaveTextContent('Whole period');
    expect(within(legend).getByText('Sales (orders)').parentElement).toHaveTextContent(
      'Sales (orders)$1,500.00',
    );
    expect(within(legend).getByText('Profit (orders)').parentElement).toHaveTextContent(
      'Profit (orders)$600.00',
    );
    expect(within(legend).getByText('Settled into wallet').parentElement).toHaveTextContent(
      'Settled into wallet$1,200.00',
    );

    // The same days as a table for screen readers, money as exact text.
    const table = screen.getByRole('table', { name: 'Day by day (3 days)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('Nov 21');
    expect(rows[2]).toHaveTextContent('$1,500.00');
    expect(rows[2]).toHaveTextContent('$600.00');
    // Hidden inside a block: a hidden table alone still stretched the page under the chart.
    expect(table.parentElement).toHaveClass('visually-hidden');
    expect(table).not.toHaveClass('visually-hidden');
  });

  it('the range filter asks for that range and names its days', async () => {
    logIn();
    const week = newReport({
      range: 'week',
      from: '2026-11-16T17:00:00.000Z',
      orders: { ...newReport().orders, profit: '-12.00' },
      reconciliation: null,
      series: ['2026-11-16', '2026-11-17', '2026-11-18'].map((d) => ({ ...quietDay(d), sales: '10.00' })),
    });
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/financial_report': (c) =>
        ok(c.query.get('range') === 'week' ? week : newReport()),
    });
    const { router } = await renderApp('/finance');
    expect(await screen.findByTestId('figure-profit')).toHaveTextContent('600.00');
    expect(screen.getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(screen.getByTestId('figure-profit')).toHaveTextContent('-$12.00'));
    expect(within(screen.getByTestId('figure-profit')).getByText('-$12.00')).toHaveClass('minus');
    expect(screen.getByTestId('figure-profit')).toHaveAttribute('href', '/order?paid=1&paid_range=week');
    expect(screen.getByTestId('wallet-settled')).toHaveAttribute(
      'href',
      '/fundsRecords?journal_type=settlement&range=week',
    );
    // Only all time reconciles.
    expect(screen.queryByTestId('reconciliation')).toBeNull();
    expect(screen.getByTestId('period')).toHaveTextContent(/Nov 16\s*–\s*18, 2026/);
    expect(screen.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?range=week');
    expect(reportCalls(calls).map((c) => c.query.get('range'))).toEqual(['all', 'week']);
  });

  it('opens on the range in the address', async () => {
    logIn();
    const yesterday = newReport({ range: 'yesterday', series: [quietDay('2026-11-21')] });
    const { calls } = mockApi({ ...config, 'GET /merchant/merchant/financial_report': () => ok(yesterday) });
    await renderApp('/finance?range=yesterday');
    expect(await screen.findByTestId('period')).toHaveTextContent('Nov 21, 2026');
    expect(screen.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
    expect(reportCalls(calls)[0]?.query.get('range')).toBe('yesterday');
  });

  it('says so when the days have nothing to chart', async () => {
    logIn();
    const zero = '0.00';
    mockApi({
      ...config,
      'GET /merchant/merchant/financial_report': () =>
        ok(
          newReport({
            range: 'today',
            orders: {
              orders: 0,
              sales: zero,
              refunded: zero,
              cost: zero,
              cost_estimated: zero,
              profit: zero,
            },
            wallet: zeroWallet,
            hold: zeroHold,
            reconciliation: null,
            series: [quietDay('2026-11-22')],
          }),
        ),
    });
    await renderApp('/finance?range=today');
    expect(await screen.findByText('No sales, profit or settlements on these days.')).toBeInTheDocument();
    // No withdrawal ever asked: no hold section.
    expect(screen.queryByTestId('hold-opening')).toBeNull();
    expect(screen.getByTestId('figure-sales')).toHaveTextContent('0.00');
    expect(screen.queryByTestId('finance-chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the failure with a retry that asks again', async () => {
    logIn();
    let tries = 0;
    mockApi({
      ...config,
      'GET /merchant/merchant/financial_report': () =>
        ++tries === 1
          ? { status: 200, body: { code: 0, error: 'INVALID_INPUT', msg: 'Invalid range' } }
          : ok(newReport()),
    });
    await renderApp('/finance');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid range');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figure-profit')).toHaveTextContent('600.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tries).toBe(2);
  });
});
