// The payments module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { paymentsRepository } from './payments.repository';

export type { PaymentRow } from './payments.repository';
export { paymentsOf } from './payments.routes';
export type { PaymentOut, Payments } from './payments.service';

/** The latest payment of each order (the buyer's order pages). */
export const orderPayments = { latestOf: paymentsRepository.latestOf };
