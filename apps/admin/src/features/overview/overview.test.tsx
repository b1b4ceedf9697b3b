import type { LedgerCheckItem, overviewRoutes } from '@dropdesk/contract/overview';
import type { DataOf } from '@dropdesk/contract/route';
import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { SESSION_KEY, session } from '../../lib/session';
import { newChainHealth, newChainNetwork } from '../../test/factories';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';
import { needsLook, STALE_HEAD_MS } from './components/ChainWatch';
import { withinShare } from './components/PayoutPromise';

const check = (ok_: boolean): LedgerCheckItem => ({
  id: 3,
  at: new Date().toISOString(),
  ok: ok_,
  problems: ok_ ? 0 : 1,
  summary: ok_ ? [] : ['wallet 12: cached 10.00, postings 9.00'],
  journals: 120,
  postings: 260,
  accounts: 40,
  duration_ms: 35,
  run_by: 'operator',
  operator_id: 7,
});

const overview: DataOf<typeof overviewRoutes.overview> = {
  time_zone: 'Asia/Ho_Chi_Minh',
  at: new Date().toISOString(),
  figures_at: new Date().toISOString(),
  today: { from: new Date().toISOString(), orders: 3, sales: '150.00' },
  month: { from: new Date().toISOString(), orders: 40, sales: '2300.50' },
  orders_by_status: [{ status: 5, count: 2 }],
  queues: [
    { queue: 'recharges', pending: 4, oldest_at: new Date(Date.now() - 2 * 3_600_000).toISOString() },
    { queue: 'shipping', pending: 1, oldest_at: null },
  ],
  money: {
    escrow: '10.00',
    withdraw_holds: '0.00',
    wallets: '500.00',
    revenue: '12.00',
    supplier_payable: '0.00',
    deposit_clearing: '0.00',
    payout_clearing: '0.00',
  },
  ledger_check: null,
  payout_promise: { hours: 24, late_now: 0, days7: { paid: 0, within: 0 }, days30: { paid: 0, within: 0 } },
};

