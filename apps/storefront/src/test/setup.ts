import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { resetCurrencyForTests } from '../lib/money';
import { resetBuyerForTests } from '../lib/session';
import { assertNoUnmockedCalls } from './fake-api';

// Lazy pages are transformed on first use: give them time on a busy 2-core machine.
configure({ asyncUtilTimeout: 4000 });

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
