import type { adminRoutes } from '@dropdesk/contract/admin';
import type { DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { operatorKeys } from '../../../lib/query-keys';

type R = typeof adminRoutes.audit;
export type AuditRow = DataOf<R>['list'][number];
export type AuditQuery = {
  page: string;
  limit: string;
  operator_id?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
};

/** The audit log, newest first, filtered on the server. */
export const getAudit = (query: AuditQuery) =>
  call<R>({ method: 'GET', path: '/admin/audit' }, { query: query as never });
export const useAudit = (query: AuditQuery) =>
  useQuery({
    queryKey: operatorKeys.audit(query),
    queryFn: () => getAudit(query),
    placeholderData: keepPreviousData,
  });
