import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { loadAllianceTexts } from '../features/alliance/texts';
import { loadExpressTexts } from '../features/express/texts';
import { loadHomeTexts } from '../features/home/texts';
import { loadMessagesTexts } from '../features/messages/texts';
import { loadShopTexts } from '../features/shop/texts';
import { documentNavigation } from '../lib/navigation';
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

/** Screens reached without a session. */
const publicScreens: RouteObject[] = [
  screen(paths.register, 'routes.register', () => import('../features/auth/screens/RegisterScreen')),
  screen(paths.forgetPwd, 'routes.forgetPwd', () => import('../features/auth/screens/ForgotPasswordScreen')),
];

/**
 * Screens under the tab bar: a tab shows once its line is here (TABS in tabs.tsx lists all four,
 * filtered by these paths).
 */
const tabScreens: RouteObject[] = [
  screen(paths.home, 'routes.home', () => import('../features/home/screens/HomeScreen'), loadHomeTexts),
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
  ...homeScreens(),
  ...messageScreens(),
  ...shopScreens(),
  ...expressScreens(),
];

/** Issue 12, the express lane and the alliance. */
function expressScreens(): RouteObject[] {
  return [
    screen(
      paths.storeExpress,
      'routes.storeExpress',
      () => import('../features/express/screens/StoreExpressScreen'),
      loadExpressTexts,
    ),
    screen(
      paths.buyTrainBill,
      'routes.buyTrainBill',
      () => import('../features/express/screens/BuyTrainBillScreen'),
      loadExpressTexts,
    ),
    screen(
      paths.alliance,
      'routes.alliance',
      () => import('../features/alliance/screens/AllianceScreen'),
      loadAllianceTexts,
    ),
  ];
}

/** Issue 12, shop settings: the entries, basic info, social links and the two banners. */
function shopScreens(): RouteObject[] {
  return [
    screen(
      paths.settingup,
      'routes.settingup',
      () => import('../features/shop/screens/SettingUpScreen'),
      loadShopTexts,
    ),
    screen(
      paths.baseinfo,
      'routes.baseinfo',
      () => import('../features/shop/screens/BaseInfoScreen'),
      loadShopTexts,
    ),
    screen(
      paths.socialmedia,
      'routes.socialmedia',
      () => import('../features/shop/screens/SocialMediaScreen'),
      loadShopTexts,
    ),
    screen(
      paths.uploadBanner,
      'routes.uploadBanner',
      () => import('../features/shop/screens/UploadBannerScreen'),
      loadShopTexts,
    ),
  ];
}

/** Issue 12, messages: system messages and notices, and one message. */
function messageScreens(): RouteObject[] {
  return [
    screen(
      paths.message,
      'routes.message',
      () => import('../features/messages/screens/MessageScreen'),
      loadMessagesTexts,
    ),
    screen(
      paths.messageDetail,
      'routes.messageDetail',
      () => import('../features/messages/screens/MessageDetailScreen'),
      loadMessagesTexts,
    ),
  ];
}

/** Issue 12, Home's drill-downs: the visitors per day and the buyers' ratings. */
function homeScreens(): RouteObject[] {
  return [
    screen(
      paths.visitors,
      'routes.visitors',
      () => import('../features/home/screens/VisitorsScreen'),
      loadHomeTexts,
    ),
    screen(
      paths.ratings,
      'routes.ratings',
      () => import('../features/home/screens/RatingsScreen'),
      loadHomeTexts,
    ),
  ];
}

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
