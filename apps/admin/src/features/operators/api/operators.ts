import { adminRoutes } from '@dropdesk/contract/admin';
import type { BodyOf, DataOf } from '@dropdesk/contract/route';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { operatorKeys } from '../../../lib/query-keys';

type A = typeof adminRoutes;
export type OperatorRow = DataOf<A['operators']>['list'][number];
export type OperatorsQuery = { page: string; limit: string; q?: string; role?: string; status?: string };

/**
 * Operators, for admins: the list, create, re-role or disable, reset the second factor. A change
 * to oneself is refused by the server (CANNOT_CHANGE_SELF); the console shows why.
 */
export const getOperators = (query: OperatorsQuery) =>
  call<A['operators']>({ method: 'GET', path: '/admin/operators' }, { query: query as never });
export const useOperators = (query: OperatorsQuery) =>
  useQuery({
    queryKey: operatorKeys.list(query),
    queryFn: () => getOperators(query),
    placeholderData: keepPreviousData,
  });

export const createOperatorSchema = adminRoutes.createOperator.body;
export const createOperator = (body: BodyOf<A['createOperator']>) =>
  call<A['createOperator']>({ method: 'POST', path: '/admin/operators/create' }, { body });
export const updateOperator = (body: BodyOf<A['updateOperator']>) =>
  call<A['updateOperator']>({ method: 'POST', path: '/admin/operators/update' }, { body });
export const resetTotp = (id: number) =>
  call<A['resetTotp']>({ method: 'POST', path: '/admin/operators/reset_totp' }, { body: { id } });

export function useOperatorChange<V, T>(fn: (v: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }),
  });
}
