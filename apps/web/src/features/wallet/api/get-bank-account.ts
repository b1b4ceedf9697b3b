import type { DataOf } from '@dropdesk/contract/route';
import type { settingsRoutes } from '@dropdesk/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/query-keys';

type R = typeof settingsRoutes.getBankAccount;
export type TopUpBankAccount = NonNullable<DataOf<R>['account']>;

/**
 * GET getBankAccount: the platform's receiving account of bank-card top-ups and this merchant's
 * transfer reference; `account: null` while the method is not open.
 */
export const getBankAccount = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/merchant/getBankAccount' }, { quiet: true });

export const bankAccountQuery = () =>
  queryOptions({ queryKey: walletKeys.bankAccount(), queryFn: getBankAccount });

export const useBankAccount = () => useQuery(bankAccountQuery());
