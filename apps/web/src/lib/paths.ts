/**
 * Screen paths, exactly as the specification's route table spells them. Features link to each
 * other through these constants, so no feature imports another.
 */
export const paths = {
  login: '/login',
  register: '/register',
  forgetPwd: '/forgetPwd',
  home: '/home',
  product: '/product',
  distribution: '/distribution',
  goods: '/goods',
  goodsDetail: '/goodsDetail',
  level: '/level',
  order: '/order',
  orderDetail: '/orderDetail',
  refundRequest: '/refundRequest',
  my: '/my',
  setting: '/setting',
  personalInfo: '/personalInfo',
  changeLoginPassword: '/changeLoginPassword',
  changePayPassword: '/changePayPassword',
  setPaypwd: '/setPaypwd',
  /** The security centre: where the account is signed in, and its security history. */
  security: '/security',
  service: '/service',
  code: '/code',
  recharge: '/recharge',
  walletRecharge: '/walletRecharge',
  bankCardRecharge: '/bankCardRecharge',
  blockchainRecharge: '/blockchainRecharge',
  rechargeRecord: '/rechargeRecord',
  withdraw: '/withdraw',
  withdrawRecord: '/withdrawRecord',
  fundsRecords: '/fundsRecords',
  finance: '/finance',
  idInfo: '/idInfo',
  bank: '/bank',
  settingup: '/settingup',
  baseinfo: '/baseinfo',
  socialmedia: '/socialmedia',
  uploadBanner: '/uploadBanner',
  message: '/message',
  messageDetail: '/messageDetail',
  storeExpress: '/storeExpress',
  buyTrainBill: '/buyTrainBill',
  alliance: '/alliance',
  /** Home's drill-downs: the visitors per day, the buyers' ratings. */
  visitors: '/visitors',
  ratings: '/ratings',
  /** The offline check of a verifiable statement: open to anyone, logged in or not. */
  verify: '/verify',
} as const;

/**
 * Where a merchant lands after login, a handoff or a missing `redirect`: the Home dashboard, as the
 * specification says (until the dashboard was built, this was the My tab).
 */
export const HOME_PATH: string = paths.home;

/** A same-origin path we may send the user to (no `//host`, no scheme), else null. */
export function safePath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}
