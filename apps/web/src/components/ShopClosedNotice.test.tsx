import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setupI18n } from '../test/render';
import { ShopClosedNotice, type ShopClosedNoticeProps } from './ShopClosedNotice';

async function show(props: ShopClosedNoticeProps) {
  await setupI18n();
  const router = createMemoryRouter([{ path: '/', element: <ShopClosedNotice {...props} /> }]);
  render(<RouterProvider router={router} />);
  return screen.getByTestId('shop-closed');
}

describe('ShopClosedNotice', () => {
  it("says the server's words, the reason as text, and links to customer service", async () => {
    const notice = await show({ reason: 'Counterfeit <b>goods</b>\nreported twice' });
    expect(notice).toHaveRole('status');
    expect(notice).toHaveTextContent('The store is closed, please contact customer service');
    expect(screen.getByText(/^Reason: Counterfeit <b>goods<\/b>/)).toBeInTheDocument();
    expect(notice.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service',
    );
  });

  it('without a reason, and without the link when the screen has its own', async () => {
    const notice = await show({ reason: null, contactLink: false, className: 'extra' });
    expect(notice).toHaveClass('extra');
    expect(notice).not.toHaveTextContent('Reason');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
