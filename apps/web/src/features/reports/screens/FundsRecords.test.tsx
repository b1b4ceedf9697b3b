import { type Call, mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newConfig } from '../../../test/factories';
import { listEndInView, logIn, logOut, renderApp } from '../../../test/render';
import type { BillItem } from '../api/get-bill';

/** Amounts are written with the platform's currency, which the app reads from the public config. */
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

const user = userEvent.setup({ pointerEventsCheck: 0 });

let seq = 1000;
/** A wallet posting as the bill endpoint returns it; override what the test cares about. */
function newBill(over: Partial<BillItem> = {}): BillItem {
  seq -= 1;
  return {
    id: seq,
    type: 'recharge',
    journal_type: 'recharge',
    amount: '100.00',
    balance_after: '1100.00',
    fee: null,
    created_at: '2026-11-22T10:00:00.000Z',
    source: { type: 'recharge', id: seq },
    reason: null,
    ...over,
  };
}

/** A page of the bill; its sums are of every row kept (the test's rows unless told). */
const page = (list: BillItem[], total = list.length, p = 1, sums?: { amount: string; fees?: string }) =>
  ok({
    total,
    page: p,
    limit: 20,
    list,
    account: 'wallet',
    range: 'all',
    from: null,
    to: null,
    sums: {
      count: total,
      amount:
        sums?.amount ??
        (list.reduce((acc, r) => acc + Math.round(Number(r.amount) * 100), 0) / 100).toFixed(2),
      fees: sums?.fees ?? '0.00',
    },
  });
const billCalls = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/merchant/bill');

