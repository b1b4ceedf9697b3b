import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import type { OrderRow } from '../../db/schema';
import { Refusal } from '../../lib/refusal';
import { type JournalInput, type PostedJournal, post, walletBalance } from '../ledger';

/**
 * An order's money, each movement one journal through the ledger (docs/design.md §5 "Orders", "Refunds";
 * docs/orders.md "Money"). Only these functions post order journals, each inside the caller's
 * transaction and beside the order's status change:
 *
 * | when | journal | postings |
 * |---|---|---|
 * | the buyer's payment is confirmed | `order_payment` | deposit_clearing −total, escrow +total |
 * | the merchant picks up | `order_pickup` | wallet −cost_total, supplier_payable +cost_total |
 * | a refund is paid (approved, arbitrated, or a paid order cancelled) | `refund` | escrow −amount, payout_clearing +amount; and, for an order picked up but not shipped, supplier_payable −cost, wallet +cost |
 * | the after-sales window closes | `settlement` | escrow −(total − refunded), wallet +(total − refunded) |
 *
 * Money from outside (a buyer's payment) enters through `deposit_clearing` like a top-up, and money
 * leaving (a buyer's refund) through `payout_clearing` like a withdrawal. The escrow of an order
 * holds what its buyer paid until it is refunded or settled, so it never holds less than the
 * pickup cost (price ≥ cost at any margin ≥ 0).
 */

const wallet = (merchantId: number) => ({ merchantId, kind: 'wallet' }) as const;

export function paymentJournal(
  tx: Db,
  order: OrderRow,
  paymentId: number,
  at: number,
): Promise<PostedJournal> {
  return post(tx, {
    type: 'order_payment',
    merchantId: order.merchant_id,
    ref: { type: 'payment', id: paymentId },
    at,
    postings: [
      { account: { platform: 'deposit_clearing' }, amount: -order.total },
      { account: { platform: 'escrow' }, amount: order.total },
    ],
  });
}

/**
 * The pickup's journal: the order's cost from the wallet to the supplier. A wallet short of it is
 * refused with BALANCE_SHORT saying how much is missing (the caller's transaction then rolls back).
 */
export async function pickupJournal(tx: Db, order: OrderRow, at: number): Promise<PostedJournal> {
  try {
    return await post(tx, {
      type: 'order_pickup',
      merchantId: order.merchant_id,
      ref: { type: 'order', id: order.id },
      at,
      postings: [
        { account: wallet(order.merchant_id), amount: -order.cost_total },
        { account: { platform: 'supplier_payable' }, amount: order.cost_total },
      ],
    });
  } catch (error) {
    if (!(error instanceof Refusal) || error.key !== 'INSUFFICIENT_BALANCE') throw error;
    const balance = await walletBalance(tx, order.merchant_id);
    throw new Refusal('BALANCE_SHORT', undefined, 200, {
      missing: formatMoney(Math.max(order.cost_total - balance, 1)),
    });
  }
}

/**
 * A refund of `amount` to the buyer from escrow, and, when `returnCost`, the cost the merchant paid
 * at pickup back to the wallet (an order refunded before it shipped: the goods never left).
 */
export function refundJournal(
  tx: Db,
  order: OrderRow,
  refund: { amount: number; returnCost: boolean; refId: { type: 'refund' | 'order'; id: number } },
  at: number,
): Promise<PostedJournal> {
  const postings: JournalInput['postings'] = [
    { account: { platform: 'escrow' }, amount: -refund.amount },
    { account: { platform: 'payout_clearing' }, amount: refund.amount },
  ];
  const cost = refund.returnCost ? order.cost_paid - order.cost_returned : 0;
  if (cost > 0)
    postings.push(
      { account: { platform: 'supplier_payable' }, amount: -cost },
      { account: wallet(order.merchant_id), amount: cost },
    );
  return post(tx, { type: 'refund', merchantId: order.merchant_id, ref: refund.refId, at, postings });
}

/** What settlement pays into the wallet: what the buyer paid less what was refunded. */
export function settlementAmount(order: OrderRow): number {
  return order.total - order.refunded;
}

/** The settlement's journal; null when a full refund left nothing to pay. */
export async function settlementJournal(tx: Db, order: OrderRow, at: number): Promise<PostedJournal | null> {
  const amount = settlementAmount(order);
  if (amount <= 0) return null;
  return post(tx, {
    type: 'settlement',
    merchantId: order.merchant_id,
    ref: { type: 'order', id: order.id },
    at,
    postings: [
      { account: { platform: 'escrow' }, amount: -amount },
      { account: wallet(order.merchant_id), amount },
    ],
  });
}
