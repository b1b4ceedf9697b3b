import type { OrderStatus, orderRoutes, Settlement } from '@dropdesk/contract/orders';
import type { ReportRange } from '@dropdesk/contract/reports';
import type { DataOf } from '@dropdesk/contract/route';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { nextPageParam } from '../../../lib/query';
import { orderKeys } from '../../../lib/query-keys';

type R = typeof orderRoutes.list;
export type OrderPage = DataOf<R>;
export type Order = OrderPage['list'][number];

/** Orders per page of the order list. */
export const ORDERS_PAGE_SIZE = 20;

export interface OrderFilters {
  /** A status tab; none is "all". */
  status?: OrderStatus;
  /** An order number or a product title (the server's `keyword`). */
  keyword?: string;
  settlement?: Settlement;
  /** Only the orders Home counts as sold (paid, not refunded in full): its total sales. */
  sold?: boolean;
  /** Only the orders paid on this day of the merchant's zone (YYYY-MM-DD): Home's today. */
  paid_day?: string;
  /** Only paid orders (the profit, cost and refunded figures). */
  paid?: boolean;
  /** Only the orders paid in a period of the finance report. */
  paid_range?: ReportRange;
  /** Only orders with something refunded. */
  refunded?: boolean;
  /** Only the orders escrow still holds money for. */
  in_escrow?: boolean;
}

/** GET order/list: the shop's orders, newest first, of one status or all, narrowed by the filters. */
export const getOrders = (
  page: number,
  { status, keyword, settlement, sold, paid_day, paid, paid_range, refunded, in_escrow }: OrderFilters,
  limit = ORDERS_PAGE_SIZE,
) =>
  // Quiet: the screen shows a failure in place, with a retry (InfiniteList).
  call<R>(
    { method: 'GET', path: '/merchant/order/list' },
    {
      query: {
        status: status === undefined ? undefined : String(status),
        keyword: keyword || undefined,
        settlement: settlement === undefined ? undefined : String(settlement),
        sold: sold ? '1' : undefined,
        paid_day,
        paid: paid ? '1' : undefined,
        paid_range,
        refunded: refunded ? '1' : undefined,
        in_escrow: in_escrow ? '1' : undefined,
        page: String(page),
        limit: String(limit),
      },
      quiet: true,
    },
  );

export const ordersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ pageParam }) => getOrders(pageParam, filters),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useOrders = (filters: OrderFilters) => useInfiniteQuery(ordersQuery(filters));