describe('the overview', () => {
  it("shows the day's and the month's figures and the queues; an admin runs the ledger check", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    let last: ReturnType<typeof check> | null = null;
    const { calls } = mockApi({
      ...meRoute('admin'),
      'GET /admin/overview': () => ok({ ...overview, ledger_check: last }),
      'GET /admin/chain/networks': () => ok({ list: [newChainNetwork()] }),
      'POST /admin/ledger/check': () => {
        last = check(true);
        return ok(last);
      },
    });
    await renderConsole('/');
    // Money carries the platform's currency (the session's, from sign-in and `me`).
    await shows('$2,300.50');
    expect(screen.getByText('$150.00')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/overview')?.query.get('tz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Top-ups' })).toBeInTheDocument();
    await shows('No ledger check has run yet');
    await user.click(screen.getByRole('button', { name: 'Run it now' }));
    await shows('Every journal balances and every balance equals its postings');
  });

  it('writes every amount in the currency the server names, in the operator’s language, also for a session kept without one', async () => {
    // A session an older console kept has no currency: `me` names it, and the screen is drawn again.
    const operator = { id: 7, username: 'support-op', role: 'support' };
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ token: 'tok-old', operator, idleMinutes: 30, lastRequestAt: Date.now() }),
    );
    session.reload();
    expect(session.get().currency).toBeNull();
    mockApi({
      'GET /admin/me': () => ok({ operator, idle_minutes: 30, currency: { code: 'EUR', symbol: '€' } }),
      'GET /admin/overview': () => ok(overview),
    });
    await renderConsole('/');
    await shows('€2,300.50');
    expect(screen.getByText('€500.00')).toBeInTheDocument();
    expect(screen.queryByText('2,300.50')).not.toBeInTheDocument();
    await switchLanguage('vi');
    await waitFor(() => expect(document.body.textContent).toContain('2.300,50\u00a0€'));
  });

  it('for a catalogue operator: no ledger-check button, and the queues it cannot open are not links', async () => {
    signInAs('catalogue');
    mockApi({
      ...meRoute('catalogue'),
      'GET /admin/overview': () => ok({ ...overview, ledger_check: check(false) }),
    });
    await renderConsole('/');
    await shows('1 difference found');
    expect(screen.queryByRole('button', { name: 'Run it now' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Top-ups' })).not.toBeInTheDocument());
    expect(screen.getByText('wallet 12: cached 10.00, postings 9.00')).toBeInTheDocument();
  });
});

describe('the chain watcher on the overview', () => {
  it('shows each network’s blocks, lag, waiting transfers and open alerts (a link to them), in warning colours when it fails', async () => {
    signInAs('reviewer');
    const errorAt = new Date(Date.now() - 2 * 60_000).toISOString();
    mockApi({
      ...meRoute('reviewer'),
      'GET /admin/overview': () => ok(overview),
      'GET /admin/chain/networks': () =>
        ok({
          list: [
            newChainNetwork({
              health: newChainHealth({
                head: 19_000_200,
                scanned: 19_000_150,
                lag: 50,
                pending: 4,
                open_alerts: 2,
                last_error: 'eth_getLogs: connect ECONNREFUSED',
                error_at: errorAt,
                errors: 3,
              }),
            }),
          ],
        }),
    });
    await renderConsole('/');
    await shows('Chain watcher, ERC20');
    const card = screen.getByText('Chain watcher, ERC20').closest('.ant-card') as HTMLElement;
    expect(card).toHaveAttribute('data-warning', 'true');
    expect(within(card).getByText('Needs a look')).toBeInTheDocument();
    expect(card).toHaveTextContent(/Last block seen19,000,200 · \d+ (second|minute)s? ago/);
    expect(card).toHaveTextContent(/Last block scanned19,000,150 /);
    expect(card).toHaveTextContent('Lag50 blocks');
    expect(card).toHaveTextContent('Transfers waiting4');
    expect(within(card).getByRole('link', { name: '2 open' })).toHaveAttribute(
      'href',
      '/settings/chain?tab=alerts',
    );
    expect(card).toHaveTextContent('eth_getLogs: connect ECONNREFUSED');
    expect(card).toHaveTextContent('2 minutes ago');
    expect(card).toHaveTextContent('3 failures in a row');
  });

  it('says chain deposits are credited by hand until a network is set, with the way to set one', async () => {
    signInAs('admin');
    mockApi({
      ...meRoute('admin'),
      'GET /admin/overview': () => ok(overview),
      'GET /admin/chain/networks': () => ok({ list: [] }),
    });
    await renderConsole('/');
    await shows(/Chain deposits are credited by hand until a network is set/);
    expect(screen.getByRole('link', { name: 'Chain deposit settings' })).toHaveAttribute(
      'href',
      '/settings/chain',
    );
  });

  it('needs a look when a watched network’s newest block is older than 5 minutes, not when it is off', () => {
    const now = Date.now();
    const at = (ms: number) => new Date(now - ms).toISOString();
    const fresh = newChainNetwork({ health: newChainHealth({ head_at: at(STALE_HEAD_MS - 1000) }) });
    const old = newChainNetwork({ health: newChainHealth({ head_at: at(STALE_HEAD_MS + 1000) }) });
    expect(needsLook(fresh, now)).toEqual({ failing: false, stale: false });
    expect(needsLook(old, now)).toEqual({ failing: false, stale: true });
    // A head never read is no better than an old one.
    expect(
      needsLook(newChainNetwork({ health: newChainHealth({ head: null, head_at: null }) }), now).stale,
    ).toBe(true);
    // A network switched off is not followed: its old head is no warning.
    expect(needsLook({ ...old, enabled: false }, now).stale).toBe(false);
    // Before the first run there is nothing to judge.
    expect(needsLook(newChainNetwork({ health: null }), now)).toEqual({ failing: false, stale: false });
  });
});

describe('the payout promise on the overview', () => {
  const kept = {
    hours: 24,
    late_now: 2,
    days7: { paid: 13, within: 12 },
    days30: { paid: 0, within: 0 },
  };
  const card = () => screen.getByText('Payout promise').closest('.ant-card') as HTMLElement;

  it('shows today’s promise, the late withdrawals as a way to the queue, and the share paid within it', async () => {
    signInAs('reviewer');
    mockApi({
      ...meRoute('reviewer'),
      'GET /admin/overview': () => ok({ ...overview, payout_promise: kept }),
      'GET /admin/chain/networks': () => ok({ list: [] }),
    });
    await renderConsole('/');
    await shows('Payout promise');
    expect(card()).toHaveTextContent("Today's promisePaid within 24 h");
    expect(within(card()).getByRole('link', { name: '2 withdrawals' })).toHaveAttribute(
      'href',
      '/queues/withdrawals',
    );
    expect(card()).toHaveAttribute('data-warning', 'true');
    expect(card()).toHaveTextContent('Paid within the promise, last 7 days12 of 13 (92%)');
    // None paid in the last 30 days: said so, no share of nothing.
    expect(card()).toHaveTextContent('Paid within the promise, last 30 daysNone paid in this period');
  });

  it('for a role that does not pay withdrawals: the late ones told in warning colour, not a link', async () => {
    signInAs('catalogue');
    mockApi({
      ...meRoute('catalogue'),
      'GET /admin/overview': () => ok({ ...overview, payout_promise: { ...kept, late_now: 1 } }),
    });
    await renderConsole('/');
    await shows('1 withdrawal');
    expect(within(card()).queryByRole('link')).not.toBeInTheDocument();
    expect(card()).toHaveAttribute('data-warning', 'true');
  });

  it('none late: says so, with no warning', async () => {
    signInAs('support');
    mockApi({ ...meRoute('support'), 'GET /admin/overview': () => ok(overview) });
    await renderConsole('/');
    await shows('Payout promise');
    expect(card()).toHaveTextContent('Late nowNone');
    expect(card()).not.toHaveAttribute('data-warning');
    expect(card()).toHaveTextContent('last 7 daysNone paid in this period');
  });

  it('counts the share in whole percents cut down: 100% only when every one was on time', () => {
    expect(withinShare({ paid: 13, within: 12 })).toBe(92);
    expect(withinShare({ paid: 200, within: 199 })).toBe(99);
    expect(withinShare({ paid: 5, within: 5 })).toBe(100);
    expect(withinShare({ paid: 3, within: 0 })).toBe(0);
    expect(withinShare({ paid: 0, within: 0 })).toBeNull();
  });
});
