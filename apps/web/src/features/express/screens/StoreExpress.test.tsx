import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import { config, newPackage, newShelfListing, shelfPage } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const buys = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/index/buy_train');

async function typePayPassword(digits: string) {
  fireEvent.change(await screen.findByTestId('express-pay-password'), { target: { value: digits } });
}

describe('shop express lane', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('lists the packages and what is featured now; says so when none is on sale', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/index/train': () => ok({ list: [], featured: 3 }),
    });
    await renderApp('/storeExpress');
    expect(await screen.findByText('No packages are on sale right now')).toBeInTheDocument();
    expect(screen.getByTestId('featured-now')).toHaveTextContent('3 products featured now');
    expect(screen.getByRole('link', { name: 'Express purchase records' })).toHaveAttribute(
      'href',
      '/buyTrainBill',
    );
  });

  it('choose a package, pick on-shelf products up to its count (featured ones locked), pay with the password', async () => {
    logIn();
    const pkg = newPackage({ name: 'Weekly spotlight', price: '50.00', days: 7, product_count: 2 });
    const featured = newShelfListing({ title: 'Desk lamp', recommended: true });
    const a = newShelfListing({ title: 'Kettle' });
    const b = newShelfListing({ title: 'Mug' });
    const c = newShelfListing({ title: 'Teapot' });
    let bought = false;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/index/train': () =>
        ok({ list: [pkg, newPackage({ name: 'Day pass', product_count: 1 })], featured: bought ? 3 : 1 }),
      'GET /merchant/product/manage': () => shelfPage([featured, a, b, c]),
      'POST /merchant/index/buy_train': (call) => {
        bought = true;
        const body = call.body as { listing_ids: number[] };
        return ok({
          purchase: {
            id: 9,
            package_id: pkg.id,
            name: pkg.name,
            price: pkg.price,
            days: 7,
            product_count: 2,
            starts_at: '2026-11-22T08:00:00.000Z',
            ends_at: '2026-11-29T08:00:00.000Z',
            state: 'active',
            products: body.listing_ids.map((id) => ({
              product_id: id + 1000,
              listing_id: id,
              title: 'x',
              image: null,
            })),
            created_at: '2026-11-22T08:00:00.000Z',
          },
          balance: '1184.50',
        });
      },
      'GET /merchant/merchant/getMerInfo': () => ok({}),
    });
    await renderApp('/storeExpress');
    const group = await screen.findByRole('group', { name: 'Choose a package' });
    const options = within(group).getAllByTestId('package');
    // The currency sign comes with the platform's config.
    await waitFor(() =>
      expect(options[0]).toHaveTextContent('Weekly spotlight7 days · up to 2 products$50.00'),
    );
    // No product list before a package is chosen.
    expect(screen.queryByTestId('shelf-listing')).toBeNull();
    await user.click(within(group).getByRole('radio', { name: /Weekly spotlight/ }));

    const picker = await screen.findByRole('group', { name: 'Choose the products to feature (up to 2)' });
    await waitFor(() => expect(within(picker).getAllByTestId('shelf-listing')).toHaveLength(4));
    const box = (name: string) => within(picker).getByRole('checkbox', { name: new RegExp(name) });
    expect(box('Desk lamp')).toBeDisabled();
    expect(within(picker).getAllByTestId('shelf-listing')[0]).toHaveTextContent('Featured now');
    expect(screen.getByRole('button', { name: 'Buy' })).toBeDisabled();
    await user.click(box('Kettle'));
    await user.click(box('Mug'));
    expect(screen.getByTestId('chosen')).toHaveTextContent('2 of 2 chosen');
    // The package's count is reached: the rest can't be chosen.
    expect(box('Teapot')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Buy Weekly spotlight' }));
    expect(sheet.getByTestId('pay-products')).toHaveTextContent('2');
    expect(sheet.getByTestId('pay-price')).toHaveTextContent('$50.00');
    await user.click(sheet.getByRole('button', { name: 'Pay and feature' }));
    expect(await sheet.findByText('Please enter the payment password')).toBeInTheDocument();
    expect(buys(calls)).toEqual([]);

    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and feature' }));
    await expectToast(/Bought: your products are featured until/);
    const [call] = buys(calls);
    expect(call?.body).toEqual({ id: pkg.id, pay_password: '123456', listing_ids: [a.id, b.id] });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The express lane was asked again: three featured now, and the choice is cleared.
    expect(await screen.findByText('3 products featured now')).toBeInTheDocument();
    expect(screen.queryByTestId('chosen')).toBeNull();
  });

  it('refusals: a short balance above the button with a top-up link, a product problem in the sheet; each retry after a refusal a new key', async () => {
    logIn();
    const pkg = newPackage({ name: 'Starter', product_count: 1 });
    const a = newShelfListing({ title: 'Kettle' });
    let tries = 0;
    const { calls } = mockApi({
      ...config,
      'GET /merchant/index/train': () => ok({ list: [pkg], featured: 0 }),
      'GET /merchant/product/manage': () => shelfPage([a]),
      'POST /merchant/index/buy_train': () => {
        tries += 1;
        if (tries === 1)
          return refusal('ALREADY_FEATURED', 'This product is already featured', {
            fields: { listing_ids: 'This product is already featured' },
          });
        return refusal('PACKAGE_BALANCE_SHORT', "Your balance is $15.50 short of this package's price", {
          missing: '15.50',
        });
      },
    });
    await renderApp('/storeExpress');
    await user.click(await screen.findByRole('radio', { name: /Starter/ }));
    await user.click(await screen.findByRole('checkbox', { name: /Kettle/ }));
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Buy Starter' }));
    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and feature' }));
    expect(await sheet.findByRole('alert')).toHaveTextContent('This product is already featured');
    expect(screen.getByTestId('express-pay-password')).toHaveValue('');

    await typePayPassword('123456');
    await user.click(sheet.getByRole('button', { name: 'Pay and feature' }));
    expect(
      await sheet.findByText("Your balance is $15.50 short of this package's price"),
    ).toBeInTheDocument();
    expect(sheet.getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/recharge');
    const keys = buys(calls).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    await act(async () => {
      await user.click(sheet.getByRole('button', { name: 'Cancel' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('no product on shelf: says so and leads to the distribution center', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/index/train': () => ok({ list: [newPackage({ name: 'Starter' })], featured: 0 }),
      'GET /merchant/product/manage': () => shelfPage([]),
    });
    await renderApp('/storeExpress');
    await user.click(await screen.findByRole('radio', { name: /Starter/ }));
    expect(await screen.findByText(/No products on shelf yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Distribution center' })).toHaveAttribute(
      'href',
      '/distribution',
    );
  });

  it('a failed load says why with a retry', async () => {
    logIn();
    let fail = true;
    mockApi({
      ...config,
      'GET /merchant/index/train': () =>
        fail ? { status: 500, body: { code: 500, msg: 'boom' } } : ok({ list: [], featured: 0 }),
    });
    await renderApp('/storeExpress');
    const retry = await screen.findByRole('button', { name: /retry|try again/i });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No packages are on sale right now')).toBeInTheDocument();
  });
});
