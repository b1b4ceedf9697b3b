import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { routerOptions, routes } from '../app/router';
import { initI18n, switchLanguage } from '../lib/i18n';
import { useSession } from '../lib/session';
import { newMerInfo } from './factories';

/** English, so tests read like the user's story. */
export async function setupI18n() {
  await initI18n('en');
  await switchLanguage('en');
}

/** The real route table in a memory router, at `path`. */
export async function renderApp(path: string) {
  await setupI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path], ...routerOptions() });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

export function logIn(over: Parameters<typeof newMerInfo>[0] = {}) {
  const merinfo = newMerInfo(over);
  useSession.getState().login({ ...merinfo, token: 'tok-test' });
  return merinfo;
}

export function logOut() {
  useSession.setState({ token: null, merinfo: null, orderTotal: 0, handoffData: null });
}

/** Toasts render into document.body, outside the app root, and leave after a while. */
export async function expectToast(text: string | RegExp) {
  await waitFor(() => expect(document.body).toHaveTextContent(text));
}

/**
 * happy-dom lays nothing out, and antd-mobile's InfiniteScroll loads only an element with an
 * offsetParent: with one, every list end is "in view" at once, as on a tall screen. Returns the undo.
 */
export function listEndInView(): () => void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get: () => document.body,
  });
  return () => {
    delete (HTMLElement.prototype as { offsetParent?: unknown }).offsetParent;
  };
}
