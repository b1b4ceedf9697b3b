// The orders module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { ordersRepository } from './orders.repository';
import { stockRepository } from './stock.repository';

export { moneyTrailOf, ratingOf, refundItemOf, timelineOf } from './order.views';
export { OrderJobs, orderJobsPlugin } from './order-jobs';
export { paymentJournal, refundJournal } from './order-money';
export { moveOrder, type OrderScope, recordEvent, scoped, updateOrderIn } from './transitions';

/** A merchant's orders counted by status (the console's merchant page). */
export const orderCounts = { countsByStatus: ordersRepository.countsByStatus };

/** Stock and units sold, which checkout, payment and the buyer's cancel move with the order. */
export const orderStock = {
  take: stockRepository.take,
  release: stockRepository.release,
  addSales: stockRepository.addSales,
};
