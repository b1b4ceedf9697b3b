import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderBadge } from '../../../test/factories';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import { config, newLevelInfo } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const upgrades = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/index/level_upgrade');

/** Types into the payment password (one real input drawn as six cells). */
async function typePayPassword(digits: string) {
  fireEvent.change(await screen.findByTestId('level-pay-password'), { target: { value: digits } });
}

const v2 = {
  level_id: 2,
  rank: 2,
  name: 'V2',
  margin_bps: 2000,
  quota: 100,
  bought_at: '2026-11-22T10:00:00.000Z',
};

describe('seller level', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the levels side by side with the current one marked, and what the next one changes', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/index/level': () => ok(newLevelInfo()) });
    await renderApp('/level');
    expect(await screen.findByTestId('current-level')).toHaveTextContent('Your level: V1');
    expect(screen.getByTestId('current-level')).toHaveTextContent('Profit margin15%');
    expect(screen.getByTestId('current-level')).toHaveTextContent('12 of 50 used');
    const table = screen.getByRole('table', { name: 'Seller levels' });
    const rows = within(table).getAllByTestId('level-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAttribute('aria-current', 'true');
    expect(rows[0]).toHaveTextContent('V1 Current');
    expect(rows[1]).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(rows[1]).toHaveTextContent('V220%100$300.00'));
    const next = screen.getByTestId('next-level');
    expect(next).toHaveTextContent('Upgrade to V2');
    expect(next).toHaveTextContent('Profit margin15% → 20%');
    expect(next).toHaveTextContent('Quota50 → 100');
    // On a $100.00 cost: $15.00 profit at 15%, $20.00 at 20% (the contract's one rounding).
    expect(next).toHaveTextContent('Profit on a $100.00 product$15.00 → $20.00');
    expect(next).toHaveTextContent('Upgrade price$300.00');
  });

  it('upgrade: the payment password and an Idempotency-Key, then the level and the balance on /my are fresh', async () => {
    const me = logIn({ balance: '500.00' });
    let bought = false;
    const { calls } = mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/merchant/getMerInfo': () => ok({ ...me, balance: bought ? '200.00' : '500.00' }),
      'GET /merchant/index/level': () =>
        ok(bought ? newLevelInfo({ current: v2, next_level_id: 3 }) : newLevelInfo()),
      'POST /merchant/index/level_upgrade': () => {
        bought = true;
        return ok({ current: v2, balance: '200.00' });
      },
    });
    const { router } = await renderApp('/my');
    expect(await screen.findByText('$500.00')).toBeInTheDocument();
    await act(() => router.navigate('/level'));
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Upgrade to V2' }));
    expect(sheet.getByTestId('upgrade-price')).toHaveTextContent('$300.00');

    // The form checks the password as the server would, before any call.
    await user.click(sheet.getByRole('button', { name: 'Pay and upgrade' }));
    expect(await sheet.findByText('Please enter the payment password')).toBeInTheDocument();
    expect(upgrades(calls)).toEqual([]);

    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and upgrade' }));
    await expectToast('You are now V2');
    const [call] = upgrades(calls);
    expect(call?.body).toEqual({ level_id: 2, pay_password: '123456' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The level query was asked again: V2 is current, V3 is next.
    expect(await screen.findByText('Your level: V2')).toBeInTheDocument();
    expect(screen.getByTestId('next-level')).toHaveTextContent('Upgrade to V3');

    await act(() => router.navigate('/my'));
    expect(await screen.findByText('$200.00')).toBeInTheDocument();
  });

  it('a refusal: not enough balance is said above the button with a way to top up; the password is typed again', async () => {
    logIn();
    let tries = 0;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/index/level': () => ok(newLevelInfo()),
      'POST /merchant/index/level_upgrade': () => {
        tries += 1;
        if (tries === 1)
          return refusal('WRONG_PAY_PASSWORD', 'Wrong payment password, 4 attempts left', {
            attempts_left: 4,
            fields: { pay_password: 'Wrong payment password, 4 attempts left' },
          });
        if (tries === 2) return 'network-error';
        return refusal('INSUFFICIENT_BALANCE', 'Insufficient balance');
      },
    });
    await renderApp('/level');
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Upgrade to V2' }));
    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and upgrade' }));
    const input = await screen.findByTestId('level-pay-password');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Wrong payment password, 4 attempts left'));
    expect(input).toHaveValue('');
    expect(sheet.queryByRole('link', { name: 'Top up' })).toBeNull();

    // The same password again after a refusal is a new attempt (the refusal was an answer) ...
    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and upgrade' }));
    expect(
      await sheet.findByText('No connection to the server. Check your internet and try again.'),
    ).toBeInTheDocument();
    // ... and a retry after no answer is the same attempt: same body, same key.
    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and upgrade' }));
    expect(await sheet.findByText('Insufficient balance')).toBeInTheDocument();
    expect(sheet.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/recharge');

    const sent = upgrades(calls);
    expect(sent.map((c) => c.body)).toEqual(Array(3).fill({ level_id: 2, pay_password: '123456' }));
    const [first, second, third] = sent.map((c) => c.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    // No toast over the sheet: the form says it.
    expect(screen.queryByTestId('announcer')).toBeNull();
  });

  it('at the top level there is nothing to buy', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/index/level': () =>
        ok(
          newLevelInfo({
            current: { level_id: 3, rank: 3, name: 'V3', margin_bps: 2500, quota: 200, bought_at: null },
            next_level_id: null,
          }),
        ),
    });
    await renderApp('/level');
    expect(await screen.findByTestId('top-level')).toHaveTextContent('You are at the highest level.');
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });

  it('a failed load shows the reason with a retry', async () => {
    logIn();
    let tries = 0;
    mockApi({
      ...config,
      'GET /merchant/index/level': () => (++tries <= 2 ? 'network-error' : ok(newLevelInfo())),
    });
    await renderApp('/level');
    const alert = await screen.findByRole('alert', {});
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('current-level')).toBeInTheDocument();
  });
});
