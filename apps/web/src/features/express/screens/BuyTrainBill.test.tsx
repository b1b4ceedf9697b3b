import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';
import { config, newPurchase } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const page = (list: unknown[]) => ok({ total: list.length, page: 1, limit: 20, list });

describe('express purchase records', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows each purchase: type, time, amount, active or expired, its products; filters by state', async () => {
    logIn();
    const active = newPurchase({ name: 'Weekly spotlight', price: '50.00' });
    const expired = newPurchase({
      name: 'Day pass',
      price: '5.00',
      days: 1,
      state: 'expired',
      products: [{ product_id: 7, listing_id: null, title: 'Old radio', image: null }],
    });
    const { calls } = mockApi({
      ...config,
      'GET /merchant/index/buy_train_bill': (call) => {
        const state = call.query.get('state');
        return page(state === 'expired' ? [expired] : state === 'active' ? [active] : [active, expired]);
      },
    });
    await renderApp('/buyTrainBill');
    const rows = await screen.findAllByTestId('purchase');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Weekly spotlight');
    await waitFor(() => expect(rows[0]).toHaveTextContent('$50.00'));
    expect(rows[0]).toHaveTextContent('Active');
    expect(within(rows[0]!).getByRole('list', { name: 'Products' })).toHaveTextContent('Desk lamp');
    expect(rows[1]).toHaveTextContent('Expired');
    expect(rows[1]).toHaveTextContent('Old radio (removed from the shop)');
    expect(rows[1]).toHaveTextContent('1 day');

    await user.click(screen.getByRole('button', { name: 'Expired' }));
    await waitFor(() => expect(screen.getAllByTestId('purchase')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Expired' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.at(-1)?.query.get('state')).toBe('expired');
    expect(screen.getByTestId('purchase')).toHaveTextContent('Day pass');
  });

  it('no purchases yet', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/index/buy_train_bill': () => page([]) });
    await renderApp('/buyTrainBill');
    expect(await screen.findByText('No express purchases yet')).toBeInTheDocument();
  });
});
