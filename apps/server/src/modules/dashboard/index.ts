// The dashboard module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
export { DashboardService } from './dashboard.service';
export { isFigureColumn, setsFigureColumns, shopStats, slotOf } from './shop-stats';
export { checkStats, rebuildStats } from './stats.check';
