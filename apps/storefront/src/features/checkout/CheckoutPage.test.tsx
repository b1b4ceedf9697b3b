import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orderLinks } from '../../lib/order-links';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { openAt, orderData, paymentData, productDetail, signIn } from '../../test/render';

async function fill() {
  await userEvent.type(await screen.findByLabelText("Receiver's name"), 'An Nguyen');
  await userEvent.type(screen.getByLabelText('Phone'), '123');
  await userEvent.type(screen.getByLabelText('Shipping address'), '12 Le Loi');
}

describe('checkout /s/checkout/<listing>', () => {
  it("shows the server's field messages beside the fields, and its message above the button", async () => {
    const api = fakeApi({
      'GET /store/product': () => ok(productDetail(3)),
      'POST /store/checkout': () =>
        refused('INVALID_INPUT', 'Please check the highlighted fields', {
          receiver_phone: 'Enter a valid phone number',
          email: 'Enter a valid email',
        }),
    });
    openAt('/s/checkout/3?q=2');
    expect(await screen.findByText('Product 3')).toBeInTheDocument();
    expect(screen.getByText('$25.00')).toBeInTheDocument(); // 12.50 × 2
    await fill();
    await userEvent.type(screen.getByLabelText('Email'), 'guest@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));

    const phone = screen.getByLabelText('Phone');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('Enter a valid phone number');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'We send your order link and updates here. Enter a valid email',
    );
    expect(screen.getByLabelText("Receiver's name")).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields');

    const sent = api.of('POST /store/checkout')[0];
    expect(sent?.body).toEqual({
      listing_id: 3,
      quantity: 2,
      receiver_name: 'An Nguyen',
      receiver_phone: '123',
      address: '12 Le Loi',
      email: 'guest@example.com',
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('retries a checkout that got no answer with the same Idempotency-Key, and a new action with a new one', async () => {
    const api = fakeApi({
      'GET /store/product': () => ok(productDetail(3)),
      'POST /store/checkout': (_call, n) =>
        n === 1 ? 'network-error' : refused('OUT_OF_STOCK', 'Not enough stock'),
    });
    signIn();
    openAt('/s/checkout/3');
    await fill();
    // A signed-in buyer is not asked for an email.
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Place order and pay' });
    await userEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection');
    await userEvent.click(submit);
    expect(await screen.findByText('Not enough stock')).toBeInTheDocument();
    await userEvent.click(submit);
    await waitFor(() => expect(api.of('POST /store/checkout')).toHaveLength(3));
    const [a, b, c] = api.of('POST /store/checkout').map((call) => call.headers.get('Idempotency-Key'));
    expect(b).toBe(a); // the same action, retried after no answer
    expect(c).not.toBe(b); // answered (a refusal): pressing again is a new action
    expect(api.of('POST /store/checkout')[0]?.body.email).toBeUndefined();
  });

  it("keeps a guest's order link and goes on to the payment page", async () => {
    fakeApi({
      'GET /store/product': () => ok(productDetail(3)),
      'POST /store/checkout': () =>
        ok({ order: orderData({ status: 0 }), payment: paymentData(), order_token: 'tok_abcdef123456' }),
      'GET /store/order': (call) =>
        call.headers.get('order-token') === 'tok_abcdef123456'
          ? ok({ order: orderData({ status: 0 }), payment: paymentData() })
          : { status: 200, body: { code: 0, error: 'NOT_FOUND', msg: 'Not found' } },
    });
    openAt('/s/checkout/3');
    await fill();
    await userEvent.type(screen.getByLabelText('Email'), 'guest@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Place order and pay' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/s/pay/90');
    expect(window.location.search).toBe('?order=41');
    expect(orderLinks()).toEqual([
      { id: 41, token: 'tok_abcdef123456', order_no: 'D20260101000041', title: 'Product 3' },
    ]);
    // The guest sees the link to keep.
    expect(
      await screen.findByRole('link', { name: /\/s\/order\/41\?t=tok_abcdef123456$/ }),
    ).toBeInTheDocument();
  });
});
