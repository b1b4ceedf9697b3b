import { render } from '@testing-library/react';
import { App } from '../app/App';
import { setBuyer } from '../lib/session';

/** The whole storefront opened at `path` (under /s/), as a browser would after the server's fallback. */
export function openAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

export function signIn(email = 'buyer@example.com') {
  setBuyer({ token: 'buyer-token-123', email });
}

// The test data, typed from the contract (factories.ts), kept importable from here too.
export * from './factories';
