import type { overviewRoutes } from '@dropdesk/contract/overview';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { overviewKeys } from '../../../lib/query-keys';

type R = typeof overviewRoutes.runLedgerCheck;

/** Runs the ledger check now (admins): every journal balanced, every balance equal to its postings. */
export const runLedgerCheck = () =>
  call<R>({ method: 'POST', path: '/admin/ledger/check' }, { body: {} as never });
export const useRunLedgerCheck = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runLedgerCheck,
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
  });
};
