import type { ChainFacts, RechargeItem, WithdrawalItem } from '@dropdesk/contract/wallet';
import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { newConfig, orderBadge } from '../../../test/factories';
import { expectToast, listEndInView, logIn, logOut, renderApp } from '../../../test/render';

/** Amounts are written with the platform's currency, which the app reads from the public config. */
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

const user = userEvent.setup({ pointerEventsCheck: 0 });

let seq = 100;
function newTopUp(over: Partial<RechargeItem> = {}): RechargeItem {
  seq += 1;
  return {
    id: seq,
    order_no: `R${seq}`,
    method: 'manual',
    network: null,
    address: null,
    amount: '150.00',
    status: 'pending',
    reason: null,
    voucher_url: '/u/x',
    chain: null,
    created_at: '2026-11-22T10:00:00.000Z',
    resolved_at: null,
    ...over,
  };
}

const TX = '0x7f3a9c0d5be2417a8f60c1d2e3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f30';

/** A transfer to the merchant's own TRC20 address, as the chain watcher records it (no voucher). */
function newChainTopUp(chain: Partial<ChainFacts> = {}, over: Partial<RechargeItem> = {}): RechargeItem {
  return newTopUp({
    method: 'chain',
    network: 'TRC20',
    address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    amount: '150.00',
    voucher_url: null,
    chain: {
      tx_hash: TX,
      log_index: 0,
      block: 71_000_123,
      from: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      token_amount: '150.000000',
      confirmations: 1,
      required: 2,
      below_minimum: false,
      ...chain,
    },
    ...over,
  });
}

function newWithdrawal(over: Partial<WithdrawalItem> = {}): WithdrawalItem {
  seq += 1;
  return {
    id: seq,
    order_no: `W${seq}`,
    method: 'bank',
    amount: '100.00',
    fee: '2.00',
    actual: '98.00',
    currency: null,
    network: null,
    address: null,
    bank: null,
    status: 'pending',
    reason: null,
    created_at: '2026-11-22T10:00:00.000Z',
    resolved_at: null,
    // The promise made when it was asked: paid within 24 h.
    due_at: '2026-11-23T10:00:00.000Z',
    promise_hours: 24,
    paid_within: null,
    ...over,
  };
}

const page = <T,>(list: T[], total = list.length, p = 1) => ok({ total, page: p, limit: 20, list });

/** A page of recharge_log as the server sends it: with the sums of every record kept (this page's here). */
const rechargePage = (list: ReturnType<typeof newTopUp>[], total = list.length, p = 1) =>
  ok({
    total,
    page: p,
    limit: 20,
    list,
    sums: { count: total, amount: list.reduce((sum, r) => sum + Number(r.amount), 0).toFixed(2) },
  });

/** The confirmation dialog, and its buttons. */
async function dialog() {
  return within(await screen.findByRole('dialog'));
}

