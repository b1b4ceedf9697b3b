import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
// antd-mobile's theme variables (--adm-color-border, --adm-font-size-*...): its components are
// imported one by one, which leaves them out, and without them borders and backgrounds vanish.
import 'antd-mobile/es/global';
import './app/global.css';
import { routes } from './app/router';
import { runHandoff } from './features/auth/handoff';
import { FLASH_KEY } from './lib/http';
import { i18n, initI18n } from './lib/i18n';
import { paths } from './lib/paths';
import { toast } from './lib/toast';

// A lazy screen whose chunk is gone (a new deployment) raises `vite:preloadError`; the import
// then rejects and the route's error boundary offers a reload, so Vite's default is kept.

async function start() {
  // Redirect "/" before the router exists, so no lazy screen of "/" is fetched for nothing.
  if (window.location.pathname === '/') {
    window.history.replaceState(null, '', `${paths.login}${window.location.search}${window.location.hash}`);
  }
  const locale = initI18n();
  if (new URLSearchParams(window.location.search).has('data')) {
    // Start-up handoff first: it decides which screen to show.
    await locale;
    const target = await runHandoff(window.location);
    if (target) window.history.replaceState(null, '', target);
  }
  // The router starts fetching the current screen's chunk at once, alongside the locale.
  const router = createBrowserRouter(routes);
  await locale;
  createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);

  const flash = sessionStorage.getItem(FLASH_KEY);
  if (flash) {
    sessionStorage.removeItem(FLASH_KEY);
    toast.fail(flash);
  }
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root)
    root.textContent = i18n.isInitialized ? i18n.t('errors.start') : 'Dropdesk: please reload the page.';
});
