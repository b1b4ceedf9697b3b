import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
// antd-mobile's theme variables (--adm-color-border, --adm-font-size-*...): its components are
// imported one by one, which leaves them out, and without them borders and backgrounds vanish.
import 'antd-mobile/es/global';
import './app/global.css';
import { routerOptions, routes } from './app/router';
import { takeFlash } from './lib/flash';
import { i18n, initI18n } from './lib/i18n';
import { documentNavigation } from './lib/navigation';
import { paths } from './lib/paths';
import { toast } from './lib/toast';

// A lazy screen whose chunk is gone (a new deployment) raises `vite:preloadError`; the import
// then rejects and the route's error boundary offers a reload, so Vite's default is kept.

async function start() {
  // The server redirects "/" to /login; a server without the built login page (Vite's dev
  // server serves it too: vite.config.ts) may not, so the app does it before the router exists.
  if (window.location.pathname === '/') {
    window.history.replaceState(null, '', `${paths.login}${window.location.search}${window.location.hash}`);
  }
  const locale = initI18n();
  if (new URLSearchParams(window.location.search).has('data')) {
    // Start-up handoff first: it decides which screen to show.
    // Loaded only then: a partner's handoff is rare, and it brings the HTTP client into the start.
    const [{ runHandoff }] = await Promise.all([import('./features/auth/handoff'), locale]);
    const target = await runHandoff(window.location);
    if (target) window.history.replaceState(null, '', target);
  }
  // The router starts fetching the current screen's chunk at once, alongside the locale.
  const router = createBrowserRouter(routes, routerOptions());
  await locale;
  // Draw once the screen's chunk is in: until then the brand mark stays, instead of an empty page.
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  const root = document.getElementById('root')!;
  // A transition: React renders the first screen in slices, yielding to the browser between them,
  // so a slow phone's main thread is never held for the whole render (a long task blocks taps).
  startTransition(() => createRoot(root).render(<RouterProvider router={router} />));

  // Leaving for the login page: its message is the login page's to show.
  const flash = documentNavigation.leaving ? null : takeFlash();
  if (flash) (flash.kind === 'fail' ? toast.fail : toast.success)(flash.text);
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root)
    root.textContent = i18n.isInitialized ? i18n.t('errors.start') : 'Dropdesk: please reload the page.';
});
