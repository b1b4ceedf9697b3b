import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { mockApi, ok } from '../../../test/api';
import { logIn, logOut, renderApp } from '../../../test/render';

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
    logIn();
    const { calls } = mockApi({ 'GET /merchant/merchant/getBlockchain': () => ok(chain) });
    await renderApp('/blockchainRecharge');
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(chain.networks[0]!.address);
    // Radio buttons: a screen reader says which network is selected.
    expect(screen.getByRole('radio', { name: 'USDT-TRC20' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'USDT-ERC20' }));
    expect(screen.getByRole('radio', { name: 'USDT-ERC20' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'USDT-TRC20' })).not.toBeChecked();
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
    expect(screen.getByText('Please upload this photo')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("the minimum is written one way, in the reader's language, in the hint and in the error", async () => {
    logIn();
    mockApi({});
    await renderApp('/walletRecharge');
    await act(() => switchLanguage('vi'));
    const amount = await screen.findByLabelText('Số tiền');
    // Before: '100,00' in the hint and '100.00' in the error.
    expect(amount).toHaveAccessibleDescription('Nạp tối thiểu 100,00');
    await user.type(amount, '99');
    await user.click(screen.getByRole('button', { name: 'Gửi yêu cầu nạp' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Nạp tối thiểu 100,00'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });
});
