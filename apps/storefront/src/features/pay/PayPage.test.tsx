import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keepOrderLink } from '../../lib/order-links';
import { fakeApi, ok, refused } from '../../test/fake-api';
import { openAt, orderData, paymentData } from '../../test/render';

describe('test payment page /s/pay/<payment>', () => {
  it('says TEST MODE, pays through the test call and shows the paid order', async () => {
    keepOrderLink({ id: 41, token: 'tok_abcdef123456', order_no: 'D20260101000041', title: 'Product 3' });
    let paid = false;
    const api = fakeApi({
      'GET /store/order': () =>
        ok(
          paid
            ? { order: orderData({ status: 5 }), payment: paymentData({ status: 'succeeded' }) }
            : {
                order: orderData({ status: 0, money: { paid: '0.00', paid_at: null, refunded: '0.00' } }),
                payment: paymentData(),
              },
        ),
      'POST /store/pay/test': () => {
        paid = true;
        return ok(paymentData({ status: 'succeeded' }));
      },
    });
    openAt('/s/pay/90?order=41');
    expect(await screen.findByRole('note')).toHaveTextContent('TEST MODE — no real money moves');
    expect(await screen.findByText('$25.00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Payment: Waiting for payment');
    await userEvent.click(screen.getByRole('button', { name: 'Pay (test)' }));

    expect(await screen.findByRole('heading', { name: 'Order D20260101000041' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/s/order/41');
    expect(screen.getByText('Paid, being prepared', { selector: '.status' })).toBeInTheDocument();
    expect(api.of('POST /store/pay/test')[0]?.body).toEqual({ payment_id: 90, outcome: 'succeed' });
    // The guest's order is read with the link's token.
    expect(api.of('GET /store/order').every((c) => c.headers.get('order-token') === 'tok_abcdef123456')).toBe(
      true,
    );
  });

  it('fails a payment on purpose, and shows a refusal in place', async () => {
    const api = fakeApi({
      'POST /store/pay/test': (_c, n) =>
        n === 1
          ? refused('FORBIDDEN', 'The test provider is not enabled')
          : ok(paymentData({ status: 'failed' })),
    });
    openAt('/s/pay/90');
    await userEvent.click(await screen.findByRole('button', { name: 'Fail (test)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The test provider is not enabled');
    await userEvent.click(screen.getByRole('button', { name: 'Fail (test)' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Payment: Failed'));
    expect(api.of('POST /store/pay/test')[1]?.body).toEqual({ payment_id: 90, outcome: 'fail' });
    expect(screen.queryByRole('button', { name: 'Pay (test)' })).not.toBeInTheDocument();
  });
});
