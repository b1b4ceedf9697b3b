import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import { config, newCounts, newDetail, newDistributeResult } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

async function dialog() {
  return within(await screen.findByRole('dialog'));
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const listing = (over: Partial<NonNullable<ReturnType<typeof newDetail>['listing']>> = {}) => ({
  id: 77,
  status: 'selling' as const,
  sellable: true,
  unsellable_reason: null,
  views: 31,
  sales: 4,
  ...over,
});

describe('product detail', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('a listing: images in a swiper of fixed shape, the prices, stock, sales and its state', async () => {
    logIn();
    const product = newDetail({ title: 'Desk lamp', listing: listing() });
    const { calls } = mockApi({ ...config, 'GET /merchant/product/detail': () => ok(product) });
    await renderApp('/goodsDetail?id=77');
    expect(await screen.findByTestId('detail-title')).toHaveTextContent('Desk lamp');
    expect(calls.find((c) => c.path === '/merchant/product/detail')?.query.get('id')).toBe('77');
    const gallery = screen.getByTestId('gallery');
    // The box takes the first image's shape before anything loads.
    expect(gallery.style.aspectRatio).toBe('800 / 600');
    expect(gallery.querySelectorAll('.adm-swiper-item')).toHaveLength(2);
    await waitFor(() => expect(screen.getByText('$115.00')).toBeInTheDocument());
    expect(screen.getByText('Stock 30 · Sales 7')).toBeInTheDocument();
    expect(screen.getByText(/A sturdy thing\./)).toBeInTheDocument();
    const state = screen.getByTestId('listing-state');
    expect(within(state).getByTestId('status')).toHaveTextContent('Selling');
    expect(state).toHaveTextContent('Buyers can buy it · Views 31 · Sales 4');
    expect(within(state).getByRole('button', { name: 'Off shelf' })).toBeInTheDocument();
  });

  it('a listing off shelf and out of stock says why; putting it on shelf asks, sends its id and refreshes', async () => {
    logIn();
    let on = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/product/detail': () =>
        ok(
          newDetail({
            title: '',
            stock: 0,
            listing: listing({
              status: on ? 'selling' : 'warehouse',
              sellable: false,
              unsellable_reason: 'out_of_stock',
            }),
          }),
        ),
      'POST /merchant/product/setSwitch': () => {
        on = true;
        return ok({ updated: 1, counts: newCounts() });
      },
    });
    await renderApp('/goodsDetail?id=77');
    expect(await screen.findByTestId('detail-title')).toHaveTextContent('No product title available');
    const state = screen.getByTestId('listing-state');
    expect(within(state).getByTestId('unsellable')).toHaveTextContent('Out of stock');
    expect(state).toHaveTextContent("Buyers can't buy it now");
    await user.click(within(state).getByRole('button', { name: 'On shelf' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Put “No product title available” on shelf?');
    await user.click((await dialog()).getByRole('button', { name: 'On shelf' }));
    await expectToast('1 product put on shelf');
    expect(posts(calls).map((p) => p.body)).toEqual([{ ids: [77], status: 'selling' }]);
    await waitFor(() =>
      expect(within(screen.getByTestId('listing-state')).getByTestId('status')).toHaveTextContent('Selling'),
    );
  });

  it('a catalogue product not in the shop offers to distribute it, then shows it listed', async () => {
    logIn();
    const product = newDetail({ title: 'Kettle' });
    let added = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/product/detail': () =>
        ok({ ...product, listing: added ? listing({ status: 'selling' }) : null }),
      'POST /merchant/product/add': () => {
        added = true;
        return ok(newDistributeResult({ added: 1, quota: { used: 5, total: 50 } }));
      },
    });
    await renderApp(`/goodsDetail?product_id=${product.id}`);
    const state = await screen.findByTestId('listing-state');
    const detailCall = calls.find((c) => c.path === '/merchant/product/detail');
    expect(detailCall?.query.get('product_id')).toBe(String(product.id));
    expect(detailCall?.query.has('id')).toBe(false);
    expect(state).toHaveTextContent('Not in your shop yet.');
    await user.click(within(state).getByRole('button', { name: 'Distribute to my shop' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('1 product added to your shop');
    expect(posts(calls).map((p) => p.body)).toEqual([{ product_ids: [product.id] }]);
    await waitFor(() => expect(screen.getByTestId('listing-state')).toHaveTextContent('Selling'));
  });

  it('removing the listing goes back to product management', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/product/detail': () => ok(newDetail({ title: 'Desk lamp', listing: listing() })),
      'POST /merchant/product/del': () => ok({ removed: 1, counts: newCounts() }),
      'GET /merchant/product/manage': () =>
        ok({ total: 0, page: 1, limit: 20, list: [], counts: newCounts() }),
    });
    const { router } = await renderApp('/goodsDetail?id=77');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click((await dialog()).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/goods'));
    expect(posts(calls).map((p) => p.body)).toEqual([{ ids: [77] }]);
  });

  it('a listing that no longer exists says so in place, with a retry', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/product/detail': () => refusal('NOT_FOUND', 'Not found') });
    await renderApp('/goodsDetail?id=999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not found');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('without an id asks nothing and says there is no such product', async () => {
    logIn();
    const { calls } = mockApi({ ...config });
    await renderApp('/goodsDetail');
    expect(await screen.findByText('No such product')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/merchant/product'))).toEqual([]);
  });
});
