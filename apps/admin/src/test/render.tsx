import type { OperatorRole } from '@dropdesk/contract/route';
import { ok } from '@dropdesk/test-kit/fake-api';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';
import { routes } from '../app/router';
import { initI18n, switchLanguage } from '../lib/i18n';
import { session } from '../lib/session';

/** The platform's currency as the server names it by default. */
export const USD = { code: 'USD', symbol: '$' };

/** English, so tests read like the operator's story. */
export async function setupI18n() {
  await initI18n('en');
  await switchLanguage('en');
}

/** The real route table in a memory router, at `path` (inside the console's base). */
export async function renderConsole(path: string) {
  await setupI18n();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  // The screen's code arrives first (lazy routes: a cold import takes seconds on a busy machine, and
  // the page is blank meanwhile), as a person waits for the page to load; then the test's own waits
  // are for what the screen shows.
  await waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 60_000 },
  );
  return { router, ...view };
}

/** A signed-in operator of `role`. */
export function signInAs(role: OperatorRole, over: { id?: number; username?: string } = {}) {
  const operator = { id: over.id ?? 7, username: over.username ?? `${role}-op`, role };
  session.signIn('tok-test', operator, 30, USD);
  return operator;
}

/**
 * Waits until `text` is on screen. (antd redraws parts of a screen when its locale arrives, so an
 * element found a moment ago may already be replaced: check the document, not an old element.)
 */
export async function shows(text: string | RegExp, options?: Parameters<typeof screen.getByText>[1]) {
  await waitFor(() => expect(screen.getAllByText(text, options).length).toBeGreaterThan(0));
}

/**
 * Waits until nothing on screen is loading (antd's Spin marks a table or a card `aria-busy` while
 * its data is on the way, and the overlay takes the clicks meanwhile): what a person waits for
 * before clicking a row that a new search has just brought.
 */
export async function loaded() {
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
}

/** The `me` every screen inside the layout asks for, as the signed-in operator of `signInAs`. */
export function meRoute(role: OperatorRole) {
  return {
    'GET /admin/me': () =>
      ok({ operator: { id: 7, username: `${role}-op`, role }, idle_minutes: 30, currency: USD }),
  };
}
