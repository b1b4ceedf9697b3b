import type { MessageItem, MessageType } from '@dropdesk/contract/messages';
import { ok } from '@dropdesk/test-kit/fake-api';
import { newConfig } from '../../../test/factories';

/** The messages feature's answers for component tests; override what the test cares about. */

let seq = 0;

/** Amounts are written with the platform's currency (USD, $), read from the public config. */
export const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

/** An unread notice: order T100 paid, linking to order 7. */
export function newNotice(over: Partial<MessageItem> = {}): MessageItem {
  seq += 1;
  return {
    id: seq,
    type: 'notice',
    kind: 'order_paid',
    title_key: 'notice.order_paid',
    params: { order_no: 'T100', amount: '23.00' },
    title: null,
    body: null,
    sender: 'system',
    created_at: '2026-11-20T08:00:00.000Z',
    read: false,
    link: { type: 'order', id: 7 },
    ...over,
  };
}

/** An unread broadcast from the platform team. */
export function newSystemMessage(over: Partial<MessageItem> = {}): MessageItem {
  seq += 1;
  return {
    id: seq,
    type: 'system',
    kind: 'broadcast',
    title_key: null,
    params: null,
    title: 'Maintenance tonight',
    body: 'From 01:00 to 02:00.\nOrders keep their state.',
    sender: 'platform',
    created_at: '2026-11-21T08:00:00.000Z',
    read: false,
    link: null,
    ...over,
  };
}

/** A page of index/notice with the unread counts of both tabs. */
export const messagePage = (
  list: MessageItem[],
  unread: Record<MessageType, number>,
  { total = list.length, page = 1, limit = 20 } = {},
) => ok({ total, page, limit, list, unread });
