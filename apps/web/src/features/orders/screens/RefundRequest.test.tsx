import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderBadge } from '../../../test/factories';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import { config, newOrder, newRefund, page } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const LIST = 'GET /merchant/merchant/refund_order';
const AUDIT = 'POST /merchant/merchant/refund_audit';
const audits = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/merchant/refund_audit');
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/merchant/refund_order');

async function dialog() {
  return within(await screen.findByRole('dialog'));
}

describe('refund requests', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('each request shows its order, amount, reason, goods, dates and status; the filter asks by status', async () => {
    logIn();
    const pending = newRefund({
      order_no: 'D-R1',
      amount: '50.00',
      order_total: '115.00',
      goods_received: false,
    });
    const rejected = newRefund({
      order_no: 'D-R2',
      status: 'appeal_rejected',
      reject_reason: 'Used item',
      appeal_statement: 'It was new',
      decision_reason: 'Photos show wear',
      resolved_at: '2026-11-23T10:00:00.000Z',
    });
    const { calls } = mockApi({
      ...config,
      [LIST]: (c) => page(c.query.get('status') === 'pending' ? [pending] : [pending, rejected]),
    });
    const { router } = await renderApp('/refundRequest');
    const [a, b] = (await screen.findAllByTestId('refund')) as [HTMLElement, HTMLElement];
    expect(within(a).getByRole('link', { name: 'Order no.: D-R1' })).toHaveAttribute(
      'href',
      `/orderDetail?id=${pending.order_id}`,
    );
    await waitFor(() => expect(within(a).getByTestId('refund-amount')).toHaveTextContent('$50.00'));
    expect(a).toHaveTextContent('Buyer paid$115.00');
    expect(a).toHaveTextContent('GoodsNot received');
    expect(a).toHaveTextContent('Asked onNov 21, 2026');
    expect(a).toHaveTextContent('It arrived broken.');
    expect(within(a).getByTestId('refund-status')).toHaveTextContent('Refund pending approval');
    expect(within(a).getByRole('button', { name: 'Approve the refund of order D-R1' })).toBeInTheDocument();
    expect(within(a).getByRole('button', { name: 'Reject the refund of order D-R1' })).toBeInTheDocument();

    expect(within(b).getByTestId('refund-status')).toHaveTextContent('Appeal rejected');
    expect(b).toHaveTextContent('GoodsReceived by the buyer');
    expect(b).toHaveTextContent('Your reason for rejecting: Used item');
    expect(b).toHaveTextContent("The buyer's appeal: It was new");
    expect(b).toHaveTextContent('Customer service decided: Photos show wear');
    expect(b).toHaveTextContent('Decided onNov 23, 2026');
    expect(within(b).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Refund pending approval' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    await waitFor(() => expect(screen.getAllByTestId('refund')).toHaveLength(1));
    expect(lists(calls).at(-1)?.query.get('status')).toBe('pending');
  });

  it('approve: asked first, sent once with its key; the list and the balance on /my follow', async () => {
    const me = logIn({ balance: '500.00' });
    const refund = newRefund({ order_no: 'D-OK', amount: '115.00' });
    let approved = false;
    const { calls } = mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/merchant/getMerInfo': () => ok({ ...me, balance: approved ? '600.00' : '500.00' }),
      [LIST]: () => page([{ ...refund, status: approved ? 'approved' : 'pending' }]),
      [AUDIT]: () => {
        approved = true;
        return ok({ refund: { ...refund, status: 'approved' }, order: newOrder(), balance: '600.00' });
      },
    });
    const { router } = await renderApp('/my');
    expect(await screen.findByText('$500.00')).toBeInTheDocument();
    await act(() => router.navigate('/refundRequest'));
    await user.click(await screen.findByRole('button', { name: 'Approve the refund of order D-OK' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Refund $115.00 to the buyer of order D-OK?');

    // Cancel sends nothing.
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(audits(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Approve the refund of order D-OK' }));
    await user.click((await dialog()).getByRole('button', { name: 'Approve' }));
    await expectToast('Refund approved');
    await waitFor(() => expect(screen.getByTestId('refund-status')).toHaveTextContent('Refund approved'));
    expect(screen.queryByRole('button', { name: /Approve the refund/ })).toBeNull();
    const [call] = audits(calls);
    expect(call?.body).toEqual({ id: refund.id, action: 'approve' });
    expect(call?.headers.get('Idempotency-Key')).toBe(`refund-approve-${refund.id}`);

    await act(() => router.navigate('/my'));
    expect(await screen.findByText('$600.00')).toBeInTheDocument();
  });

  it('reject: the reason is required before anything is sent; then the list follows', async () => {
    logIn();
    const refund = newRefund({ order_no: 'D-NO' });
    let rejected = false;
    const { calls } = mockApi({
      ...config,
      [LIST]: () =>
        page([
          {
            ...refund,
            status: rejected ? 'rejected' : 'pending',
            reject_reason: rejected ? 'Used item' : null,
          },
        ]),
      [AUDIT]: () => {
        rejected = true;
        return ok({
          refund: { ...refund, status: 'rejected', reject_reason: 'Used item' },
          order: newOrder(),
          balance: '10.00',
        });
      },
    });
    await renderApp('/refundRequest');
    await user.click(await screen.findByRole('button', { name: 'Reject the refund of order D-NO' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Reject the refund of order D-NO' }));
    await user.click(sheet.getByRole('button', { name: 'Reject' }));
    const reason = sheet.getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Required'));
    expect(audits(calls)).toEqual([]);

    await user.type(reason, 'Used item');
    await user.click(sheet.getByRole('button', { name: 'Reject' }));
    await expectToast('Refund rejected');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('refund')).toHaveTextContent('Your reason for rejecting: Used item'),
    );
    const [call] = audits(calls);
    expect(call?.body).toEqual({ id: refund.id, action: 'reject', reason: 'Used item' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a rejection the server refuses (already resolved) is said in the sheet, and the list is refreshed', async () => {
    logIn();
    const refund = newRefund({ order_no: 'D-LATE' });
    let resolved = false;
    const { calls } = mockApi({
      ...config,
      [LIST]: () => page([{ ...refund, status: resolved ? 'approved' : 'pending' }]),
      [AUDIT]: () => {
        resolved = true;
        return refusal('ALREADY_RESOLVED', 'This request has already been processed');
      },
    });
    await renderApp('/refundRequest');
    await user.click(await screen.findByRole('button', { name: 'Reject the refund of order D-LATE' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Reject the refund of order D-LATE' }));
    await user.type(sheet.getByRole('textbox', { name: 'Reason' }), 'Too late');
    await user.click(sheet.getByRole('button', { name: 'Reject' }));
    expect(await sheet.findByText('This request has already been processed')).toBeInTheDocument();
    await waitFor(() => expect(lists(calls).length).toBe(2));
  });

  it('a failed list says why, with a retry; no requests says so', async () => {
    logIn();
    let tries = 0;
    mockApi({ ...config, [LIST]: () => (++tries <= 2 ? 'network-error' : page([])) });
    await renderApp('/refundRequest');
    const alert = await screen.findByRole('alert', {});
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No refund requests.')).toBeInTheDocument();
  });
});