describe('top-up and withdrawal records', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('each record shows its method, amount, status, and the reason of a rejection', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': () =>
        rechargePage([
          newTopUp({ method: 'chain', network: 'TRC20', status: 'approved' }),
          newTopUp({ method: 'bank', status: 'rejected', reason: 'Voucher unreadable', amount: '1234.50' }),
        ]),
    });
    await renderApp('/rechargeRecord');
    const [chain, bank] = (await screen.findAllByTestId('record')) as [HTMLElement, HTMLElement];
    expect(chain).toHaveTextContent('Crypto (USDT) · USDT-TRC20');
    expect(chain).toHaveTextContent('Approved');
    expect(within(chain).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(bank).toHaveTextContent('Bank transfer');
    expect(bank).toHaveTextContent('$1,234.50');
    expect(bank).toHaveTextContent('Rejected: Voucher unreadable');
  });

  it('a transfer to the own address on its way: its confirmations, its hash to copy, and no cancel', async () => {
    logIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': () => rechargePage([newChainTopUp()]),
    });
    await renderApp('/rechargeRecord');
    const row = await screen.findByTestId('record');
    expect(row).toHaveTextContent('Crypto (USDT) · USDT-TRC20');
    expect(row).toHaveTextContent('$150.00');
    // The chain settles it, nobody reviews it: "Confirming", not "Pending" review.
    expect(row).toHaveTextContent('Confirming');
    expect(within(row).getByTestId('chain-progress')).toHaveTextContent('1 of 2 confirmations');
    // The amount sent is the amount credited: said once.
    expect(within(row).queryByTestId('chain-sent')).toBeNull();
    // The hash, shortened, copied whole.
    expect(row).toHaveTextContent('Transaction hash: 0x7f3a9c0d…5e4f30');
    await user.click(within(row).getByRole('button', { name: 'Copy Transaction hash' }));
    expect(writeText).toHaveBeenLastCalledWith(TX);
    // The chain settles it: nothing to cancel (the server refuses with CREDITED_BY_CHAIN), no voucher.
    expect(within(row).queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(within(row).queryByRole('img')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('followed while it counts: read again until the chain credits it, then the balance on /my too', async () => {
    const me = logIn({ balance: '400.00' });
    let credited = false;
    const row = newChainTopUp();
    const { calls } = mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/merchant/getMerInfo': () => ok({ ...me, balance: credited ? '550.00' : '400.00' }),
      'GET /merchant/merchant/recharge_log': () =>
        rechargePage([
          credited ? { ...row, status: 'approved', chain: { ...row.chain!, confirmations: 2 } } : row,
        ]),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { router } = await renderApp('/my');
      expect(await screen.findByText('$400.00')).toBeInTheDocument();
      await act(() => router.navigate('/rechargeRecord'));
      expect(await screen.findByText('1 of 2 confirmations')).toBeInTheDocument();
      const reads = () => calls.filter((c) => c.path === '/merchant/merchant/recharge_log').length;
      const before = reads();
      credited = true;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(await screen.findByText('Credited')).toBeInTheDocument();
      expect(reads()).toBeGreaterThan(before);
      expect(screen.queryByTestId('chain-progress')).toBeNull();
      // Nothing counts any more: no more reading.
      const after = reads();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(reads()).toBe(after);
      // 20 s in: /my's balance is not stale by age yet, it is read again because money moved.
      await act(() => router.navigate('/my'));
      expect(await screen.findByText('$550.00')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a confirmed transfer below the minimum waits, and says so, with the exact amount sent', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': () =>
        rechargePage([
          newChainTopUp(
            { token_amount: '40.123456', confirmations: 2, below_minimum: true },
            { amount: '40.12' },
          ),
        ]),
    });
    await renderApp('/rechargeRecord');
    const row = await screen.findByTestId('record');
    expect(row).toHaveTextContent('$40.12');
    expect(within(row).getByTestId('chain-progress')).toHaveTextContent(
      'Confirmed — waiting: below the minimum top-up of $100.00',
    );
    expect(within(row).getByTestId('chain-progress')).toHaveTextContent(
      'Credited together with your other waiting transfers once they add up to $100.00.',
    );
    expect(within(row).queryByText(/of 2 confirmations/)).toBeNull();
    expect(within(row).getByTestId('chain-sent')).toHaveTextContent('Sent: 40.123456 USDT');
    expect(within(row).queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('a credited or dropped transfer: its outcome and why, no progress; a declared top-up beside it stays cancellable', async () => {
    logIn();
    const reason =
      "The transfer's block left the chain (a reorganisation) before it was confirmed, so nothing was credited.";
    mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': () =>
        rechargePage([
          newChainTopUp({ confirmations: 2 }, { status: 'approved' }),
          newChainTopUp({ confirmations: 1 }, { status: 'rejected', reason }),
          newTopUp({ method: 'chain', network: 'ERC20', voucher_url: '/u/v' }),
        ]),
    });
    await renderApp('/rechargeRecord');
    const [credited, dropped, declared] = (await screen.findAllByTestId('record')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(credited).toHaveTextContent('Credited');
    expect(within(credited).queryByTestId('chain-progress')).toBeNull();
    expect(dropped).toHaveTextContent('Not credited');
    expect(dropped).toHaveTextContent(reason);
    expect(dropped).not.toHaveTextContent('Rejected');
    expect(within(dropped).queryByTestId('chain-progress')).toBeNull();
    // A voucher top-up on the platform's shared address: no chain facts, cancellable as before.
    expect(within(declared).queryByTestId('chain-facts')).toBeNull();
    expect(within(declared).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
  });

  it('opened from Home’s pending top-ups: only those, what they add up to, and a chip that removes the filter', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': (c) =>
        c.query.get('status') === 'pending'
          ? ok({ total: 1, page: 1, limit: 20, list: [newTopUp()], sums: { count: 1, amount: '150.00' } })
          : ok({
              total: 2,
              page: 1,
              limit: 20,
              list: [newTopUp(), newTopUp({ status: 'approved' })],
              sums: { count: 2, amount: '300.00' },
            }),
    });
    const { router } = await renderApp('/rechargeRecord?status=pending');
    expect(await screen.findByTestId('recharge-sums')).toHaveTextContent('1 record, adding up to $150.00');
    expect(calls.find((c) => c.path === '/merchant/merchant/recharge_log')?.query.get('status')).toBe(
      'pending',
    );
    await user.click(screen.getByRole('button', { name: 'Remove filter: Pending' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(2));
    expect(screen.queryByTestId('recharge-sums')).toBeNull();
  });

  it('a pending top-up is cancelled after a confirmation, and the list says so', async () => {
    logIn();
    const row = newTopUp({ order_no: 'R777' });
    let cancelled = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': () =>
        rechargePage([{ ...row, status: cancelled ? 'cancelled' : 'pending' }]),
      'POST /merchant/merchant/recharge_cancel': () => {
        cancelled = true;
        return ok({ ...row, status: 'cancelled' });
      },
    });
    await renderApp('/rechargeRecord');
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const asked = await dialog();
    expect(screen.getByRole('dialog')).toHaveTextContent('Cancel the top-up of $150.00 (order R777)?');

    // "Keep it" sends nothing.
    await user.click(asked.getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel it' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ id: row.id }]);
  });

  it('cancelling a withdrawal sends its key and refreshes the balance on /my', async () => {
    const me = logIn({ balance: '400.00' });
    const row = newWithdrawal({ order_no: 'W900' });
    let cancelled = false;
    const { calls } = mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/merchant/getMerInfo': () => ok({ ...me, balance: cancelled ? '500.00' : '400.00' }),
      'GET /merchant/merchant/extract_log': () =>
        page([{ ...row, status: cancelled ? 'cancelled' : 'pending' }]),
      'POST /merchant/merchant/extract_cancel': () => {
        cancelled = true;
        return ok({ ...row, status: 'cancelled', balance: '500.00' });
      },
    });
    const { router } = await renderApp('/my');
    expect(await screen.findByText('$400.00')).toBeInTheDocument();
    await act(() => router.navigate('/withdrawRecord'));
    expect(await screen.findByText('Fee: $2.00 · You receive: $98.00')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('The amount returns to your balance');
    await user.click((await dialog()).getByRole('button', { name: 'Cancel it' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.headers.get('Idempotency-Key')).toBe(
      `extract-cancel-${row.id}`,
    );

    await act(() => router.navigate('/my'));
    expect(await screen.findByText('$500.00')).toBeInTheDocument();
  });

  it('a cancel refused because an operator resolved it first shows why and refreshes the list', async () => {
    logIn();
    const row = newTopUp();
    let resolved = false;
    mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': () =>
        rechargePage([{ ...row, status: resolved ? 'approved' : 'pending' }]),
      'POST /merchant/merchant/recharge_cancel': () => {
        resolved = true;
        return refusal('ALREADY_RESOLVED', 'This request has already been handled');
      },
    });
    await renderApp('/rechargeRecord');
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    await user.click((await dialog()).getByRole('button', { name: 'Cancel it' }));
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    await expectToast('This request has already been handled');
  });

  it('empty: says there is nothing yet', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/merchant/extract_log': () => page([]) });
    await renderApp('/withdrawRecord');
    expect(await screen.findByText('No records yet')).toBeInTheDocument();
  });

  it('a failed first page shows the error block with a retry, and no toast', async () => {
    logIn();
    let tries = 0;
    mockApi({
      ...config,
      'GET /merchant/merchant/recharge_log': () =>
        ++tries <= 2 ? { status: 500, body: { code: 500, msg: 'boom' } } : rechargePage([newTopUp()]),
    });
    await renderApp('/rechargeRecord');
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('Something went wrong on our side');
    // Before, the call toasted the same failure over the block.
    expect(screen.queryByTestId('announcer')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('record')).toBeInTheDocument();
  });

  it('loads the next page at the end of the list; a failed page offers a retry', async () => {
    logIn();
    const restore = listEndInView();
    try {
      const first = Array.from({ length: 20 }, () => newWithdrawal());
      const second = Array.from({ length: 3 }, () => newWithdrawal({ amount: '7.00' }));
      let failPage2 = true;
      mockApi({
        ...config,
        'GET /merchant/merchant/extract_log': (c) => {
          if (c.query.get('page') !== '2') return page(first, 23, 1);
          if (failPage2) return 'network-error';
          return page(second, 23, 2);
        },
      });
      await renderApp('/withdrawRecord');
      const retry = await screen.findByRole('button', { name: 'Try again' });
      expect(screen.getAllByTestId('record')).toHaveLength(20);
      failPage2 = false;
      await user.click(retry);
      await waitFor(() => expect(screen.getAllByTestId('record')).toHaveLength(23));
      expect(screen.getByText('No more records')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

/**
 * The payout clock: each withdrawal asked at 2026-11-22 10:00 UTC was promised within 24 h, so is
 * due at 2026-11-23 10:00 (newWithdrawal). The tests stand the clock where the story needs it.
 */
describe('the payout clock on each withdrawal', () => {
  const DUE = Date.parse('2026-11-23T10:00:00.000Z');
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  beforeEach(() => {
    logOut();
    // Timers that still run (the list's queries wait on them), and a clock set by each test.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The withdrawal records, with these rows and the public config (its customer-service link). */
  async function openRecords(rows: WithdrawalItem[], over: Parameters<typeof newConfig>[0] = {}) {
    logIn();
    mockApi({
      'GET /merchant/common/config': () => ok(newConfig(over)),
      'GET /merchant/merchant/extract_log': () => page(rows),
    });
    await renderApp('/withdrawRecord');
    return (await screen.findAllByTestId('record')) as HTMLElement[];
  }

  it('pending: the promise and the time left, no warning', async () => {
    vi.setSystemTime(DUE - (5 * HOUR + 12 * MIN + 30_000));
    const [row] = await openRecords([newWithdrawal()]);
    const clock = within(row!).getByTestId('payout-clock');
    expect(clock).toHaveTextContent('Paid within 24 h — 5 h 12 min left');
    expect(within(row!).queryByTestId('service-link')).toBeNull();
  });

  it('pending past the promise: late by how much, in a warning, with the customer-service link', async () => {
    vi.setSystemTime(DUE + 2 * HOUR + 5 * MIN + 30_000);
    const [row] = await openRecords([newWithdrawal()]);
    const clock = within(row!).getByTestId('payout-clock');
    expect(clock).toHaveAttribute('data-state', 'late');
    expect(clock).toHaveTextContent('Late by 2 h 5 min');
    const service = within(clock).getByRole('link', { name: 'Contact customer service' });
    // The platform's own link, in a new tab.
    expect(service).toHaveAttribute('href', 'https://support.example/chat');
    expect(service).toHaveAttribute('target', '_blank');
    // Still pending: it can be cancelled as before.
    expect(within(row!).getByRole('button', { name: 'Cancel request' })).toBeInTheDocument();
  });

  it('late for days: days and hours; without a platform link, the service screen', async () => {
    vi.setSystemTime(DUE + 2 * 24 * HOUR + 3 * HOUR + 20 * MIN);
    const [row] = await openRecords([newWithdrawal()], { service_url: '' });
    const clock = within(row!).getByTestId('payout-clock');
    expect(clock).toHaveTextContent('Late by 2 days 3 h');
    expect(within(clock).getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service',
    );
  });

  it('paid within the promise, paid after it; rejected and cancelled say nothing of it', async () => {
    vi.setSystemTime(DUE + 30 * HOUR);
    const [within24, late, rejected, cancelled] = await openRecords([
      newWithdrawal({ status: 'approved', resolved_at: '2026-11-22T20:00:00.000Z', paid_within: true }),
      newWithdrawal({ status: 'approved', resolved_at: '2026-11-23T13:10:00.000Z', paid_within: false }),
      newWithdrawal({
        status: 'rejected',
        reason: 'Bank details do not match',
        resolved_at: '2026-11-24T10:00:00.000Z',
      }),
      newWithdrawal({ status: 'cancelled', resolved_at: '2026-11-22T11:00:00.000Z' }),
    ]);
    expect(within(within24!).getByTestId('payout-clock')).toHaveTextContent('Paid within the 24 h promise');
    expect(within(late!).getByTestId('payout-clock')).toHaveTextContent(
      'Paid 3 h 10 min after the 24 h promise',
    );
    expect(within(late!).queryByTestId('service-link')).toBeNull();
    expect(within(rejected!).queryByTestId('payout-clock')).toBeNull();
    expect(within(cancelled!).queryByTestId('payout-clock')).toBeNull();
  });

  it('the clock moves while the screen is open, and turns late when the promise runs out', async () => {
    vi.setSystemTime(DUE - (2 * MIN + 10_000));
    const [row] = await openRecords([newWithdrawal()]);
    const clock = () => within(row!).getByTestId('payout-clock');
    expect(clock()).toHaveTextContent('Paid within 24 h — 2 min left');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(clock()).toHaveTextContent('Paid within 24 h — 1 min left');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(clock()).toHaveTextContent('Paid within 24 h — less than a minute left');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(clock()).toHaveTextContent('Late by less than a minute');
    expect(within(clock()).getByTestId('service-link')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30 * MIN));
    expect(clock()).toHaveTextContent('Late by 30 min');
  });

  it("in the reader's language", async () => {
    vi.setSystemTime(DUE - (5 * HOUR + 12 * MIN + 30_000));
    const [row] = await openRecords([newWithdrawal()]);
    await act(() => switchLanguage('ja'));
    await waitFor(() =>
      expect(within(row!).getByTestId('payout-clock')).toHaveTextContent(
        '24時間以内にお支払い — 残り5時間12分',
      ),
    );
  });
});
