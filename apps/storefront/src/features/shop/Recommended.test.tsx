import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api';
import { openAt, productData, shopData } from '../../test/render';

describe('featured products (the express lane) on the shop page', () => {
  it('come first, in the server order, each marked Recommended in words; the others are not', async () => {
    fakeApi({
      'GET /store/shop': () => ok(shopData()),
      'GET /store/products': () =>
        ok({
          total: 3,
          page: 1,
          limit: 20,
          list: [
            productData(5, { title: 'Featured lamp', recommended: true }),
            productData(9, { title: 'Newest mug' }),
            productData(2, { title: 'Old kettle' }),
          ],
        }),
      'POST /store/visit': () => ok({ counted: true }),
    });
    openAt('/s/7');
    const grid = await screen.findByRole('list', { name: 'Products (3)' });
    const items = within(grid).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').getAttribute('href'))).toEqual([
      '/s/p/5',
      '/s/p/9',
      '/s/p/2',
    ]);
    // The badge is text inside the product's link, so a screen reader says it with the product.
    expect(within(items[0]!).getByRole('link', { name: /Featured lamp.*Recommended/ })).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Recommended')).toBeNull();
    expect(within(items[2]!).queryByText('Recommended')).toBeNull();
  });
});
