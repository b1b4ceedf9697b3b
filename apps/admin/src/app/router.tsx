import type { RouteObject } from 'react-router';
import { currentLang } from '../lib/i18n';
import { paths } from '../lib/paths';
import { requireSession } from './guard';
import { Root, type RouteHandle } from './Root';
import { RouteError } from './RouteError';
import { screen } from './screen';

/** Strip the leading slash: children of the layout are relative. */
const rel = (p: string) => p.replace(/^\//, '');

/** Every screen after sign-in, inside the layout (its side menu hides what a role can't use). */
const consoleScreens: RouteObject[] = [
  screen(undefined, 'routes.overview', () => import('../features/overview/screens/OverviewScreen')),
  screen(paths.recharges, 'routes.recharges', () => import('../features/queues/screens/RechargesScreen')),
  screen(
    paths.withdrawals,
    'routes.withdrawals',
    () => import('../features/queues/screens/WithdrawalsScreen'),
  ),
  screen(paths.kyc, 'routes.kyc', () => import('../features/queues/screens/KycScreen')),
  screen(paths.appeals, 'routes.appeals', () => import('../features/queues/screens/AppealsScreen')),
  screen(paths.orders, 'routes.orders', () => import('../features/orders/screens/OrdersScreen')),
  screen(paths.orderPattern, 'routes.order', () => import('../features/orders/screens/OrderScreen')),
  screen(paths.settings, 'routes.settings', () => import('../features/settings/screens/SettingsScreen')),
  screen(paths.chain, 'routes.chain', () => import('../features/settings/screens/ChainScreen')),
  screen(paths.messages, 'routes.messages', () => import('../features/messages/screens/MessagesScreen')),
  screen(
    paths.bulkShipping,
    'routes.bulkShipping',
    () => import('../features/orders/screens/BulkShippingScreen'),
  ),
  screen(paths.merchants, 'routes.merchants', () => import('../features/merchants/screens/MerchantsScreen')),
  screen(
    paths.merchantPattern,
    'routes.merchant',
    () => import('../features/merchants/screens/MerchantScreen'),
  ),
  screen(
    paths.adjustments,
    'routes.adjustments',
    () => import('../features/merchants/screens/AdjustmentsScreen'),
  ),
  screen(paths.operators, 'routes.operators', () => import('../features/operators/screens/OperatorsScreen')),
  screen(paths.audit, 'routes.audit', () => import('../features/operators/screens/AuditScreen')),
  screen(paths.products, 'routes.products', () => import('../features/catalogue/screens/ProductsScreen')),
  screen(
    paths.categories,
    'routes.categories',
    () => import('../features/catalogue/screens/CategoriesScreen'),
  ),
  screen(
    paths.productImport,
    'routes.productImport',
    () => import('../features/catalogue/screens/ImportScreen'),
  ),
  screen(paths.levels, 'routes.levels', () => import('../features/catalogue/screens/LevelsScreen')),
  screen(paths.packages, 'routes.packages', () => import('../features/catalogue/screens/PackagesScreen')),
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      screen(paths.login, 'routes.login', () => import('../features/auth/screens/SignInScreen')),
      {
        id: 'session',
        path: '/',
        loader: requireSession,
        // antd's texts in the operator's language before the layout renders (lib/antd-locale.ts).
        lazy: async () => {
          const [layout, locale] = await Promise.all([
            import('./ConsoleLayout'),
            import('../lib/antd-locale'),
          ]);
          await locale.loadAntdLocale(currentLang());
          return { Component: layout.default };
        },
        errorElement: <RouteError />,
        children: [
          ...consoleScreens.map((r) => (r.path ? { ...r, path: rel(r.path) } : r)),
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
