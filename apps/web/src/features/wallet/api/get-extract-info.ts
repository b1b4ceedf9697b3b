import type { DataOf } from '@dropdesk/contract/route';
import type { walletRoutes } from '@dropdesk/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/query-keys';

type R = typeof walletRoutes.extractInfo;
export type ExtractInfo = DataOf<R>;

/** GET extract: what the withdrawal screen needs (balance, fee rule, minimum, saved card). */
export const getExtractInfo = () =>
  call<R>({ method: 'GET', path: '/merchant/merchant/extract' }, { quiet: true });

export const extractInfoQuery = () =>
  queryOptions({ queryKey: walletKeys.extractInfo(), queryFn: getExtractInfo });

export const useExtractInfo = () => useQuery(extractInfoQuery());
