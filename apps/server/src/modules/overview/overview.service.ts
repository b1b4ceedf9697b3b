import type { Lang } from '@dropdesk/contract/constants';
import type { AccountKind } from '@dropdesk/contract/ledger';
import { formatMoney } from '@dropdesk/contract/money';
import { ORDER_STATUSES } from '@dropdesk/contract/orders';
import { QUEUES, type QueueSummary } from '@dropdesk/contract/overview';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { localDay, startOf } from '../../lib/zoned';
import { presetReasons } from '../admin';
import type { LedgerChecks } from './ledger-checks';
import { overviewRepository as repo } from './overview.repository';
import { type PlatformFiguresCache, soldSince } from './platform-figures';

export interface OverviewDeps {
  db: Db;
  clock: Clock;
  ledgerChecks: LedgerChecks;
  figures: PlatformFiguresCache;
}

/**
 * The console's overview and queue summary (docs/console-api.md "Overview", "Queues"): every figure
 * from recorded events: the queues from their status indexes, the platform-wide sums from
 * PlatformFiguresCache.
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
   * Today's and this month's sold orders and sales (docs/design.md §5: paid and not refunded in full, at the
   * time of payment; the dashboard's own rollups summed over every shop), cut at midnight and the
   * first of the month in `timeZone`; orders by status; money by account: the platform-wide sums of
   * PlatformFiguresCache, as of `figures_at` (at most OVERVIEW_MAX_AGE_SECONDS old; `fresh` computes
   * them now). The queues and the last ledger check are read live. Every zone's day starts on a
   * 15-minute slot, so a day is a range of whole slots.
   */
  async overview(timeZone = 'UTC', fresh = false) {
    const { clock } = this.deps;
    const now = clock.now();
    const today = localDay(now, timeZone);
    const dayStart = startOf(today, timeZone);
    const monthStart = startOf({ ...today, d: 1 }, timeZone);
    const DAY = 86_400_000;
    const [figures, queues, check, promise] = await Promise.all([
      this.deps.figures.get(fresh),
      this.queueSummary(),
      this.deps.ledgerChecks.last(),
      repo.payoutPromise(this.deps.db, now, [now - 7 * DAY, now - 30 * DAY]),
    ]);
    const day = soldSince(figures, dayStart);
    const month = soldSince(figures, monthStart);
    const counted = new Map(figures.byStatus.map((s) => [s.status, s.count]));
    const money = (kind: AccountKind) => formatMoney(figures.balances.get(kind) ?? 0);
    return {
      time_zone: timeZone,
      at: iso(now),
      figures_at: iso(figures.at),
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
      payout_promise: {
        hours: promise.hours,
        late_now: promise.late,
        days7: promise.paid[0] ?? { paid: 0, within: 0 },
        days30: promise.paid[1] ?? { paid: 0, within: 0 },
      },
    };
  }
}
