import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { paths } from '../lib/paths';
import { requireSession } from './guard';
import { Root, type RouteHandle } from './Root';
import { RouteError } from './RouteError';

type ScreenModule = () => Promise<{ default: ComponentType }>;

/**
 * A screen is a lazy chunk with its own error boundary and a translated title. A feature with its
 * own texts (`features/x/texts.ts`) passes their loader: fetched beside the chunk, not after it.
 */
function screen(path: string, title: string, load: ScreenModule, texts?: () => Promise<void>): RouteObject {
  const handle: RouteHandle = { title };
  return {
    path,
    handle,
    errorElement: <RouteError />,
    lazy: async () => {
      const [module] = await Promise.all([load(), texts?.()]);
      return { Component: module.default };
    },
  };
}

/** The login screen needs no query cache: it stays outside AppShell, so a first visit loads less. */
const loginScreen = screen(paths.login, 'routes.login', () => import('../features/auth/screens/LoginScreen'));

/** Screens reached without a session. */
const publicScreens: RouteObject[] = [
  screen(paths.register, 'routes.register', () => import('../features/auth/screens/RegisterScreen')),
  screen(paths.forgetPwd, 'routes.forgetPwd', () => import('../features/auth/screens/ForgotPasswordScreen')),
];

/**
 * Screens under the tab bar. Home is built by a later issue; it adds its line here and its tab
 * appears (TABS in tabs.tsx lists all four, filtered by these paths).
 */
const tabScreens: RouteObject[] = [
  screen(paths.product, 'routes.product', () => import('../features/catalogue/screens/ProductScreen')),
  screen(paths.order, 'routes.order', () => import('../features/orders/screens/OrderScreen')),
  screen(paths.my, 'routes.my', () => import('../features/account/screens/MyScreen')),
];

/** Screens that need a session, without the tab bar. */
const accountScreens: RouteObject[] = [
  screen(paths.setting, 'routes.setting', () => import('../features/account/screens/SettingsScreen')),
  screen(
    paths.personalInfo,
    'routes.personalInfo',
    () => import('../features/account/screens/PersonalInfoScreen'),
  ),
  screen(
    paths.changeLoginPassword,
    'routes.changeLoginPassword',
    () => import('../features/account/screens/ChangeLoginPasswordScreen'),
  ),
  screen(
    paths.setPaypwd,
    'routes.setPaypwd',
    () => import('../features/account/screens/SetPayPasswordScreen'),
  ),
  screen(
    paths.changePayPassword,
    'routes.changePayPassword',
    () => import('../features/account/screens/ChangePayPasswordScreen'),
  ),
  screen(paths.service, 'routes.service', () => import('../features/account/screens/ServiceScreen')),
  screen(paths.code, 'routes.code', () => import('../features/account/screens/InviteCodeScreen')),
  ...walletScreens(),
  screen(paths.idInfo, 'routes.idInfo', () => import('../features/kyc/screens/IdInfoScreen')),
  screen(paths.bank, 'routes.bank', () => import('../features/kyc/screens/BankScreen')),
  ...catalogueScreens(),
  ...orderScreens(),
];

/** Issue 11, orders: the order detail and the refund requests (the order list is the Order tab). */
function orderScreens(): RouteObject[] {
  return [
    screen(
      paths.orderDetail,
      'routes.orderDetail',
      () => import('../features/orders/screens/OrderDetailScreen'),
    ),
    screen(
      paths.refundRequest,
      'routes.refundRequest',
      () => import('../features/orders/screens/RefundRequestScreen'),
    ),
  ];
}

/** Issue 10, catalogue, levels and listing: the distribution centre, product management, detail, level. */
function catalogueScreens(): RouteObject[] {
  return [
    screen(
      paths.distribution,
      'routes.distribution',
      () => import('../features/catalogue/screens/DistributionScreen'),
    ),
    screen(paths.goods, 'routes.goods', () => import('../features/catalogue/screens/GoodsScreen')),
    screen(
      paths.goodsDetail,
      'routes.goodsDetail',
      () => import('../features/catalogue/screens/GoodsDetailScreen'),
    ),
    screen(paths.level, 'routes.level', () => import('../features/catalogue/screens/LevelScreen')),
  ];
}

/** Issue 4, wallet and ledger: each screen a lazy chunk behind the session. */
function walletScreens(): RouteObject[] {
  const topUp = () => import('../features/wallet/screens/TopUpScreen');
  const records = () => import('../features/wallet/screens/Records');
  return [
    screen(paths.recharge, 'routes.recharge', () => import('../features/wallet/screens/RechargeScreen')),
    screen(paths.walletRecharge, 'routes.walletRecharge', async () => ({
      default: (await topUp()).WalletRecharge,
    })),
    screen(paths.bankCardRecharge, 'routes.bankCardRecharge', async () => ({
      default: (await topUp()).BankCardRecharge,
    })),
    screen(paths.blockchainRecharge, 'routes.blockchainRecharge', async () => ({
      default: (await topUp()).BlockchainRecharge,
    })),
    screen(paths.rechargeRecord, 'routes.rechargeRecord', async () => ({
      default: (await records()).RechargeRecordScreen,
    })),
    screen(paths.withdraw, 'routes.withdraw', () => import('../features/wallet/screens/WithdrawScreen')),
    screen(paths.withdrawRecord, 'routes.withdrawRecord', async () => ({
      default: (await records()).WithdrawRecordScreen,
    })),
    screen(
      paths.fundsRecords,
      'routes.fundsRecords',
      () => import('../features/reports/screens/FundsRecordsScreen'),
    ),
    screen(paths.finance, 'routes.finance', () => import('../features/reports/screens/FinanceScreen')),
  ];
}

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
      loginScreen,
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
              ...accountScreens,
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
