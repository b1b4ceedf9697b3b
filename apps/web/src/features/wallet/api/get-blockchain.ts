import type { DataOf } from '@dropdesk/contract/route';
import type { walletRoutes } from '@dropdesk/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { walletKeys } from '../../../lib/query-keys';

type R = typeof walletRoutes.getBlockchain;
export type Blockchain = DataOf<R>;

/** GET getBlockchain: the open deposit networks (none: the chain method is not open), the address on each, the notes. */
export const getBlockchain = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/merchant/getBlockchain' }, { quiet: true });

export const blockchainQuery = () =>
  queryOptions({ queryKey: walletKeys.blockchain(), queryFn: getBlockchain });

export const useBlockchain = () => useQuery(blockchainQuery());
