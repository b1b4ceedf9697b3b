import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { resetCurrencyForTests } from '../lib/money';
import { resetBuyerForTests } from '../lib/session';
import { assertNoUnmockedCalls } from './fake-api';

// Lazy pages are transformed on first use: give them time on a busy 2-core machine.
// How long a findBy/waitFor waits for what a person waits for, before it fails (the console's 15 s):
// the wait ends as soon as the screen shows it, so a longer limit slows only a failing test.
configure({ asyncUtilTimeout: 15_000 });

// Tests read English (the locales test checks the other six have every key).
beforeAll(() => initI18n('en'));

afterEach(() => {
  try {
    assertNoUnmockedCalls();
  } finally {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    resetBuyerForTests();
    resetCurrencyForTests();
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  }
});

// The test files of a worker share its modules (`isolate: false`, vite.config.ts): each file puts
// back, when it ends, the spies it set, for the next one (stubbed globals go after each test).
afterAll(() => {
  vi.restoreAllMocks();
});
