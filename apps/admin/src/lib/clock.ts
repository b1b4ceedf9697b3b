import { useEffect, useState } from 'react';

/**
 * The page's clock, read again every `everyMs`: what a screen that counts time (the idle sign-out,
 * a withdrawal's promise) draws with. It reads `Date.now()`, so a fixed clock (Playwright's
 * `page.clock.setFixedTime` in the visual tests, `vi.setSystemTime` in unit tests) holds it still.
 */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
