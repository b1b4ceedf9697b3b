import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';
import { config, messagePage, newNotice, newSystemMessage } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const DETAIL = 'GET /merchant/index/notice_detail';
const SEE = 'POST /merchant/index/see_notice';
const details = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/index/notice_detail');
const sees = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/index/see_notice');

describe('message detail', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('an unread notice: its sentence, reason and a link to its refund requests; opening it marks it read once', async () => {
    logIn();
    const notice = newNotice({
      id: 12,
      kind: 'refund_arbitrated',
      params: { order_no: 'T9', decision: 'reject', amount: '5.00', reason: 'The parcel was intact' },
      link: { type: 'refund', id: 4 },
    });
    const { calls } = mockApi({
      ...config,
      [DETAIL]: () => ok(notice),
      [SEE]: () => ok({ marked: 1, unread: { system: 0, notice: 0 } }),
    });
    await renderApp('/messageDetail?type=notice&id=12');
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'The platform upheld your refusal of the refund on order T9.',
      }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Message detail · Dropdesk'));
    expect(details(calls)[0]?.query.get('type')).toBe('notice');
    expect(details(calls)[0]?.query.get('id')).toBe('12');
    expect(screen.getByTestId('message-reason')).toHaveTextContent('The parcel was intact');
    expect(screen.getByText(/From: System/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View refund requests' })).toHaveAttribute(
      'href',
      '/refundRequest',
    );

    await waitFor(() => expect(sees(calls)).toHaveLength(1));
    expect(sees(calls)[0]?.body).toEqual({ type: 'notice', ids: [12] });
    // Marked in the cache: nothing is sent again.
    await new Promise((r) => setTimeout(r, 50));
    expect(sees(calls)).toHaveLength(1);
  });

  it('a balance adjustment: its direction and amount, the reason, and a link to the funds records', async () => {
    logIn();
    const notice = newNotice({
      id: 31,
      kind: 'balance_adjusted',
      params: { direction: 'credit', amount: '12.34', reason: 'Courier lost the parcel' },
      link: { type: 'balance_adjustment', id: 7 },
    });
    mockApi({
      ...config,
      [DETAIL]: () => ok(notice),
      [SEE]: () => ok({ marked: 1, unread: { system: 0, notice: 0 } }),
    });
    await renderApp('/messageDetail?type=notice&id=31');
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: /The platform added .*12\.34.* to your balance\./,
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('message-reason')).toHaveTextContent('Courier lost the parcel');
    expect(screen.getByRole('link', { name: 'View funds records' })).toHaveAttribute('href', '/fundsRecords');
  });

  it('a chain top-up credited: its network, amount and confirmations, and a link to the top-up records', async () => {
    logIn();
    const notice = newNotice({
      id: 41,
      read: true,
      kind: 'recharge_credited',
      params: { order_no: 'R2026112700041', amount: '150.00', network: 'TRC20', confirmations: 2 },
      link: { type: 'recharge', id: 41 },
    });
    mockApi({ ...config, [DETAIL]: () => ok(notice) });
    await renderApp('/messageDetail?type=notice&id=41');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
        'Your USDT-TRC20 top-up R2026112700041 of $150.00 was confirmed by the network (2 confirmations) and added to your balance.',
      ),
    );
    expect(screen.getByRole('link', { name: 'View top-up records' })).toHaveAttribute(
      'href',
      '/rechargeRecord',
    );
  });

  it('a chain top-up dropped from the chain: said not credited, and that it is credited if it comes back', async () => {
    logIn();
    const notice = newNotice({
      id: 42,
      read: true,
      kind: 'recharge_dropped',
      params: { order_no: 'R2026112700042', amount: '80.00' },
      link: { type: 'recharge', id: 42 },
    });
    mockApi({ ...config, [DETAIL]: () => ok(notice) });
    await renderApp('/messageDetail?type=notice&id=42');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
        'Your top-up R2026112700042 of $80.00 was not credited: its block left the chain before it was confirmed. If the network includes the transfer again, it is credited then.',
      ),
    );
  });

  it('a withdrawal late past its promise: the promise in the sentence, customer service first, then the records', async () => {
    logIn();
    const notice = newNotice({
      id: 51,
      read: true,
      kind: 'withdrawal_late',
      title_key: 'notice.withdrawal_late',
      params: { order_no: 'W2026112200051', amount: '100.00', hours: 24 },
      link: { type: 'withdrawal', id: 51 },
    });
    mockApi({ ...config, [DETAIL]: () => ok(notice) });
    await renderApp('/messageDetail?type=notice&id=51');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
        'Your withdrawal W2026112200051 of $100.00 has not been paid within the promised 24 hours. Customer service can tell you where it stands.',
      ),
    );
    const [service, records] = screen.getAllByRole('link');
    // The platform's own customer-service link, in a new tab.
    expect(service).toHaveAccessibleName('Contact customer service');
    expect(service).toHaveAttribute('href', 'https://support.example/chat');
    expect(service).toHaveAttribute('target', '_blank');
    expect(records).toHaveAccessibleName('View withdrawal records');
    expect(records).toHaveAttribute('href', '/withdrawRecord');
  });

  it('a sign-in from a new device: the device, the country in the reader’s words, the time; unknown ones said so', async () => {
    logIn();
    const notice = newNotice({
      id: 61,
      read: true,
      kind: 'security_new_device',
      title_key: 'notice.security_new_device',
      params: { device: 'Chrome 131 on Android', country: 'TH', time: '2026-11-29T07:05:00.000Z' },
      link: null,
    });
    mockApi({ ...config, [DETAIL]: () => ok(notice) });
    await renderApp('/messageDetail?type=notice&id=61');
    const heading = await screen.findByRole('heading', { level: 2 });
    expect(heading).toHaveTextContent(
      /^Your account was signed in from a new device: Chrome 131 on Android, Thailand, at /,
    );
    expect(heading).not.toHaveTextContent('{{');
  });

  it('a payment password changed from a device the server could not name', async () => {
    logIn();
    const notice = newNotice({
      id: 62,
      read: true,
      kind: 'pay_password_changed',
      title_key: 'notice.pay_password_changed',
      params: { device: null, country: null, time: '2026-11-29T07:05:00.000Z' },
      link: null,
    });
    mockApi({ ...config, [DETAIL]: () => ok(notice) });
    await renderApp('/messageDetail?type=notice&id=62');
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(
      /^Your payment password was changed from an unknown device, an unknown place, at /,
    );
  });

  it('a withdrawal paid: its records, and no customer-service link', async () => {
    logIn();
    const notice = newNotice({
      id: 52,
      read: true,
      kind: 'withdrawal_approved',
      params: { order_no: 'W2026112200052', amount: '100.00', actual: '98.00' },
      link: { type: 'withdrawal', id: 52 },
    });
    mockApi({ ...config, [DETAIL]: () => ok(notice) });
    await renderApp('/messageDetail?type=notice&id=52');
    expect(await screen.findByRole('link', { name: 'View withdrawal records' })).toBeInTheDocument();
    expect(screen.queryByTestId('service-link')).toBeNull();
  });

  it('a notice about an order links to the order’s detail', async () => {
    logIn();
    const notice = newNotice({ id: 5, read: true, params: { order_no: 'T100', amount: '23.00' } });
    const { calls } = mockApi({ ...config, [DETAIL]: () => ok(notice) });
    await renderApp('/messageDetail?type=notice&id=5');
    const link = await screen.findByRole('link', { name: 'View the order' });
    expect(link).toHaveAttribute('href', '/orderDetail?id=7');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
        'Order T100 was paid ($23.00) and is waiting for you to pick it up.',
      ),
    );
    // Already read: nothing to mark.
    expect(sees(calls)).toHaveLength(0);
  });

  it('a system message: the operator’s title and body with its line breaks, and a way back to the list', async () => {
    logIn();
    const message = newSystemMessage({ id: 3, read: true, body: 'Line one\nLine two <b>not bold</b>' });
    const { calls } = mockApi({
      ...config,
      [DETAIL]: () => ok(message),
      'GET /merchant/index/notice': () => messagePage([], { system: 0, notice: 0 }),
      'GET /merchant/index/notice_unread': () => ok({ system: 0, notice: 0 }),
    });
    const { router } = await renderApp('/messageDetail?type=system&id=3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Maintenance tonight' })).toBeInTheDocument();
    const body = screen.getByTestId('message-body');
    expect(body.textContent).toBe('Line one\nLine two <b>not bold</b>');
    expect(body.querySelector('b')).toBeNull();
    expect(screen.getByText(/From: Platform team/)).toBeInTheDocument();
    expect(sees(calls)).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Back to messages' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=system'));
    expect(router.state.location.pathname).toBe('/message');
    expect(await screen.findByText('No system messages yet')).toBeInTheDocument();
  });

  it('another merchant’s or an unknown message says it is not found, with a retry and no toast', async () => {
    logIn();
    mockApi({ ...config, [DETAIL]: () => refusal('NOT_FOUND', 'Not found') });
    await renderApp('/messageDetail?type=notice&id=999');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('an address without a valid message says so and asks nothing', async () => {
    logIn();
    const { calls } = mockApi({ ...config });
    await renderApp('/messageDetail?type=mail&id=abc');
    expect(await screen.findByText('This message does not exist.')).toBeInTheDocument();
    expect(details(calls)).toHaveLength(0);
  });
});
