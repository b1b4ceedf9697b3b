import type { expressRoutes } from '@dropdesk/contract/express';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { expressKeys } from '../../../lib/query-keys';

type R = typeof expressRoutes.train;
export type TrainInfo = DataOf<R>;
export type ExpressPackage = TrainInfo['list'][number];

/** GET index/train: the packages on sale, and how many of the shop's products are featured now. */
export const getTrain = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/index/train' }, { quiet: true });

export const trainQuery = () => queryOptions({ queryKey: expressKeys.train(), queryFn: getTrain });

export const useTrain = () => useQuery(trainQuery());