describe('funds records', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('lists postings with their type, signed amount, balance after and an adjustment reason', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/bill': () =>
        page([
          newBill({
            type: 'withdrawal',
            journal_type: 'withdrawal_hold',
            amount: '-600.00',
            balance_after: '400.00',
          }),
          newBill({
            type: 'adjustment',
            journal_type: 'adjustment',
            amount: '25.50',
            balance_after: '1000.00',
            reason: 'Courier refund',
          }),
          newBill({ amount: '1234.50', balance_after: '1234.50' }),
        ]),
    });
    await renderApp('/fundsRecords');

    const rows = await screen.findAllByTestId('bill-row');
    expect(rows).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Funds records');
    // What every record kept adds up to (the server's sum).
    expect(screen.getByTestId('bill-sums')).toHaveTextContent('3 records, adding up to $660.00');

    const [withdrawal, adjustment, topUp] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(withdrawal).toHaveTextContent('Withdrawal');
    expect(withdrawal).toHaveTextContent('Held for withdrawal');
    // The currency comes with the public config.
    expect(await within(withdrawal).findByText('-$600.00')).toHaveClass('minus');
    expect(withdrawal).toHaveTextContent('Balance: $400.00');
    expect(within(adjustment).getByText('+$25.50')).toHaveClass('plus');
    expect(adjustment).toHaveTextContent('Reason: Courier refund');
    expect(within(topUp).getByText('+$1,234.50')).toBeInTheDocument();
    expect(within(topUp).getByText('Top-up')).toBeInTheDocument();
    expect(topUp.querySelector('time')).toHaveAttribute('dateTime', '2026-11-22T10:00:00.000Z');

    const [first] = billCalls(calls);
    expect(first?.query.get('page')).toBe('1');
    expect(first?.query.get('limit')).toBe('20');
    expect(first?.query.has('type')).toBe(false);
  });

  it('the type filter asks the server for that type and says when it has none', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/bill': (c) =>
        c.query.get('type') === 'refund'
          ? page([])
          : page([newBill({ type: 'fee', journal_type: 'fee', amount: '-2.00' })]),
    });
    const { router } = await renderApp('/fundsRecords');
    expect(await screen.findByText('-$2.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('No “Refund” records yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?type=refund');
    expect(billCalls(calls).at(-1)?.query.get('type')).toBe('refund');

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('-$2.00')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens on the type in the address', async () => {
    logIn();
    const { calls } = mockApi({ ...config, 'GET /merchant/merchant/bill': () => page([]) });
    await renderApp('/fundsRecords?type=level');
    expect(await screen.findByText('No “Shop level” records yet')).toBeInTheDocument();
    expect(billCalls(calls)[0]?.query.get('type')).toBe('level');
  });

  it('ignores a type in the address that it does not know', async () => {
    logIn();
    const { calls } = mockApi({ ...config, 'GET /merchant/merchant/bill': () => page([]) });
    await renderApp('/fundsRecords?type=bogus');
    expect(await screen.findByText('No funds records yet')).toBeInTheDocument();
    expect(billCalls(calls)[0]?.query.has('type')).toBe(false);
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('loads the next page at the end of the list, and stops at the total', async () => {
    logIn();
    const restore = listEndInView();
    try {
      const first = Array.from({ length: 20 }, () => newBill());
      const second = Array.from({ length: 5 }, () => newBill({ amount: '-1.00' }));
      const { calls } = mockApi({
        ...config,
        'GET /merchant/merchant/bill': (c) =>
          c.query.get('page') === '2' ? page(second, 25, 2) : page(first, 25, 1),
      });
      await renderApp('/fundsRecords');
      expect(await screen.findByTestId('bill-sums')).toHaveTextContent('25 records, adding up to');
      await waitFor(() => expect(screen.getAllByTestId('bill-row')).toHaveLength(25));
      expect(screen.getByText('No more records')).toBeInTheDocument();
      expect(billCalls(calls).map((c) => c.query.get('page'))).toEqual(['1', '2']);
    } finally {
      restore();
    }
  });

  it('a next page that fails says so under the rows, with a retry', async () => {
    logIn();
    const restore = listEndInView();
    try {
      let fail = true;
      mockApi({
        ...config,
        'GET /merchant/merchant/bill': (c) =>
          c.query.get('page') !== '2'
            ? page(
                Array.from({ length: 20 }, () => newBill()),
                21,
                1,
              )
            : fail
              ? { status: 500, body: { code: 500, msg: 'boom' } }
              : page([newBill({ amount: '-3.00' })], 21, 2),
      });
      await renderApp('/fundsRecords');
      const alert = await screen.findByRole('alert', {});
      expect(screen.getAllByTestId('bill-row')).toHaveLength(20);
      fail = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('-$3.00')).toBeInTheDocument();
      expect(screen.getAllByTestId('bill-row')).toHaveLength(21);
    } finally {
      restore();
    }
  });

  it('shows the failure with a retry that asks again', async () => {
    logIn();
    let tries = 0;
    mockApi({
      ...config,
      'GET /merchant/merchant/bill': () =>
        // A server error is retried once by the query client before the screen shows it.
        ++tries <= 2 ? { status: 500, body: { code: 500, msg: 'boom' } } : page([newBill()]),
    });
    await renderApp('/fundsRecords');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('+$100.00')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tries).toBe(3);
  });

  it('opens on what a finance line keeps: the hold, a journal type, a period; shows their sum and fee; the chips remove themselves', async () => {
    logIn();
    const payout = newBill({
      type: 'withdrawal',
      journal_type: 'withdrawal_payout',
      amount: '-100.00',
      balance_after: '0.00',
      fee: '2.00',
    });
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/bill': (c) =>
        c.query.get('account') === 'withdraw_hold'
          ? page([payout], 1, 1, { amount: '-100.00', fees: '2.00' })
          : page([]),
    });
    const { router } = await renderApp(
      '/fundsRecords?account=withdraw_hold&journal_type=withdrawal_payout&range=week',
    );
    const [row] = await screen.findAllByTestId('bill-row');
    expect(row).toHaveTextContent('Fee $2.00');
    expect(row).toHaveTextContent('On hold: $0.00');
    expect(screen.getByTestId('bill-sums')).toHaveTextContent(
      '1 record, adding up to -$100.00 · of which fees $2.00',
    );
    const asked = billCalls(calls)[0];
    expect(asked?.query.get('account')).toBe('withdraw_hold');
    expect(asked?.query.get('journal_type')).toBe('withdrawal_payout');
    expect(asked?.query.get('range')).toBe('week');
    // The filters by the finance report's names, each removable.
    expect(screen.getByTestId('filter-account')).toHaveTextContent('Withdrawal hold');
    expect(screen.getByTestId('filter-journal_type')).toHaveTextContent('Withdrawals paid out');
    expect(screen.getByTestId('filter-range')).toHaveTextContent('This week');
    await user.click(screen.getByRole('button', { name: 'Remove filter: Withdrawal hold' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?journal_type=withdrawal_payout&range=week'),
    );
    // The address changes first; the list asks again after the render that follows it.
    await waitFor(() => expect(billCalls(calls).at(-1)?.query.has('account')).toBe(false));
  });

  it('links to the check of a statement, above the filters', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/merchant/bill': () => page([]),
      'GET /ledger/key': () => 'network-error',
    });
    const { router } = await renderApp('/fundsRecords');
    const link = within(await screen.findByTestId('statement-actions')).getByRole('link', {
      name: 'Verify a statement',
    });
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a statement' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
  });

  it('leaves out filters in the address that the server would refuse', async () => {
    logIn();
    const { calls } = mockApi({ ...config, 'GET /merchant/merchant/bill': () => page([]) });
    await renderApp('/fundsRecords?account=escrow&journal_type=payday&range=decade');
    expect(await screen.findByText('No funds records yet')).toBeInTheDocument();
    const [first] = billCalls(calls);
    for (const key of ['account', 'journal_type', 'range']) expect(first?.query.has(key)).toBe(false);
  });
});
