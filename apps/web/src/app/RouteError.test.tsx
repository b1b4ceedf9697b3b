import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../test/render';
import { RouteError } from './RouteError';

/** A route whose loader throws `error`, with the app's error boundary. */
function renderThrowing(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => {
          throw error;
        },
        element: <p>never</p>,
        errorElement: <RouteError />,
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('the screens’ error boundary (the kit’s RouteErrorScreen in the app’s words)', () => {
  beforeAll(() => setupI18n());

  it('says a screen ran into a problem, logs it, and offers a retry', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderThrowing(new Error('boom'));
    expect(await screen.findByRole('heading', { name: 'This screen ran into a problem' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Your data is safe.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('tells a screen that could not be downloaded apart', async () => {
    renderThrowing(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    expect(await screen.findByRole('heading', { name: "This screen couldn't be downloaded" })).toBeVisible();
  });
});
