import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newConfig, orderBadge } from '../../../test/factories';
import { logIn, logOut, renderApp } from '../../../test/render';
import { feeOf } from './WithdrawScreen';

/** Amounts are written with the platform's currency, which the app reads from the public config. */
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

const user = userEvent.setup({ pointerEventsCheck: 0 });

async function typeDigits(testId: string, digits: string) {
  const field = await screen.findByTestId(testId);
  fireEvent.change(field, { target: { value: digits } });
}

const info = (over: Record<string, unknown> = {}) => ({
  balance: '500.00',
  fee: { bps: 100, fixed: '1.00' },
  min: '10.00',
  processing_hours: 24,
  currencies: ['USDT'],
  networks: ['TRC20', 'ERC20'],
  kyc_status: 'verified',
  bank: {
    holder_name: 'Lan',
    bank_name: 'VCB',
    account_number: '**** **** 1234',
    updated_at: '2026-01-01T00:00:00Z',
  },
  addresses: [],
  ...over,
});

const withdrawal = {
  id: 7,
  order_no: 'W7',
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
  created_at: '2026-11-22T10:00:00Z',
  resolved_at: null,
  due_at: '2026-11-23T10:00:00Z',
  promise_hours: 24,
  paid_within: null,
  balance: '400.00',
};

describe('withdraw', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('fee preview: bps half-up plus the fixed part', () => {
    expect(feeOf(10_000, { bps: 100, fixed: '1.00' })).toBe(200);
    expect(feeOf(50, { bps: 100, fixed: '0' })).toBe(1); // 0.5 cent rounds up
    expect(feeOf(49, { bps: 100, fixed: '0' })).toBe(0);
  });

  it("'Cannot be zero', 'Cannot exceed balance', then a wrong and a right payment password with one key per attempt", async () => {
    logIn();
    let tries = 0;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/extract': () => ok(info()),
      'GET /merchant/merchant/extract_log': () => ok({ total: 1, page: 1, limit: 20, list: [withdrawal] }),
      'POST /merchant/merchant/extract': () =>
        ++tries === 1
          ? refusal('WRONG_PAY_PASSWORD', 'Wrong payment password', {
              attempts_left: 4,
              fields: { pay_password: 'Wrong payment password' },
            })
          : ok(withdrawal),
    });
    const { router } = await renderApp('/withdraw');
    const amount = await screen.findByLabelText('Amount');
    // The currency comes with the public config.
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent('$500.00'));

    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(amount).toHaveAccessibleDescription('Cannot be zero');

    await user.clear(amount);
    await user.type(amount, '600');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(amount).toHaveAccessibleDescription('Cannot exceed balance');
    expect(screen.getByTestId('pay-password')).toHaveAccessibleDescription(
      'Please enter the payment password',
    );

    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(amount).toHaveAccessibleDescription('Minimum withdrawal $10.00');
    expect(screen.getByTestId('limits')).toHaveTextContent('Minimum $10.00 · paid out within 24 hours');

    // A decimal comma is read as the decimal mark and sent in the wire format.
    await user.clear(amount);
    await user.type(amount, '100,0');
    expect(screen.getByTestId('fee')).toHaveTextContent('Fee: $2.00 · You receive: $98.00');
    await typeDigits('pay-password', '111111');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(screen.getByTestId('pay-password')).toHaveAccessibleDescription('Wrong payment password'),
    );

    await typeDigits('pay-password', '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdrawRecord'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { method: 'bank', amount: '100.00', pay_password: '111111' },
      { method: 'bank', amount: '100.00', pay_password: '123456' },
    ]);
    const keys = posts.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
    expect(await screen.findByText(/W7/)).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('a chain withdrawal checks the address against the network', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/merchant/extract': () => ok(info({ bank: null })) });
    await renderApp('/withdraw');
    const address = await screen.findByLabelText('Wallet address');
    await user.type(address, '0x1234');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(address).toHaveAccessibleDescription('This address is not valid for the selected network');
  });

  it('the method and the network are radio buttons that say which one is selected', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/merchant/extract': () => ok(info()) });
    await renderApp('/withdraw');
    const methods = await screen.findByRole('group', { name: 'Withdraw to' });
    const bank = within(methods).getByRole('radio', { name: 'Bank transfer' });
    const chain = within(methods).getByRole('radio', { name: 'Crypto (USDT)' });
    expect(bank).toBeChecked();
    expect(chain).not.toBeChecked();

    await user.click(chain);
    expect(chain).toBeChecked();
    expect(bank).not.toBeChecked();
    const networks = screen.getByRole('group', { name: 'Network' });
    expect(within(networks).getByRole('radio', { name: 'USDT-TRC20' })).toBeChecked();
    await user.click(within(networks).getByRole('radio', { name: 'USDT-ERC20' }));
    expect(within(networks).getByRole('radio', { name: 'USDT-ERC20' })).toBeChecked();
    expect(within(networks).getByRole('radio', { name: 'USDT-TRC20' })).not.toBeChecked();
  });

  it('each amount mistake says what is wrong: not a number, negative, too large, too many decimals', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/merchant/extract': () => ok(info({ balance: '99999999999.00' })) });
    await renderApp('/withdraw');
    const amount = await screen.findByLabelText('Amount');
    const says = async (typed: string, message: string | RegExp) => {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(screen.getByRole('button', { name: 'Withdraw' }));
      expect(amount).toHaveAccessibleDescription(message);
    };
    // Each said 'at most 2 decimal places' before.
    await says('abc', 'Please enter a number');
    await says('1e5', 'Please enter a number');
    await says('-50', 'The amount cannot be negative');
    await says('100000000000000', /^The amount can be at most /);
    await says('1.234', 'Please enter an amount with at most 2 decimals');
  });

  it('after a withdrawal, /my shows the new balance at once (every balance query is refreshed)', async () => {
    const me = logIn({ balance: '500.00' });
    let withdrawn = false;
    mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/merchant/getMerInfo': () => ok({ ...me, balance: withdrawn ? '400.00' : '500.00' }),
      'GET /merchant/merchant/extract': () => ok(info()),
      'GET /merchant/merchant/extract_log': () => ok({ total: 1, page: 1, limit: 20, list: [withdrawal] }),
      'POST /merchant/merchant/extract': () => {
        withdrawn = true;
        return ok(withdrawal);
      },
    });
    const { router } = await renderApp('/my');
    expect(await screen.findByText('$500.00')).toBeInTheDocument();

    await act(() => router.navigate('/withdraw'));
    await user.type(await screen.findByLabelText('Amount'), '100');
    await typeDigits('pay-password', '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdrawRecord'));

    // Well within the 30 s the cache keeps getMerInfo fresh: without the refresh, /my shows 500.00.
    await act(() => router.navigate('/my'));
    expect(await screen.findByText('$400.00')).toBeInTheDocument();
    expect(screen.queryByText('$500.00')).toBeNull();
  });

  it('asks for identity verification first', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/merchant/extract': () => ok(info({ kyc_status: 'pending' })) });
    await renderApp('/withdraw');
    expect(await screen.findByTestId('kyc-needed')).toHaveTextContent('identity must be verified');
  });

  it('shows an error with a retry when the screen cannot load', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/merchant/extract': () => ({ status: 500, body: { code: 500, msg: 'x' } }),
    });
    await renderApp('/withdraw');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
