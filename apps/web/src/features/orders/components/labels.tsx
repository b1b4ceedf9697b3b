import type { OrderStatus, RefundStatus, Settlement } from '@dropdesk/contract/orders';
import { useTranslation } from 'react-i18next';
import list from '../../../components/list.module.css';
import styles from './orders.module.css';

/** The specification's status labels, each a literal key. */
export function useOrderStatusLabel() {
  const { t } = useTranslation();
  const labels: Record<OrderStatus, string> = {
    0: t('orders.status.unpaid'),
    5: t('orders.status.awaitingPickup'),
    1: t('orders.status.awaitingShipment'),
    2: t('orders.status.shipped'),
    6: t('orders.status.inTransit'),
    7: t('orders.status.reached'),
    3: t('orders.status.received'),
    4: t('orders.status.completed'),
    [-1]: t('orders.status.cancelled'),
  };
  // A status this app does not know yet (a newer server) shows its number rather than nothing.
  return (status: number) => labels[status as OrderStatus] ?? String(status);
}

export function useSettlementLabel() {
  const { t } = useTranslation();
  const labels: Record<Settlement, string> = {
    0: t('orders.settlement.none'),
    1: t('orders.settlement.pending'),
    2: t('orders.settlement.settled'),
  };
  return (settlement: number) => labels[settlement as Settlement] ?? String(settlement);
}

export function useRefundStatusLabel() {
  const { t } = useTranslation();
  const labels: Record<RefundStatus, string> = {
    pending: t('orders.refundStatus.pending'),
    approved: t('orders.refundStatus.approved'),
    rejected: t('orders.refundStatus.rejected'),
    appealed: t('orders.refundStatus.appealed'),
    appeal_refunded: t('orders.refundStatus.appealRefunded'),
    appeal_rejected: t('orders.refundStatus.appealRejected'),
  };
  return (status: RefundStatus) => labels[status];
}

type Tone = 'action' | 'info' | 'ok' | 'muted' | 'warn' | undefined;

/** Colour tells "your move" (awaiting pickup) from "moving" and "done"; the words say it too. */
const STATUS_TONE: Partial<Record<number, Tone>> = {
  5: 'action',
  1: 'info',
  2: 'info',
  6: 'info',
  7: 'info',
  3: 'ok',
  4: 'ok',
  [-1]: 'muted',
};

const REFUND_TONE: Record<RefundStatus, Tone> = {
  pending: 'action',
  approved: 'warn',
  rejected: 'muted',
  appealed: 'action',
  appeal_refunded: 'warn',
  appeal_rejected: 'muted',
};

/** A status label: the shared badge, kept on one line. */
const badgeClass = `${list.badge} ${styles.oneLine}`;

export function OrderStatusBadge({ status }: { status: number }) {
  const label = useOrderStatusLabel();
  return (
    <span className={badgeClass} data-tone={STATUS_TONE[status]} data-testid="order-status">
      {label(status)}
    </span>
  );
}

export function SettlementBadge({ settlement }: { settlement: number }) {
  const label = useSettlementLabel();
  return (
    <span className={badgeClass} data-tone={settlement === 2 ? 'ok' : undefined} data-testid="settlement">
      {label(settlement)}
    </span>
  );
}

export function RefundBadge({ status }: { status: RefundStatus }) {
  const label = useRefundStatusLabel();
  return (
    <span className={badgeClass} data-tone={REFUND_TONE[status]} data-testid="refund-status">
      {label(status)}
    </span>
  );
}
