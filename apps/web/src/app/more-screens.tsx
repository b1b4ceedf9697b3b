import type { RouteObject } from 'react-router';
import { loadAllianceTexts } from '../features/alliance/texts';
import { loadExpressTexts } from '../features/express/texts';
import { loadHomeTexts } from '../features/home/texts';
import { loadMessagesTexts } from '../features/messages/texts';
import { loadSecurityTexts } from '../features/security/texts';
import { loadShopTexts } from '../features/shop/texts';
import { paths } from '../lib/paths';
import { screen } from './screen';

/*
 * The screens outside the tab bar and the sign-in pages: not part of the app's entry. The router
 * asks for this module the first time an address matches none of the routes it has
 * (router.tsx, patchRoutesOnNavigation), and adds these under the session route. So the entry
 * stays the same size however many screens later issues add.
 */

/** Screens that need a session, without the tab bar. */
export function moreScreens(): RouteObject[] {
  return [
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
    screen(
      paths.security,
      'routes.security',
      () => import('../features/security/screens/SecurityScreen'),
      loadSecurityTexts,
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
}

/** The express lane and the alliance. */
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

/** Shop settings: the entries, basic info, social links and the two banners. */
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

/** Messages: system messages and notices, and one message. */
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

/** Home's drill-downs: the visitors per day and the buyers' ratings. */
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

/** Orders: the order detail and the refund requests (the order list is the Order tab). */
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

/** Catalogue, levels and listing: the distribution centre, product management, detail, level. */
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

/** Wallet and ledger: each screen a lazy chunk behind the session. */
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
