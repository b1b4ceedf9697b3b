import type { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import type { adminOrderRoutes } from '@dropdesk/contract/orders';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { merchantKeys } from '../../../lib/query-keys';

type M = typeof merchantAdminRoutes;
export type FundsLine = DataOf<M['funds']>['list'][number];
export type SessionRow = DataOf<M['sessions']>['list'][number];
export type NoticeRow = DataOf<M['notices']>['list'][number];
export type MerchantOrderRow = DataOf<typeof adminOrderRoutes.orders>['list'][number];

type Paging = { page: string; limit: string };

/**
 * A merchant page's tabs, each a paged contract row read for one merchant: funds records, orders
 * (`/admin/orders?merchant_id=`), sessions and notices.
 */
export const getFunds = (id: number, q: Paging & { type?: string }) =>
  call<M['funds']>(
    { method: 'GET', path: '/admin/merchants/funds' },
    { query: { id: String(id), ...q } as never },
  );
export const getSessions = (id: number, q: Paging) =>
  call<M['sessions']>(
    { method: 'GET', path: '/admin/merchants/sessions' },
    { query: { id: String(id), ...q } },
  );
export const getNotices = (id: number, q: Paging) =>
  call<M['notices']>(
    { method: 'GET', path: '/admin/merchants/notices' },
    { query: { id: String(id), ...q } },
  );
export const getMerchantOrders = (id: number, q: Paging) =>
  call<typeof adminOrderRoutes.orders>(
    { method: 'GET', path: '/admin/orders' },
    { query: { merchant_id: String(id), ...q } },
  );

const paged = <T>(id: number, tab: string, q: object, fn: () => Promise<T>) =>
  useQuery({ queryKey: merchantKeys.tab(id, tab, q), queryFn: fn, placeholderData: keepPreviousData });

export const useFunds = (id: number, q: Paging & { type?: string }) =>
  paged(id, 'funds', q, () => getFunds(id, q));
export const useSessions = (id: number, q: Paging) => paged(id, 'sessions', q, () => getSessions(id, q));
export const useNotices = (id: number, q: Paging) => paged(id, 'notices', q, () => getNotices(id, q));
export const useMerchantOrders = (id: number, q: Paging) =>
  paged(id, 'orders', q, () => getMerchantOrders(id, q));
