import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { newConfig } from '../../../test/factories';
import { logIn, logOut, renderApp } from '../../../test/render';
import { fakeUploads } from '../../../test/uploads';

/** Amounts are written with the platform's currency, which the app reads from the public config. */
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** The platform's shared addresses: the merchant declares each top-up with a voucher. */
const shared = {
  TRC20: {
    network: 'TRC20',
    currency: 'USDT',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    own: false,
    confirmations: 2,
    token_contract: null,
  },
  ERC20: {
    network: 'ERC20',
    currency: 'USDT',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    own: false,
    confirmations: 2,
    token_contract: null,
  },
} as const;
/** This merchant's own address on TRC20, watched: what arrives is credited after its confirmations. */
const ownTrc20 = {
  network: 'TRC20',
  currency: 'USDT',
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  own: true,
  confirmations: 2,
  token_contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
} as const;

const chain = {
  networks: [shared.TRC20, shared.ERC20],
  confirmations: 2,
  unsupported: ['decentralized_exchange', 'binance_smart_chain', 'huobi_eco_chain'],
  min_topup: '100.00',
};

/** The receiving account operators configured, with this merchant's reference filled in. */
const account = {
  bank_name: 'Vietcombank',
  holder_name: 'DROPDESK PLATFORM LTD',
  account_number: '0071001234567',
  reference: 'DD1042',
};
const bankAccount = { 'GET /merchant/merchant/getBankAccount': () => ok({ account }) };
const noBankAccount = { 'GET /merchant/merchant/getBankAccount': () => ok({ account: null }) };
/** How the platform takes a manual top-up, as an admin wrote it (line breaks kept). */
const instructions = 'Cash at our office, 12 Lê Lợi, District 1.\nMon-Fri 9:00-17:00, bring your shop ID.';
const manualOpen = { 'GET /merchant/merchant/getManualDeposit': () => ok({ manual: { instructions } }) };
const noManual = { 'GET /merchant/merchant/getManualDeposit': () => ok({ manual: null }) };
const chainOpen = { 'GET /merchant/merchant/getBlockchain': () => ok(chain) };
const noChain = { 'GET /merchant/merchant/getBlockchain': () => ok({ ...chain, networks: [] }) };
/** A new platform: nothing configured to pay into, by any method. */
const nothingOpen = { ...noChain, ...noManual, ...noBankAccount };

