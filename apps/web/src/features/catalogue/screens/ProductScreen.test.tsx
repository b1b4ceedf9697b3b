import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderBadge } from '../../../test/factories';
import { logIn, logOut, renderApp } from '../../../test/render';
import { config, newCounts } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

describe('the Product tab', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shop at a glance from one row of manage, and the ways in', async () => {
    logIn();
    const { calls } = mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/product/manage': () =>
        ok({
          total: 9,
          page: 1,
          limit: 1,
          list: [],
          counts: newCounts({ selling: 7, warehouse: 2, total: 50 }),
        }),
    });
    await renderApp('/product');
    expect(await screen.findByTestId('count-selling')).toHaveTextContent('7Selling');
    expect(screen.getByTestId('count-warehouse')).toHaveTextContent('2In warehouse');
    expect(screen.getByTestId('count-quota')).toHaveTextContent('9/50Quota');
    expect(screen.getByText('Quota used: 9 of 50')).toBeInTheDocument();
    const manage = calls.find((c) => c.path === '/merchant/product/manage');
    expect(manage?.query.get('limit')).toBe('1');
    expect(manage?.query.get('status')).toBe('all');

    expect(screen.getByRole('link', { name: 'Distribution center' })).toHaveAttribute(
      'href',
      '/distribution',
    );
    expect(screen.getByRole('link', { name: 'Product management' })).toHaveAttribute('href', '/goods');
    expect(screen.getByRole('link', { name: 'Seller level' })).toHaveAttribute('href', '/level');
    expect(screen.getByTestId('count-selling')).toHaveAttribute('href', '/goods?status=selling');

    // The tab bar has the Product tab, marked current.
    const tabs = screen.getByRole('navigation', { name: 'Main sections' });
    expect(within(tabs).getByRole('link', { name: 'Product' })).toHaveAttribute('aria-current', 'page');
  });

  it('a failed load shows the reason and a retry', async () => {
    logIn();
    let tries = 0;
    mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/product/manage': () =>
        ++tries <= 2
          ? 'network-error'
          : ok({ total: 0, page: 1, limit: 1, list: [], counts: newCounts({ selling: 0, warehouse: 0 }) }),
    });
    await renderApp('/product');
    const alert = await screen.findByRole('alert', {});
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('count-selling')).toHaveTextContent('0Selling');
  });
});
