import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { openAt, productDetail } from '../../test/render';

describe('product page /s/p/<listing>', () => {
  it('shows sized images, price and stock, records a visit of its shop, and buys the chosen quantity', async () => {
    const api = fakeApi({
      'GET /store/product': () => ok(productDetail(3, { stock: 4 })),
      'POST /store/visit': () => ok({ counted: true }),
    });
    openAt('/s/p/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product 3' })).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByText(/In stock: 4/)).toBeInTheDocument();
    const second = screen.getByRole('img', { name: 'Product 3, image 2 of 2' });
    expect(second).toHaveAttribute('width', '800');
    expect(second).toHaveAttribute('height', '600');
    await waitFor(() => expect(api.of('POST /store/visit')[0]?.body.shop).toBe(7));
    const qty = screen.getByLabelText('Quantity');
    expect(qty).toHaveAttribute('max', '4');
    await userEvent.clear(qty);
    await userEvent.type(qty, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(window.location.pathname).toBe('/s/checkout/3'));
    expect(window.location.search).toBe('?q=2');
  });

  it('cannot be bought when sold out', async () => {
    fakeApi({
      'GET /store/product': () => ok(productDetail(3, { stock: 0 })),
      'POST /store/visit': () => ok({ counted: true }),
    });
    openAt('/s/p/3');
    const buttons = await screen.findAllByRole('button', { name: 'Sold out' });
    expect(buttons[0]).toBeDisabled();
  });
});
