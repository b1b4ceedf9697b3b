import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { mockApi, ok } from '../../../test/api';
import { logIn, logOut, renderApp } from '../../../test/render';

/** The app's query cache outlives a test: a fresh token per test keeps their data apart. */
let session = 0;
const logInFresh = () => {
  logIn();
  useSession.setState({ token: `tok-TopU-${++session}` });
};

const user = userEvent.setup({ pointerEventsCheck: 0 });

const chain = {
  networks: [
    { network: 'TRC20', currency: 'USDT', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
    { network: 'ERC20', currency: 'USDT', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
  ],
  confirmations: 2,
  unsupported: ['decentralized_exchange', 'binance_smart_chain', 'huobi_eco_chain'],
  min_topup: '100.00',
};

describe('top-up', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('chain: network picker, address, notes; the minimum and the voucher are required', async () => {
    logInFresh();
    const { calls } = mockApi({ 'GET /merchant/merchant/getBlockchain': () => ok(chain) });
    await renderApp('/blockchainRecharge');
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(chain.networks[0]!.address);
    await user.click(screen.getByRole('button', { name: 'USDT-ERC20' }));
    expect(screen.getByTestId('deposit-address')).toHaveTextContent(chain.networks[1]!.address);
    expect(screen.getByText(/after 2 network confirmations/)).toBeInTheDocument();
    expect(screen.getByText(/Binance Smart Chain/)).toBeInTheDocument();

    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '0');
    await user.click(screen.getByRole('button', { name: 'Submit top-up' }));
    expect(amount).toHaveAccessibleDescription('Cannot be zero');
    await user.clear(amount);
    await user.type(amount, '99.99');
    await user.click(screen.getByRole('button', { name: 'Submit top-up' }));
    expect(amount).toHaveAccessibleDescription('Minimum top-up 100.00');
    expect(screen.getByText('Upload a photo of your payment voucher')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('records: order number, amount and status; empty and error states', async () => {
    logInFresh();
    const rec = {
      id: 1,
      order_no: 'R1001',
      method: 'manual',
      network: null,
      address: null,
      amount: '150.00',
      status: 'rejected',
      reason: 'Voucher unreadable',
      voucher_url: '/u/x',
      created_at: '2026-11-22T10:00:00Z',
      resolved_at: null,
    };
    mockApi({
      'GET /merchant/merchant/recharge_log': () => ok({ total: 1, page: 1, limit: 20, list: [rec] }),
    });
    await renderApp('/rechargeRecord');
    expect(await screen.findByText(/R1001/)).toBeInTheDocument();
    expect(screen.getByText('150.00')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Voucher unreadable')).toBeInTheDocument();
  });

  it('records: empty', async () => {
    logInFresh();
    mockApi({ 'GET /merchant/merchant/recharge_log': () => ok({ total: 0, page: 1, limit: 20, list: [] }) });
    await renderApp('/rechargeRecord');
    await waitFor(() => expect(screen.getByText('No records yet')).toBeInTheDocument());
  });
});
