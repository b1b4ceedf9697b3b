import type { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../lib/http';
import { useRefreshOrders } from './ship-order';

type R = typeof adminOrderRoutes.shipCsv;
export type ShipCsvReport = DataOf<R>;

/** Shipping steps from a CSV: each row its own step; one refused row does not stop the others. */
export function shipCsv(file: File) {
  const form = new FormData();
  form.set('file', file);
  return upload<ShipCsvReport>('/admin/orders/ship_csv', form);
}

export const useShipCsv = () => {
  const refresh = useRefreshOrders();
  return useMutation({ mutationFn: shipCsv, onSettled: refresh });
};
