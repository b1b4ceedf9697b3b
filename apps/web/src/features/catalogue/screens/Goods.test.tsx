import { type Call, mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import type { Listing } from '../api/get-listings';
import { config, newCounts, newListing } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

async function dialog() {
  return within(await screen.findByRole('dialog'));
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/product/manage');

/** manage's answer: a page of listings with the shop's counts. */
const managePage = (list: Listing[], counts = newCounts()) =>
  ok({ total: list.length, page: 1, limit: 20, list, counts });

describe('product management', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('each listing shows its figures, views, sales, flags and why it cannot be sold; the quota is shown', async () => {
    logIn();
    const selling = newListing({ title: 'Desk lamp', views: 1200, sales: 14, recommended: true });
    const inactive = newListing({
      title: 'Old radio',
      status: 'selling',
      sellable: false,
      unsellable_reason: 'inactive',
    });
    const empty = newListing({
      title: '',
      status: 'warehouse',
      sellable: false,
      unsellable_reason: 'out_of_stock',
      stock: 0,
    });
    mockApi({
      ...config,
      'GET /merchant/product/manage': () =>
        managePage([selling, inactive, empty], newCounts({ selling: 2, warehouse: 1, used: 3, total: 50 })),
    });
    await renderApp('/goods');
    const [a, b, c] = (await screen.findAllByTestId('listing')) as [HTMLElement, HTMLElement, HTMLElement];
    await waitFor(() => expect(a).toHaveTextContent('Cost$40.00'));
    expect(a).toHaveTextContent('Price$46.00');
    expect(a).toHaveTextContent('Profit$6.00');
    expect(a).toHaveTextContent('Stock 12 · Views 1,200 · Sales 14');
    expect(a).toHaveTextContent('Recommended');
    expect(within(a).getByTestId('status')).toHaveTextContent('Selling');
    expect(within(a).queryByTestId('unsellable')).toBeNull();
    expect(within(a).getByRole('button', { name: 'Off shelf' })).toBeInTheDocument();
    expect(within(a).getByRole('link', { name: 'Desk lamp' })).toHaveAttribute(
      'href',
      `/goodsDetail?id=${selling.id}`,
    );
    expect(within(b).getByTestId('unsellable')).toHaveTextContent('Inactive');
    expect(within(c).getByTestId('status')).toHaveTextContent('In warehouse');
    expect(within(c).getByTestId('unsellable')).toHaveTextContent('Out of stock');
    expect(c).toHaveTextContent('No product title available');
    expect(within(c).getByRole('button', { name: 'On shelf' })).toBeInTheDocument();
    expect(screen.getByTestId('quota')).toHaveTextContent('Quota used: 3 of 50');
    expect(screen.getByRole('button', { name: 'Selling (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In warehouse (1)' })).toBeInTheDocument();
  });

  it('filters by shelf and keyword, each asked of the server', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      'GET /merchant/product/manage': () => managePage([newListing()]),
    });
    await renderApp('/goods');
    await screen.findByTestId('listing');
    expect(lists(calls).at(-1)?.query.get('status')).toBe('all');
    await user.click(screen.getByRole('button', { name: 'In warehouse (1)' }));
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('status')).toBe('warehouse'));
    await user.type(screen.getByRole('searchbox', { name: 'Search my products' }), 'lamp{Enter}');
    await waitFor(() => expect(lists(calls).at(-1)?.query.get('keyword')).toBe('lamp'));
    expect(lists(calls).at(-1)?.query.get('status')).toBe('warehouse');
  });

  it('batch off shelf: asks first, sends the selected ids with status warehouse, then refreshes', async () => {
    logIn();
    const a = newListing({ title: 'Desk lamp' });
    const b = newListing({ title: 'Floor lamp' });
    const c = newListing({ title: 'Wall lamp' });
    let off = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/product/manage': () =>
        managePage(
          [a, b, c].map((l) => (off && l !== b ? { ...l, status: 'warehouse' as const } : l)),
          off ? newCounts({ selling: 1, warehouse: 2 }) : newCounts({ selling: 3, warehouse: 0 }),
        ),
      'POST /merchant/product/setSwitch': () => {
        off = true;
        return ok({ updated: 2, counts: newCounts({ selling: 1, warehouse: 2 }) });
      },
    });
    await renderApp('/goods');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Desk lamp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Wall lamp' }));
    const bar = within(screen.getByTestId('batch-bar'));
    expect(bar.getByText('2 selected')).toBeInTheDocument();

    await user.click(bar.getByRole('button', { name: 'Off shelf' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      "Take 2 products off shelf? Buyers won't see them until they are back on shelf.",
    );
    expect(posts(calls)).toEqual([]);
    await user.click((await dialog()).getByRole('button', { name: 'Off shelf' }));
    await expectToast('2 products taken off shelf');
    expect(posts(calls).map((p) => [p.path, p.body])).toEqual([
      ['/merchant/product/setSwitch', { ids: [a.id, c.id], status: 'warehouse' }],
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'In warehouse (2)' })).toBeInTheDocument());
    const rows = screen.getAllByTestId('listing');
    expect(within(rows[0] as HTMLElement).getByTestId('status')).toHaveTextContent('In warehouse');
    expect(within(rows[1] as HTMLElement).getByTestId('status')).toHaveTextContent('Selling');
    expect(bar.getByText('0 selected')).toBeInTheDocument();
  });

  it('select all, then on shelf; with nothing selected a batch action says so and sends nothing', async () => {
    logIn();
    const rows = [newListing({ status: 'warehouse' }), newListing({ status: 'warehouse' })];
    const { calls } = mockApi({
      ...config,
      'GET /merchant/product/manage': () => managePage(rows),
      'POST /merchant/product/setSwitch': () => ok({ updated: 2, counts: newCounts() }),
    });
    await renderApp('/goods');
    await screen.findAllByTestId('listing');
    const bar = within(screen.getByTestId('batch-bar'));
    await user.click(bar.getByRole('button', { name: 'On shelf' }));
    await expectToast('Please select a product');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(bar.getByRole('checkbox', { name: 'Select all' }));
    expect(bar.getByText('2 selected')).toBeInTheDocument();
    await user.click(bar.getByRole('button', { name: 'On shelf' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Put 2 products on shelf?');
    await user.click((await dialog()).getByRole('button', { name: 'On shelf' }));
    await expectToast('2 products put on shelf');
    expect(posts(calls).map((p) => p.body)).toEqual([{ ids: rows.map((r) => r.id), status: 'selling' }]);
  });

  it('removes one listing after a confirmation that names it', async () => {
    logIn();
    const lamp = newListing({ title: 'Desk lamp' });
    const other = newListing({ title: 'Kettle' });
    let removed = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/product/manage': () => managePage(removed ? [other] : [lamp, other]),
      'POST /merchant/product/del': () => {
        removed = true;
        return ok({ removed: 1, counts: newCounts() });
      },
    });
    await renderApp('/goods');
    const row = (await screen.findAllByTestId('listing'))[0] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Remove “Desk lamp” from your shop? Its orders are kept.',
    );
    await user.click((await dialog()).getByRole('button', { name: 'Remove' }));
    await expectToast('1 product removed');
    expect(posts(calls).map((p) => [p.path, p.body])).toEqual([
      ['/merchant/product/del', { ids: [lamp.id] }],
    ]);
    await waitFor(() => expect(screen.getAllByTestId('listing')).toHaveLength(1));
    expect(screen.queryByText('Desk lamp')).toBeNull();
  });

  it('empty: says there is nothing, per filter', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/product/manage': () => managePage([], newCounts({ selling: 0, warehouse: 0 })),
    });
    await renderApp('/goods');
    expect(
      await screen.findByText('No products in your shop yet. Add some from the distribution center.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'In warehouse (0)' }));
    expect(await screen.findByText('No products in the warehouse')).toBeInTheDocument();
  });

  it('a failed list shows the reason with a retry', async () => {
    logIn();
    let tries = 0;
    mockApi({
      ...config,
      'GET /merchant/product/manage': () => (++tries <= 2 ? 'network-error' : managePage([newListing()])),
    });
    await renderApp('/goods');
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('No connection to the server');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('listing')).toBeInTheDocument();
  });
});
