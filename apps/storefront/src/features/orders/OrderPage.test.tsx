import type { BuyerOrder } from '@dropdesk/contract/store';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderLinks } from '../../lib/order-links';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { openAt, orderData, paymentData, signIn } from '../../test/render';

const ACTIONS = [
  'Pay now',
  'Confirm receipt',
  'Cancel order',
  'Rate this order',
  'Ask for a refund',
  'Appeal to the platform',
];

function shownActions() {
  return ACTIONS.filter(
    (name) => screen.queryByRole('link', { name }) ?? screen.queryByRole('button', { name }),
  );
}

describe('order page /s/order/<id>', () => {
  it.each<[Partial<BuyerOrder['can']>, string[]]>([
    [{}, []],
    [{ pay: true, cancel: true }, ['Pay now', 'Cancel order']],
    [{ confirm: true, refund: true }, ['Confirm receipt', 'Ask for a refund']],
    [{ rate: true }, ['Rate this order']],
    [{ appeal: true }, ['Appeal to the platform']],
  ])('offers exactly the actions of can=%j', async (can, expected) => {
    signIn();
    fakeApi({ 'GET /store/order': () => ok({ order: orderData({ can }), payment: paymentData() }) });
    openAt('/s/order/41');
    await screen.findByRole('heading', { name: 'Order D20260101000041' });
    expect(shownActions()).toEqual(ACTIONS.filter((a) => expected.includes(a)));
  });

  it('reads a guest order with the link token from ?t=, keeps the link, and shows status, timeline and tracking', async () => {
    const api = fakeApi({
      'GET /store/order': () =>
        ok({
          order: orderData({
            status: 2,
            carrier: 'VNPost',
            tracking_no: 'VN123456789',
            timeline: [
              { status: 0, at: '2026-01-01T10:00:00.000Z', note: null },
              { status: 2, at: '2026-01-02T10:00:00.000Z', note: 'Left the warehouse' },
            ],
          }),
          payment: null,
        }),
    });
    openAt('/s/order/41?t=tok_fromlink_0001');
    expect(await screen.findByText('Shipped', { selector: '.status' })).toBeInTheDocument();
    expect(screen.getByText('VN123456789')).toBeInTheDocument();
    expect(screen.getByText('VNPost')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: '' });
    expect(within(timeline).getByText('Waiting for payment')).toBeInTheDocument();
    expect(within(timeline).getByText('Left the warehouse')).toBeInTheDocument();
    expect(api.of('GET /store/order')[0]?.headers.get('order-token')).toBe('tok_fromlink_0001');
    await waitFor(() => expect(orderLinks().map((l) => l.token)).toEqual(['tok_fromlink_0001']));
  });

  it('cancels after asking once more, with an Idempotency-Key, and shows the order as the server answers', async () => {
    signIn();
    const api = fakeApi({
      'GET /store/order': () => ok({ order: orderData({ can: { cancel: true } }), payment: paymentData() }),
      'POST /store/order/cancel': () =>
        ok(orderData({ status: -1, money: { paid: '25.00', paid_at: null, refunded: '25.00' } })),
    });
    openAt('/s/order/41');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText('Cancel this order? What you paid is refunded in full.')).toBeInTheDocument();
    expect(api.of('POST /store/order/cancel')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('Cancelled', { selector: '.status' })).toBeInTheDocument();
    const call = api.of('POST /store/order/cancel')[0];
    expect(call?.body).toEqual({ id: 41 });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers.get('token')).toBe('buyer-token-123');
    // can is all false now: no action is left.
    expect(shownActions()).toEqual([]);
  });

  it('asks for a refund and shows the server field messages', async () => {
    signIn();
    const api = fakeApi({
      'GET /store/order': () => ok({ order: orderData({ can: { refund: true } }), payment: paymentData() }),
      'POST /store/order/refund': (_c, n) =>
        n === 1
          ? refused('INVALID_INPUT', 'Please check the highlighted fields', {
              amount: 'At most 25.00',
              goods_received: 'Please choose',
            })
          : ok(
              orderData({
                refund: {
                  id: 5,
                  amount: '10.00',
                  reason: 'Broken',
                  goods_received: true,
                  status: 'pending',
                  reject_reason: null,
                  appeal_statement: null,
                  decision_reason: null,
                  created_at: '2026-01-03T10:00:00.000Z',
                },
              }),
            ),
    });
    openAt('/s/order/41');
    // A real button with its name, saying whether its form is open, for every reader.
    const ask = await screen.findByRole('button', { name: 'Ask for a refund', expanded: false });
    expect(screen.getByLabelText('Refund amount')).not.toBeVisible();
    await userEvent.click(ask);
    expect(ask).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Refund amount')).toBeVisible();
    expect(document.getElementById(ask.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByLabelText('Refund amount'),
    );
    const amount = screen.getByLabelText('Refund amount');
    expect(amount).toHaveValue('25.00');
    expect(amount).toHaveAccessibleDescription('At most $25.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '99.00');
    await userEvent.type(screen.getByLabelText('Reason'), 'Broken');
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Please choose')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Did the goods arrive?' })).toHaveAccessibleDescription(
      'Please choose',
    );
    expect(amount).toHaveAccessibleDescription('At most $25.00 At most 25.00');
    // goods_received not chosen goes as null: the server's message says so beside the question.
    expect(api.of('POST /store/order/refund')[0]?.body).toMatchObject({
      amount: '99.00',
      goods_received: null,
    });

    await userEvent.clear(amount);
    await userEvent.type(amount, '10.00');
    await userEvent.click(screen.getByLabelText('Yes, received'));
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Waiting for the shop')).toBeInTheDocument();
    expect(api.of('POST /store/order/refund')[1]?.body).toEqual({
      id: 41,
      amount: '10.00',
      reason: 'Broken',
      goods_received: true,
    });
  });

  it('rates a received order 1–5 with a comment', async () => {
    signIn();
    const api = fakeApi({
      'GET /store/order': () => ok({ order: orderData({ status: 3, can: { rate: true } }), payment: null }),
      'POST /store/order/rate': () =>
        ok(orderData({ status: 3, rating: { stars: 4, comment: 'Good', at: '2026-01-05T10:00:00.000Z' } })),
    });
    openAt('/s/order/41');
    await userEvent.click(await screen.findByText('Rate this order'));
    const stars = screen.getByRole('group', { name: 'Stars' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(within(stars).getByLabelText('4 ★'));
    await userEvent.type(screen.getByLabelText('Comment (optional)'), 'Good');
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Good')).toBeInTheDocument();
    expect(api.of('POST /store/order/rate')[0]?.body).toEqual({ id: 41, stars: 4, comment: 'Good' });
  });

  it('appeals a rejected refund with a statement', async () => {
    signIn();
    const api = fakeApi({
      'GET /store/order': () => ok({ order: orderData({ can: { appeal: true } }), payment: null }),
      'POST /store/order/appeal': () => ok(orderData()),
    });
    openAt('/s/order/41');
    await userEvent.click(await screen.findByText('Appeal to the platform'));
    await userEvent.type(screen.getByLabelText('Your statement'), 'It never arrived');
    await userEvent.click(screen.getByRole('button', { name: 'Send the appeal' }));
    await waitFor(() =>
      expect(api.of('POST /store/order/appeal')[0]?.body).toEqual({ id: 41, statement: 'It never arrived' }),
    );
  });

  it('asks a guest without a link to sign in, without calling the server', async () => {
    const api = fakeApi({});
    openAt('/s/order/41');
    expect(
      await screen.findByRole('heading', { name: 'Sign in or open your order link to see this order.' }),
    ).toBeInTheDocument();
    expect(api.of('GET /store/order')).toHaveLength(0);
  });
});
