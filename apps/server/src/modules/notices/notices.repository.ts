import type { NoticeKind } from '@dropdesk/contract/messages';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';

/**
 * Events a merchant is told about in the messages screen (user notices): the contract's
 * NOTICE_KINDS, so the app has a sentence for each (its `notice.<type>` text).
 */
export type NoticeType = NoticeKind;

/**
 * Stores a user notice inside the caller's transaction, so the notice exists exactly when the
 * outcome it tells of does. The title is a key (`notice.<type>`) with params the app fills in its
 * own language; no text is stored in one language.
 */
export async function notify(
  tx: Db,
  notice: {
    merchantId: number;
    type: NoticeType;
    params?: Record<string, string | number | null>;
    ref?: { type: string; id: number };
  },
  now: number,
): Promise<void> {
  await tx
    .insertInto('notices')
    .values({
      merchant_id: notice.merchantId,
      type: notice.type,
      title_key: `notice.${notice.type}`,
      params: JSON.stringify(notice.params ?? {}),
      ref_type: notice.ref?.type ?? null,
      ref_id: notice.ref?.id ?? null,
      created_at: now,
      read_at: null,
    })
    .execute();
}

/**
 * Tells an order's merchant about it (paid, cancelled, a refund asked or appealed, settled): the
 * notice names the order's number and an amount, and links to the order.
 */
export function notifyOrder(
  tx: Db,
  order: { id: number; merchant_id: number; order_no: string },
  type: NoticeType,
  amount: number,
  now: number,
): Promise<void> {
  return notify(
    tx,
    {
      merchantId: order.merchant_id,
      type,
      params: { order_no: order.order_no, amount: formatMoney(amount) },
      ref: { type: 'order', id: order.id },
    },
    now,
  );
}
