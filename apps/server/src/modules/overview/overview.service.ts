import type { Lang } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import { ORDER_STATUSES } from '@dropdesk/contract/orders';
import { QUEUES, type QueueSummary } from '@dropdesk/contract/overview';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { presetReasons } from '../admin/reasons';
import { slotOf } from '../dashboard/shop-stats';
import { localDay, startOf } from '../reports/zoned';
import type { LedgerChecks } from './ledger-checks';
import { overviewRepository as repo } from './overview.repository';

export interface OverviewDeps {
  db: Db;
  clock: Clock;
  ledgerChecks: LedgerChecks;
}

/**
 * The console's overview and queue summary (docs/console-api.md "Overview", "Queues"): every figure
 * read from recorded events through indexes: no order, visit or balance is counted by scanning.
 */
export class OverviewService {
  constructor(private readonly deps: OverviewDeps) {}

  async queueSummary(): Promise<QueueSummary[]> {
    const queues = await repo.queues(this.deps.db);
    return QUEUES.map((queue) => ({
      queue,
      pending: queues[queue].pending,
      oldest_at: queues[queue].oldest === null ? null : iso(queues[queue].oldest),
    }));
  }

  async queues(lang: Lang) {
    return { queues: await this.queueSummary(), reasons: presetReasons(lang) };
  }

  /**
   * Today's and this month's sold orders and sales (DESIGN §5: paid and not refunded in full, at the
   * time of payment; the dashboard's own rollups summed over every shop), cut at midnight and the
   * first of the month in `timeZone`; orders by status; the queues; money by account; the last check.
   * Every time zone's day starts on a 15-minute slot, so a day is a range of whole slots.
   */
  async overview(timeZone = 'UTC') {
    const { db, clock } = this.deps;
    const now = clock.now();
    const today = localDay(now, timeZone);
    const dayStart = startOf(today, timeZone);
    const monthStart = startOf({ ...today, d: 1 }, timeZone);
    const end = slotOf(now) + 1;
    const [day, month, byStatus, queues, balances, check] = await Promise.all([
      repo.soldBetween(db, slotOf(dayStart), end),
      repo.soldBetween(db, slotOf(monthStart), end),
      repo.ordersByStatus(db),
      this.queueSummary(),
      repo.balancesByKind(db),
      this.deps.ledgerChecks.last(),
    ]);
    const counted = new Map(byStatus.map((s) => [s.status, s.count]));
    const money = (kind: Parameters<typeof balances.get>[0]) => formatMoney(balances.get(kind) ?? 0);
    return {
      time_zone: timeZone,
      at: iso(now),
      today: { from: iso(dayStart), orders: day.orders, sales: formatMoney(day.sales) },
      month: { from: iso(monthStart), orders: month.orders, sales: formatMoney(month.sales) },
      orders_by_status: ORDER_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 })),
      queues,
      money: {
        escrow: money('escrow'),
        withdraw_holds: money('withdraw_hold'),
        wallets: money('wallet'),
        revenue: money('revenue'),
        supplier_payable: money('supplier_payable'),
        deposit_clearing: money('deposit_clearing'),
        payout_clearing: money('payout_clearing'),
      },
      ledger_check: check,
    };
  }
}
