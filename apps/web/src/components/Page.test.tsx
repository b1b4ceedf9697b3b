import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routerOptions, routes } from '../app/router';
import { newConfig, orderBadge } from '../test/factories';
import { logIn, logOut, renderApp, setupI18n } from '../test/render';

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** /my, where the back arrow of a screen opened directly leads (a tab screen: it asks for the Order badge). */
const myScreen = (merinfo: ReturnType<typeof logIn>) => ({
  'GET /merchant/merchant/getMerInfo': () => ok(merinfo),
  'GET /merchant/common/config': () => ok(newConfig()),
  ...orderBadge(),
});

describe('the back arrow', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it("on a screen opened directly (a link, a bookmark), goes to its tab's root instead of leaving the app", async () => {
    mockApi(myScreen(logIn()));
    const { router } = await renderApp('/changeLoginPassword');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my'));
    // Replaced, so the browser's back does not return to the screen just left.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('on a screen reached inside the app, goes back to where the merchant came from', async () => {
    mockApi(myScreen(logIn()));
    await setupI18n();
    const router = createMemoryRouter(routes, { initialEntries: ['/my'], ...routerOptions() });
    render(<RouterProvider router={router} />);
    await screen.findByRole('link', { name: /Settings/ });
    await act(() => router.navigate('/setting'));
    await act(() => router.navigate('/changeLoginPassword'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/setting'));
    expect(router.state.historyAction).toBe('POP');
  });
});
