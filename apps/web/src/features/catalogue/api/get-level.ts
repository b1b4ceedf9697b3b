import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type R = typeof catalogueRoutes.level;
export type LevelInfo = DataOf<R>;

/** GET index/level: the seller levels side by side, the merchant's own (as bought) and the quota used. */
export const getLevel = () =>
  // Quiet: the screen shows a failure in place, with a retry (QueryState).
  call<R>({ method: 'GET', path: '/merchant/index/level' }, { quiet: true });

export const levelQuery = () => queryOptions({ queryKey: catalogueKeys.level(), queryFn: getLevel });

export const useLevel = () => useQuery(levelQuery());
