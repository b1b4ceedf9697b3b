import { paths } from '../../lib/paths';

/** The home feature's screens and where its figures and shortcuts lead (lib/paths.ts). */
export const homePaths = {
  home: paths.home,
  visitors: paths.visitors,
  ratings: paths.ratings,
  order: paths.order,
  orderDetail: paths.orderDetail,
  settingup: paths.settingup,
  refundRequest: paths.refundRequest,
  storeExpress: paths.storeExpress,
  service: paths.service,
  withdraw: paths.withdraw,
  distribution: paths.distribution,
} as const;

/** The orders the sales figures are made of: every sold order, or those paid on one day (YYYY-MM-DD). */
export const soldOrdersPath = (paidDay?: string) =>
  paidDay === undefined
    ? `${homePaths.order}?sold=1`
    : `${homePaths.order}?sold=1&paid_day=${encodeURIComponent(paidDay)}`;

/** The days the visitors screen offers (the contract allows up to VISIT_DAYS_MAX = 90). */
export const VISIT_DAY_CHOICES = [7, 30, 90] as const;
export type VisitDays = (typeof VISIT_DAY_CHOICES)[number];

/** The visitors per day over the last `days`. */
export const visitorsPath = (days: VisitDays) => `${homePaths.visitors}?days=${days}`;

/** An order's detail (from a rating). */
export const orderDetailPath = (id: number) => `${homePaths.orderDetail}?id=${id}`;