describe('top-up', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('chain: network picker, address, notes; the minimum and the voucher are required', async () => {
    logIn();
    const { calls } = mockApi({ ...config, 'GET /merchant/merchant/getBlockchain': () => ok(chain) });
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
    expect(amount).toHaveAccessibleDescription('Minimum top-up $100.00');
    expect(screen.getByText('Please upload this photo')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('chain, own address: the address to send to and how it is credited, with nothing to fill in', async () => {
    logIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockApi({
      ...config,
      'GET /merchant/merchant/getBlockchain': () => ok({ ...chain, networks: [ownTrc20] }),
      'GET /merchant/merchant/recharge_log': () =>
        ok({ total: 0, page: 1, limit: 20, list: [], sums: { count: 0, amount: '0.00' } }),
    });
    const { router } = await renderApp('/blockchainRecharge');
    const card = await screen.findByRole('region', { name: 'Deposit address' });
    expect(within(card).getByRole('heading', { name: 'Your own deposit address' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Deposit address' })).toBeInTheDocument();
    expect(within(card).getByTestId('deposit-address')).toHaveTextContent(ownTrc20.address);
    await user.click(within(card).getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenLastCalledWith(ownTrc20.address);
    expect(within(card).getByTestId('send-only')).toHaveTextContent(
      'Send only USDT on the TRC20 network to this address.',
    );
    // The token's contract, small, to check or copy.
    expect(within(card).getByTestId('token-contract')).toHaveTextContent(ownTrc20.token_contract);
    await user.click(within(card).getByRole('button', { name: 'Copy Token contract' }));
    expect(writeText).toHaveBeenLastCalledWith(ownTrc20.token_contract);

    const how = screen.getByRole('region', { name: "How it's credited" });
    expect(how).toHaveTextContent(
      'the USDT that arrives here is added to your balance automatically after 2 network confirmations',
    );
    expect(how).toHaveTextContent('no voucher needed');
    expect(how).toHaveTextContent(
      'Transfers below $100.00 are not lost: they wait, and are credited together once your waiting transfers add up to $100.00 or more.',
    );
    expect(how).toHaveTextContent(/Binance Smart Chain/);

    // Nothing to fill in, upload or submit.
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(screen.queryByLabelText('Payment voucher')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit top-up' })).toBeNull();

    // The records are where the transfer is followed.
    await user.click(within(how).getByRole('link', { name: 'View top-up records' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechargeRecord'));
  });

  it('chain: choosing between an own network and a shared one brings the form and takes it away', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/merchant/getBlockchain': () => ok({ ...chain, networks: [ownTrc20, shared.ERC20] }),
    });
    await renderApp('/blockchainRecharge');
    expect(await screen.findByTestId('credited-by-chain')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'USDT-ERC20' }));
    expect(screen.getByTestId('deposit-address')).toHaveTextContent(shared.ERC20.address);
    expect(screen.queryByTestId('credited-by-chain')).toBeNull();
    expect(screen.queryByTestId('send-only')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your own deposit address' })).toBeNull();
    expect(screen.getByLabelText('Amount')).toBeInTheDocument();
    expect(screen.getByLabelText('Payment voucher')).toBeInTheDocument();
    expect(screen.getByText(/after 2 network confirmations/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'USDT-TRC20' }));
    expect(screen.getByTestId('deposit-address')).toHaveTextContent(ownTrc20.address);
    expect(screen.getByTestId('credited-by-chain')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit top-up' })).toBeNull();
  });

  it('chain, shared network: the voucher top-up names the network chosen', async () => {
    logIn();
    fakeUploads();
    const { calls } = mockApi({
      ...config,
      ...chainOpen,
      'POST /merchant/merchant/recharge': () =>
        ok({
          id: 9,
          order_no: 'R1',
          method: 'chain',
          network: 'ERC20',
          address: shared.ERC20.address,
          amount: '150.00',
          status: 'pending',
          reason: null,
          voucher_url: '/media/v/u_voucher',
          chain: null,
          created_at: '2026-11-27T08:00:00.000Z',
          resolved_at: null,
        }),
      'GET /merchant/merchant/recharge_log': () =>
        ok({ total: 0, page: 1, limit: 20, list: [], sums: { count: 0, amount: '0.00' } }),
    });
    const { router } = await renderApp('/blockchainRecharge');
    await user.type(await screen.findByLabelText('Amount'), '150');
    await user.click(screen.getByRole('radio', { name: 'USDT-ERC20' }));
    // What was typed stays when another shared network is chosen.
    expect(screen.getByLabelText('Amount')).toHaveValue('150');
    await user.upload(
      screen.getByLabelText('Payment voucher'),
      new File(['x'.repeat(2048)], 'v.png', { type: 'image/png' }),
    );
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit top-up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechargeRecord'));
    const posts = calls.filter((c) => c.method === 'POST' && c.path.endsWith('/recharge'));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ method: 'chain', amount: '150.00', network: 'ERC20' });
  });

  it('chain: a network watched since the screen loaded is read again, and shows the own address with no form', async () => {
    logIn();
    fakeUploads();
    let watched = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/merchant/getBlockchain': () =>
        ok({ ...chain, networks: [watched ? ownTrc20 : shared.TRC20, shared.ERC20] }),
      'POST /merchant/merchant/recharge': () => {
        watched = true;
        return refusal(
          'NETWORK_WATCHED',
          'This network credits deposits by itself: send to your own address shown here, no voucher is needed',
        );
      },
    });
    await renderApp('/blockchainRecharge');
    await user.type(await screen.findByLabelText('Amount'), '150');
    await user.upload(
      screen.getByLabelText('Payment voucher'),
      new File(['x'.repeat(2048)], 'v.png', { type: 'image/png' }),
    );
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit top-up' }));
    expect(await screen.findByTestId('credited-by-chain')).toBeInTheDocument();
    expect(screen.getByTestId('deposit-address')).toHaveTextContent(ownTrc20.address);
    expect(screen.queryByRole('button', { name: 'Submit top-up' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("the minimum is written one way, in the reader's language, in the hint and in the error", async () => {
    logIn();
    mockApi({ ...config, ...bankAccount });
    await renderApp('/bankCardRecharge');
    await act(() => switchLanguage('vi'));
    const amount = await screen.findByLabelText('Số tiền');
    // Before: '100,00' in the hint and '100.00' in the error; the currency where Vietnamese puts it.
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/^Nạp tối thiểu 100,00\s\$$/));
    await user.type(amount, '99');
    await user.click(screen.getByRole('button', { name: 'Gửi yêu cầu nạp' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/^Nạp tối thiểu 100,00\s\$$/));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('bank card: says where to send the money, each detail with a copy button, and the reference', async () => {
    logIn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockApi({ ...config, ...bankAccount });
    await renderApp('/bankCardRecharge');
    const payTo = await screen.findByRole('region', { name: 'Transfer the amount to this account' });
    expect(within(payTo).getByTestId('pay-to-bank')).toHaveTextContent('Vietcombank');
    expect(within(payTo).getByTestId('pay-to-holder')).toHaveTextContent('DROPDESK PLATFORM LTD');
    expect(within(payTo).getByTestId('pay-to-number')).toHaveTextContent('0071001234567');
    expect(within(payTo).getByTestId('pay-to-reference')).toHaveTextContent('DD1042');
    expect(payTo).toHaveTextContent('Write DD1042 in the transfer note');

    await user.click(within(payTo).getByRole('button', { name: 'Copy Account number' }));
    expect(writeText).toHaveBeenLastCalledWith('0071001234567');
    await user.click(within(payTo).getByRole('button', { name: 'Copy Transfer note' }));
    expect(writeText).toHaveBeenLastCalledWith('DD1042');
    // The form is there to fill.
    expect(screen.getByLabelText('Amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit top-up' })).toBeEnabled();
  });

  it('bank card: until the receiving account is configured, the method says it is not open and what to do, with no form', async () => {
    logIn();
    mockApi({ ...config, ...noBankAccount, ...chainOpen, ...noManual });
    await renderApp('/bankCardRecharge');
    const notOpen = await screen.findByTestId('method-not-open');
    expect(notOpen).toHaveTextContent('Not open yet');
    expect(notOpen).toHaveTextContent("The bank account to pay into hasn't been set up yet");
    // What to do: ask customer service (the platform's link, in a new tab), or take the open method.
    expect(notOpen).toHaveTextContent('Customer service can tell you when it opens, or how else to top up.');
    const contact = () => within(notOpen).getByRole('link', { name: 'Contact customer service' });
    await waitFor(() => expect(contact()).toHaveAttribute('href', 'https://support.example/chat'));
    expect(contact()).toHaveAttribute('target', '_blank');
    expect(await within(notOpen).findByRole('link', { name: 'Choose another method' })).toHaveAttribute(
      'href',
      '/recharge',
    );
    // Nothing to fill in or upload before being told.
    expect(screen.queryByLabelText('Amount')).toBeNull();
    expect(screen.queryByLabelText('Payment voucher')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit top-up' })).toBeNull();
  });

  it('chain: with no network open it says so up front, instead of refusing after the voucher', async () => {
    logIn();
    mockApi({ ...config, ...noChain, ...noManual, ...bankAccount });
    await renderApp('/blockchainRecharge');
    expect(await screen.findByTestId('method-not-open')).toHaveTextContent('No deposit network is open');
    expect(screen.queryByLabelText('Payment voucher')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit top-up' })).toBeNull();
  });

  it('the method chooser says what each method is and marks those that are not open', async () => {
    logIn();
    mockApi({ ...noBankAccount, ...noManual, ...chainOpen });
    await renderApp('/recharge');
    const methods = await screen.findByRole('navigation', { name: 'Top-up methods' });
    await waitFor(() =>
      expect(within(methods).getByRole('link', { name: /Manual top-up/ })).toHaveTextContent('Not open yet'),
    );
    expect(within(methods).getByRole('link', { name: /Bank transfer/ })).toHaveTextContent('Not open yet');
    expect(within(methods).getByRole('link', { name: /Crypto/ })).not.toHaveTextContent('Not open yet');
    expect(within(methods).getByRole('link', { name: /Crypto/ })).toHaveTextContent(
      'USDT sent to your own deposit address',
    );
    expect(within(methods).getByRole('link', { name: /Manual top-up/ })).toHaveTextContent(
      "Paid as the platform's instructions say, declared here by hand",
    );
    expect(within(methods).getByRole('link', { name: /Bank transfer/ })).toHaveTextContent(
      "A transfer to the platform's bank account",
    );
    // One method is open: no "nothing is open" card.
    expect(screen.queryByTestId('none-open')).toBeNull();
  });

  it('a new platform, nothing open: the chooser says so and offers customer service, each method too', async () => {
    logIn();
    mockApi({ ...config, ...nothingOpen });
    await renderApp('/recharge');
    const none = await screen.findByTestId('none-open');
    expect(none).toHaveTextContent('No top-up method is open on this platform yet.');
    expect(none).toHaveTextContent('Customer service can tell you when top-ups open.');
    await waitFor(() =>
      expect(within(none).getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
        'href',
        'https://support.example/chat',
      ),
    );
    await user.click(screen.getByRole('link', { name: /Manual top-up/ }));
    const notOpen = await screen.findByTestId('method-not-open');
    expect(notOpen).toHaveTextContent("The platform hasn't said yet how it takes a deposit by hand");
    expect(within(notOpen).getByRole('link', { name: 'Contact customer service' })).toBeInTheDocument();
    // No other method to choose: not offered.
    expect(within(notOpen).queryByRole('link', { name: 'Choose another method' })).toBeNull();
    expect(screen.queryByLabelText('Payment voucher')).toBeNull();
  });

  it('not open, and the platform has no customer-service link: the contact leads to /service', async () => {
    logIn();
    mockApi({
      'GET /merchant/common/config': () => ok(newConfig({ service_url: '', service_text: 'Call 1900 0000' })),
      ...nothingOpen,
    });
    await renderApp('/walletRecharge');
    const notOpen = await screen.findByTestId('method-not-open');
    expect(within(notOpen).getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service',
    );
  });

  it('manual: the platform’s instructions as written, then the amount and the receipt; nothing of the bank account', async () => {
    logIn();
    fakeUploads();
    const { calls } = mockApi({
      ...config,
      ...manualOpen,
      'POST /merchant/merchant/recharge': () =>
        ok({
          id: 9,
          order_no: 'R1',
          method: 'manual',
          network: null,
          address: null,
          amount: '150.00',
          status: 'pending',
          reason: null,
          voucher_url: '/media/v/u_voucher',
          chain: null,
          created_at: '2026-11-27T08:00:00.000Z',
          resolved_at: null,
        }),
      'GET /merchant/merchant/recharge_log': () =>
        ok({ total: 0, page: 1, limit: 20, list: [], sums: { count: 0, amount: '0.00' } }),
    });
    const { router } = await renderApp('/walletRecharge');
    const how = await screen.findByRole('region', { name: 'How to pay' });
    // The admin's text as typed, line break kept (pre-line), never as HTML.
    expect(within(how).getByTestId('manual-instructions').textContent).toBe(instructions);
    expect(how).toHaveTextContent('Pay as written above and keep the receipt.');
    expect(screen.queryByTestId('pay-to')).toBeNull();
    await user.type(screen.getByLabelText('Amount'), '150');
    await user.upload(
      screen.getByLabelText('Payment voucher'),
      new File(['x'.repeat(2048)], 'v.png', { type: 'image/png' }),
    );
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit top-up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rechargeRecord'));
    const posts = calls.filter((c) => c.method === 'POST' && c.path.endsWith('/recharge'));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ method: 'manual', amount: '150.00' });
    expect(posts[0]?.body).not.toHaveProperty('network');
  });

  it('a method closed meanwhile: the screen reads again what is open and says it is not', async () => {
    logIn();
    fakeUploads();
    let open = true;
    const { calls } = mockApi({
      ...config,
      ...chainOpen,
      ...noManual,
      'GET /merchant/merchant/getBankAccount': () => ok({ account: open ? account : null }),
      'POST /merchant/merchant/recharge': () => {
        open = false;
        return refusal('METHOD_UNAVAILABLE', 'This top-up method is not open', {
          fields: { method: 'This top-up method is not open' },
        });
      },
    });
    await renderApp('/bankCardRecharge');
    await user.type(await screen.findByLabelText('Amount'), '150');
    await user.upload(
      screen.getByLabelText('Payment voucher'),
      new File(['x'.repeat(2048)], 'v.png', { type: 'image/png' }),
    );
    await screen.findByText('Uploaded');
    await user.click(screen.getByRole('button', { name: 'Submit top-up' }));
    // Said at once, then the screen asks again and shows the method as not open, with no form.
    expect(await screen.findByTestId('method-not-open')).toHaveTextContent('Not open yet');
    expect(screen.queryByRole('button', { name: 'Submit top-up' })).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ method: 'bank', amount: '150.00' });
  });
});
