import { paths } from '../../lib/paths';

/** The orders feature's screen paths (lib/paths.ts, as the specification's route table spells them). */
export const orderPaths = {
  order: paths.order,
  orderDetail: paths.orderDetail,
  refundRequest: paths.refundRequest,
  /** Where a short balance is topped up. */
  recharge: paths.recharge,
  setPaypwd: paths.setPaypwd,
} as const;

/** An order's detail. */
export const orderDetailPath = (id: number) => `${orderPaths.orderDetail}?id=${id}`;
