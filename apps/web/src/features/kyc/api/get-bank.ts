import type { kycRoutes } from '@dropdesk/contract/kyc';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { kycKeys } from '../../../lib/query-keys';

type R = typeof kycRoutes.bank;

/** GET bank: the saved bank card, masked, or null. */
export const getBank = () => call<R>({ method: 'GET', path: '/merchant/merchant/bank' }, { quiet: true });

export const bankQuery = () => queryOptions({ queryKey: kycKeys.bank(), queryFn: getBank });

export const useBank = () => useQuery(bankQuery());
