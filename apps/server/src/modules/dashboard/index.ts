import type { Db } from '../../db/database';

// The dashboard module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { DashboardService } from './dashboard.service';

import { dashboardRepository } from './dashboard.repository';

export type { ListSums } from './dashboard.repository';
export { isFigureColumn, SLOT_MS, setsFigureColumns, shopStats, slotOf } from './shop-stats';

/** The sums of the figures' order lists of sold or paid orders, from the rollups (migration 018). */
export const figureLists = {
  sums: (db: Db, merchantId: number, from: number | null, to: number | null) =>
    dashboardRepository.listSums(db, merchantId, from, to),
};
export { checkStats, rebuildStats } from './stats.check';
