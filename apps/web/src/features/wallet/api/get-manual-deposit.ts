import type { DataOf } from '@dropdesk/contract/route';
import type { settingsRoutes } from '@dropdesk/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/query-keys';

type R = typeof settingsRoutes.getManualDeposit;
export type ManualDeposit = NonNullable<DataOf<R>['manual']>;

/**
 * GET getManualDeposit: how the platform takes a manual top-up, as an admin wrote it; `manual: null`
 * while the method is not open.
 */
export const getManualDeposit = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/merchant/getManualDeposit' }, { quiet: true });

export const manualDepositQuery = () =>
  queryOptions({ queryKey: walletKeys.manualDeposit(), queryFn: getManualDeposit });

export const useManualDeposit = () => useQuery(manualDepositQuery());
