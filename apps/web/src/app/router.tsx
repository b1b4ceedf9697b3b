import { type RouteObject, redirect } from 'react-router';
import { loadLedgerTexts } from '../features/ledger/texts';
import { documentNavigation } from '../lib/navigation';
import { paths } from '../lib/paths';
import { requireSession } from './guard';
import { Root, type RouteHandle } from './Root';
import { RouteError } from './RouteError';
import { screen } from './screen';

/**
 * /login is not a screen of the app but a page of its own (src/login: prerendered HTML and a small
 * script), which the server sends for /login. The app reaches it with a full page load, keeping the
 * query (`redirect`) and dropping a handoff's `data`, which the app has already used at start.
 */
const loginPage: RouteObject = {
  path: paths.login,
  handle: { title: 'routes.login' } satisfies RouteHandle,
  loader: ({ request }) => {
    const url = new URL(request.url);
    url.searchParams.delete('data');
    documentNavigation.replace(`${paths.login}${url.search}`);
    return null;
  },
  Component: () => null,
};

/**
 * /home is not a screen of the app either but a page of its own (src/home: prerendered per language,
 * filled by a small script), which the server sends for /home: the app reaches it with a full page
 * load, as a new history entry (back returns to the screen left).
 */
const homePage: RouteObject = {
  path: paths.home,
  handle: { title: 'routes.home' } satisfies RouteHandle,
  loader: () => {
    documentNavigation.assign(paths.home);
    return null;
  },
  Component: () => null,
};

/**
 * Screens reached without a session. /verify too: a statement is checked where it is, by whoever
 * holds it (the merchant, an accountant, an auditor), and the check needs no account.
 */
const publicScreens: RouteObject[] = [
  screen(paths.register, 'routes.register', () => import('../features/auth/screens/RegisterScreen')),
  screen(paths.forgetPwd, 'routes.forgetPwd', () => import('../features/auth/screens/ForgotPasswordScreen')),
  screen(
    paths.verify,
    'routes.verify',
    () => import('../features/ledger/screens/VerifyScreen'),
    loadLedgerTexts,
  ),
];

/**
 * Screens under the tab bar: a tab shows once its line is here (TABS in tabs.tsx lists all four,
 * filtered by these paths).
 */
const tabScreens: RouteObject[] = [
  homePage,
  screen(paths.product, 'routes.product', () => import('../features/catalogue/screens/ProductScreen')),
  screen(paths.order, 'routes.order', () => import('../features/orders/screens/OrderScreen')),
  screen(paths.my, 'routes.my', () => import('../features/account/screens/MyScreen')),
];

/**
 * While the first screen's lazy chunks load: the brand mark index.html shows before the scripts
 * (its inline `.boot` style), so the page neither flashes blank nor logs React Router's warning.
 */
function HydrateFallback() {
  return (
    <div className="boot">
      <svg aria-hidden="true" width="48" height="48" viewBox="0 0 64 64">
        <rect width="64" height="64" rx="14" fill="#1467e0" />
        <path d="M18 16h14c10 0 16 6.5 16 16s-6 16-16 16H18z" fill="#fff" />
        <path d="M26 24h6c5 0 8 3 8 8s-3 8-8 8h-6z" fill="#1467e0" />
      </svg>
    </div>
  );
}

export const tabPaths: ReadonlySet<string> = new Set(tabScreens.map((r) => r.path as string));

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    HydrateFallback,
    children: [
      { index: true, loader: () => redirect(paths.login) },
      loginPage,
      {
        id: 'shell',
        lazy: async () => ({ Component: (await import('./AppShell')).default }),
        children: [
          ...publicScreens,
          {
            id: 'session',
            loader: requireSession,
            children: [
              {
                lazy: async () => ({ Component: (await import('./TabLayout')).default }),
                errorElement: <RouteError />,
                children: tabScreens,
              },
              // The other screens join here on first use (routerOptions).
            ],
          },
          {
            path: '*',
            handle: { title: 'routes.notFound' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./NotFound')).default }),
          },
        ],
      },
    ],
  },
];

/**
 * Options of every router of this table (main.tsx, the tests): the screens of more-screens.tsx are
 * added under the session route the first time an address matches none of the routes above (the
 * catch-all included), fetched once per router.
 */
export function routerOptions() {
  let more: Promise<void> | undefined;
  return {
    patchRoutesOnNavigation: ({
      patch,
    }: {
      patch: (routeId: string | null, children: RouteObject[]) => void;
    }) => {
      more ??= import('./more-screens').then((m) => patch('session', m.moreScreens()));
      return more;
    },
  };
}
