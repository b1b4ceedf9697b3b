import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/router';
import { initI18n } from './lib/i18n';
import { BASENAME, paths } from './lib/paths';
import { getToken } from './lib/session';

// Without a session every address but sign-in goes there before the router starts, so no screen
// chunk (nor the layout's) is fetched for a signed-out visitor (TOOLCHAIN.md: redirect before lazy()).
const inner = window.location.pathname.slice(BASENAME.length) || '/';
if (!getToken() && !inner.startsWith(paths.login)) {
  const here = inner + window.location.search;
  const redirect = here !== '/' ? `?redirect=${encodeURIComponent(here)}` : '';
  window.history.replaceState(null, '', `${BASENAME}${paths.login}${redirect}`);
}

await initI18n();
const router = createBrowserRouter(routes, { basename: BASENAME });
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
