import '@testing-library/jest-dom/vitest';
import { assertNoUnmockedCalls } from '@dropdesk/test-kit/fake-api';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { rememberCurrency } from '../lib/money';
import { documentNavigation } from '../lib/navigation';
import { resetAppQueryClient } from '../lib/query';
import { useSession } from '../lib/session';
import { loadToast, unmountImperativeRoots } from '../lib/toast';

/** Where the app asked the browser to go with a full page load (the login page), newest last. */
export const pageLoads: string[] = [];
documentNavigation.replace = (url) => {
  pageLoads.push(url);
};

// Lazy screens are transformed on first use: give them time on a busy 2-core machine.
// How long a findBy/waitFor waits for what a person waits for, before it fails (the console's 15 s):
// the wait ends as soon as the screen shows it, so a longer limit slows only a failing test.
configure({ asyncUtilTimeout: 15_000 });

// Toasts load antd-mobile on first use; load it up front so no import is still running when a
// test file ends (vitest then reports it as an error after the environment is torn down).
beforeAll(async () => {
  await loadToast();
});

afterEach(() => {
  try {
    // A call to a route the test did not mock fails the test (see mockApi).
    assertNoUnmockedCalls();
  } finally {
    cleanup();
    unmountImperativeRoots(); // toasts and dialogs have roots of their own, outside cleanup's reach
    // A fresh QueryClient per test: no test sees another's data, whatever its session.
    resetAppQueryClient();
    rememberCurrency(null); // the next test reads the config again
    document.body.innerHTML = ''; // toasts and popups live outside the rendered root
    localStorage.clear();
    sessionStorage.clear();
    pageLoads.length = 0;
  }
});

// The test files of a worker share its modules (`isolate: false`, vite.config.ts): each file puts
// back, when it ends, what it may have changed for the next one (globals stubbed, spies, the
// session kept in memory). A fresh module per file cost two thirds of the suite's CPU.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState(useSession.getInitialState(), true);
});
