import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy screens are transformed on first use: give them time on a busy 2-core machine.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  document.body.innerHTML = ''; // toasts and popups live outside the rendered root
  localStorage.clear();
  sessionStorage.clear();
});
