import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import {
  config,
  newCatalogueItem,
  newCategoryTree,
  newCounts,
  newDistributeResult,
  page,
} from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** The dialog on screen (a confirmation or a result), and its buttons. */
async function dialog() {
  return within(await screen.findByRole('dialog'));
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const searches = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/product/product');

/** What the distribution centre reads besides the search: the tree and the quota. */
const frame = {
  ...config,
  'GET /merchant/product/category': () => ok(newCategoryTree()),
  'GET /merchant/product/manage': () =>
    ok({ total: 0, page: 1, limit: 1, list: [], counts: newCounts({ used: 10, total: 50 }) }),
};

describe('the distribution centre', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows product cards priced at the margin, the listed marker and the untitled product', async () => {
    logIn();
    const listed = newCatalogueItem({ title: 'Wireless earbuds', listed: true });
    const untitled = newCatalogueItem({
      title: '',
      cost: '20.00',
      price: '23.00',
      profit: '3.00',
      stock: 1234,
    });
    mockApi({ ...frame, 'GET /merchant/product/product': () => page([listed, untitled]) });
    await renderApp('/distribution');
    const [first, second] = (await screen.findAllByTestId('product-card')) as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Wireless earbuds');
    expect(within(first).getByTestId('listed')).toHaveTextContent('Listed');
    // Amounts in the platform's currency, once the config is read.
    await waitFor(() => expect(first).toHaveTextContent('Cost$100.00'));
    expect(first).toHaveTextContent('Price$115.00');
    expect(first).toHaveTextContent('Profit$15.00');
    // Already listed: nothing to select.
    expect(within(first).getByRole('checkbox')).toBeDisabled();
    expect(second).toHaveTextContent('No product title available');
    expect(second).toHaveTextContent('Stock 1,234');
    expect(within(second).queryByTestId('listed')).toBeNull();
    expect(within(second).getByRole('link')).toHaveAttribute(
      'href',
      `/goodsDetail?product_id=${untitled.id}`,
    );
    // Each image box has its size before it loads.
    const thumb = second.querySelector('span[style]') as HTMLElement;
    expect(thumb.style.width).toBe('88px');
    expect(thumb.style.height).toBe('88px');
    expect(screen.getByTestId('distribution-quota')).toHaveTextContent('Quota used: 10 of 50');
  });

  it('category tabs: a parent includes its children, a second row picks one; search and sort go to the server', async () => {
    logIn();
    const { calls } = mockApi({
      ...frame,
      'GET /merchant/product/product': () => page([newCatalogueItem()]),
    });
    await renderApp('/distribution');
    await screen.findByTestId('product-card');
    expect(searches(calls).at(-1)?.query.get('category_id')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Electronics' }));
    await waitFor(() => expect(searches(calls).at(-1)?.query.get('category_id')).toBe('1'));
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Headphones' }));
    await waitFor(() => expect(searches(calls).at(-1)?.query.get('category_id')).toBe('12'));
    // The parent stays chosen in the first row.
    expect(screen.getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Headphones' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'bluetooth{Enter}');
    await waitFor(() => expect(searches(calls).at(-1)?.query.get('keyword')).toBe('bluetooth'));
    expect(searches(calls).at(-1)?.query.get('category_id')).toBe('12');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Price: low to high');
    await waitFor(() => expect(searches(calls).at(-1)?.query.get('sort')).toBe('price'));
    // A category without children has no second row.
    await user.click(screen.getByRole('button', { name: 'Home & Kitchen' }));
    await waitFor(() => expect(searches(calls).at(-1)?.query.get('category_id')).toBe('2'));
    expect(screen.queryByRole('button', { name: 'Headphones' })).toBeNull();
  });

  it("'Distribute selected' with nothing selected says 'Please select a product' and sends nothing", async () => {
    logIn();
    const { calls } = mockApi({
      ...frame,
      'GET /merchant/product/product': () => page([newCatalogueItem()]),
    });
    await renderApp('/distribution');
    await screen.findByTestId('product-card');
    await user.click(screen.getByRole('button', { name: 'Distribute selected' }));
    await expectToast('Please select a product');
    expect(posts(calls)).toEqual([]);
  });

  it('distributes the selected products, says how many were added and skipped and why, and refreshes', async () => {
    logIn();
    const a = newCatalogueItem({ title: 'Desk lamp' });
    const b = newCatalogueItem({ title: 'Floor lamp' });
    const c = newCatalogueItem({ title: 'Wall lamp' });
    let added = false;
    const { calls } = mockApi({
      ...frame,
      'GET /merchant/product/product': () => page([{ ...a, listed: added }, b, { ...c, listed: added }]),
      'POST /merchant/product/add': () => {
        added = true;
        return ok(
          newDistributeResult({
            added: 2,
            skipped: { quota: 0, listed: 0, inactive: 1, missing: 0 },
            quota: { used: 12, total: 50 },
          }),
        );
      },
    });
    await renderApp('/distribution');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Desk lamp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Wall lamp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Floor lamp' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Floor lamp' })); // changed my mind
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    const searchesBefore = searches(calls).length;
    await user.click(screen.getByRole('button', { name: 'Distribute selected' }));

    const result = await dialog();
    expect(await screen.findByRole('dialog')).toHaveTextContent('2 products added to your shop');
    expect(result.getByTestId('distribute-result')).toHaveTextContent('1 skipped:');
    expect(result.getByTestId('distribute-result')).toHaveTextContent('1: no longer offered by the supplier');
    expect(result.getByTestId('distribute-result')).not.toHaveTextContent('quota is full');
    expect(result.getByTestId('distribute-result')).toHaveTextContent('Quota used: 12 of 50');
    expect(posts(calls).map((p) => p.body)).toEqual([{ product_ids: [a.id, c.id] }]);

    // The list was asked again: the distributed products now carry the marker, the selection is gone.
    await waitFor(() => expect(searches(calls).length).toBeGreaterThan(searchesBefore));
    await waitFor(() => expect(screen.getAllByTestId('listed')).toHaveLength(2));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    await user.click(result.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("'Distribute all' asks first, names the category and search, and sends them", async () => {
    logIn();
    const { calls } = mockApi({
      ...frame,
      'GET /merchant/product/product': () => page([newCatalogueItem()]),
      'POST /merchant/product/addAll': () =>
        ok(
          newDistributeResult({
            added: 40,
            skipped: { quota: 25, listed: 3, inactive: 0, missing: 0 },
            quota: { used: 50, total: 50 },
          }),
        ),
    });
    await renderApp('/distribution?cat=11&q=case');
    await screen.findByTestId('product-card');
    await user.click(screen.getByRole('button', { name: 'Distribute all' }));
    const asked = await dialog();
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Add every product in “Phones” matching “case” to your shop, newest first, until your quota is full?',
    );
    await user.click(asked.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Distribute all' }));
    await user.click((await dialog()).getByRole('button', { name: 'Distribute' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toHaveTextContent('40 products added to your shop'),
    );
    const result = screen.getByTestId('distribute-result');
    expect(result).toHaveTextContent('28 skipped:');
    expect(result).toHaveTextContent('25: your quota is full');
    expect(result).toHaveTextContent('3: already in your shop');
    expect(posts(calls).map((p) => [p.path, p.body])).toEqual([
      ['/merchant/product/addAll', { keyword: 'case', category_id: 11 }],
    ]);
  });

  it('hot one-click distribution asks first, then says what it did; the Hot tab lists the hot products', async () => {
    logIn();
    const hot = newCatalogueItem({ title: 'Trending mug', hot: true, sales: 900 });
    const { calls } = mockApi({
      ...frame,
      'GET /merchant/product/product': () => page([newCatalogueItem()]),
      'GET /merchant/product/hot': () => page([hot]),
      'POST /merchant/product/addAllHot': () =>
        ok(newDistributeResult({ added: 0, skipped: { quota: 20, listed: 0, inactive: 0, missing: 0 } })),
    });
    await renderApp('/distribution');
    await user.click(await screen.findByRole('button', { name: 'Hot' }));
    expect(await screen.findByText('Trending mug')).toBeInTheDocument();
    expect(screen.getByText('Stock 250 · Sales 900')).toBeInTheDocument();
    // The hot list has no sort, and 'Distribute all' is the hot button there.
    expect(screen.queryByRole('combobox', { name: 'Sort' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Distribute all' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Hot one-click distribution' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Add the hot products to your shop');
    await user.click((await dialog()).getByRole('button', { name: 'Distribute' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog')).toHaveTextContent('0 products added to your shop'),
    );
    expect(screen.getByTestId('distribute-result')).toHaveTextContent('20: your quota is full');
    expect(posts(calls).map((p) => [p.path, p.body])).toEqual([['/merchant/product/addAllHot', {}]]);
  });

  it('a refused distribution is the server message in a toast', async () => {
    logIn();
    const item = newCatalogueItem({ title: 'Kettle' });
    mockApi({
      ...frame,
      'GET /merchant/product/product': () => page([item]),
      'POST /merchant/product/add': () => refusal('SELECT_PRODUCT', 'Please select a product'),
    });
    await renderApp('/distribution');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Kettle' }));
    await user.click(screen.getByRole('button', { name: 'Distribute selected' }));
    await expectToast('Please select a product');
    expect(screen.queryByTestId('distribute-result')).toBeNull();
  });

  it("empty: 'No products', and a search that finds nothing says so", async () => {
    logIn();
    mockApi({ ...frame, 'GET /merchant/product/product': () => page([]) });
    await renderApp('/distribution');
    expect(await screen.findByText('No products')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'zzz{Enter}');
    expect(await screen.findByText('No products match “zzz”')).toBeInTheDocument();
  });

  it('a failed search shows the reason with a retry, and no toast', async () => {
    logIn();
    let tries = 0;
    mockApi({
      ...frame,
      'GET /merchant/product/product': () =>
        ++tries <= 2 ? { status: 500, body: { code: 500, msg: 'boom' } } : page([newCatalogueItem()]),
    });
    await renderApp('/distribution');
    const alert = await screen.findByRole('alert', {});
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(screen.queryByTestId('announcer')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('product-card')).toBeInTheDocument();
  });
});
