import type { dashboardRoutes } from '@dropdesk/contract/dashboard';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { readSnapshot, writeSnapshot } from '../../../lib/snapshot';

type R = typeof dashboardRoutes.index;
export type Dashboard = DataOf<R>;

/** Under this name (and the merchant's id) the last figures are kept in local storage. */
const SNAPSHOT = 'dashboard-v1';

/** Enough of the shape to draw from: a snapshot from an older app version reads as none. */
function isDashboard(data: unknown): data is Dashboard {
  const d = data as Partial<Dashboard> | null;
  return (
    typeof d === 'object' &&
    d !== null &&
    typeof d.today === 'string' &&
    typeof d.total_sales === 'string' &&
    typeof d.today_sales === 'string' &&
    typeof d.rating === 'object' &&
    typeof d.credit?.score === 'number' &&
    typeof d.credit.penalties === 'object' &&
    typeof d.visitors?.thirty === 'number'
  );
}

const merchantId = () => useSession.getState().merinfo?.id;

/** GET index/index: the Home figures. Quiet: the screen shows a failure in place, with a retry. */
export const getDashboard = () => call<R>({ method: 'GET', path: '/merchant/index/index' }, { quiet: true });

/**
 * The figures stay in the cache for the visit (`gcTime`), are fresh for a minute, and are kept per
 * merchant in local storage: on a return or a reload Home paints the last figures at once
 * (`initialData`, dated when they were saved, so older than a minute they are refetched at once).
 */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.index(),
    queryFn: async () => {
      const data = await getDashboard();
      writeSnapshot(SNAPSHOT, merchantId(), data);
      return data;
    },
    staleTime: 60_000,
    gcTime: 60 * 60_000,
    initialData: () => readSnapshot(SNAPSHOT, merchantId(), isDashboard)?.data,
    initialDataUpdatedAt: () => readSnapshot(SNAPSHOT, merchantId(), isDashboard)?.at,
  });

export const useDashboard = () => useQuery(dashboardQuery());
