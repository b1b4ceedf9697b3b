import '@testing-library/jest-dom/vitest';
import { assertNoUnmockedCalls } from '@dropdesk/test-kit/fake-api';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { clearFlash } from '../lib/flash';
import { navigation } from '../lib/http';
import { resetAppQueryClient } from '../lib/query';
import { session } from '../lib/session';

/** Where the console sent the browser for sign-in (a full page load in the app), newest last. */
export const signInLoads: number[] = [];
navigation.toSignIn = () => {
  signInLoads.push(Date.now());
};

// Lazy screens are transformed on first use: give them time on a busy 2-core machine.
configure({ asyncUtilTimeout: 15_000 });

// antd reads matchMedia (Grid, Table) and getComputedStyle; happy-dom has the second only.
if (!window.matchMedia) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

afterEach(() => {
  try {
    assertNoUnmockedCalls();
  } finally {
    cleanup();
    resetAppQueryClient();
    localStorage.clear();
    sessionStorage.clear();
    session.reload();
    document.body.innerHTML = '';
    signInLoads.length = 0;
    clearFlash();
  }
});

// The test files of a worker share its modules (`isolate: false`, vite.config.ts): each file puts
// back, when it ends, the globals it stubbed and the spies it set, for the next one.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
