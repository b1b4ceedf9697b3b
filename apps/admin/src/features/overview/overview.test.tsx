import type { LedgerCheckItem, overviewRoutes } from '@dropdesk/contract/overview';
import type { DataOf } from '@dropdesk/contract/route';
import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { SESSION_KEY, session } from '../../lib/session';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';

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
};

describe('the overview', () => {
  it("shows the day's and the month's figures and the queues; an admin runs the ledger check", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    let last: ReturnType<typeof check> | null = null;
    const { calls } = mockApi({
      ...meRoute('admin'),
      'GET /admin/overview': () => ok({ ...overview, ledger_check: last }),
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
