import type { OrderStatus } from '@dropdesk/contract/orders';
import { useTranslation } from 'react-i18next';

/** An order's fulfilment status in words (docs/design.md §5's codes). */
export function useOrderStatusName(): (status: number) => string {
  const { t } = useTranslation();
  const names: Record<OrderStatus, string> = {
    0: t('orders.status0'),
    5: t('orders.status5'),
    1: t('orders.status1'),
    2: t('orders.status2'),
    6: t('orders.status6'),
    7: t('orders.status7'),
    3: t('orders.status3'),
    4: t('orders.status4'),
    [-1]: t('orders.statusCancelled'),
  };
  return (status) => names[status as OrderStatus] ?? String(status);
}
