import type { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import type { DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { merchantKeys } from '../../../lib/query-keys';

type R = typeof merchantAdminRoutes.detail;
export type MerchantDetail = DataOf<R>;

export const getMerchant = (id: number) =>
  call<R>({ method: 'GET', path: '/admin/merchants/detail' }, { query: { id: String(id) } });
export const useMerchant = (id: number) =>
  useQuery({ queryKey: merchantKeys.detail(id), queryFn: () => getMerchant(id) });
