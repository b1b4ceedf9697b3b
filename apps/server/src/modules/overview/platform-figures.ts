import type { AccountKind } from '@dropdesk/contract/ledger';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { slotOf } from '../dashboard';
import { overviewRepository as repo } from './overview.repository';

/** How far back the figures keep sold orders per slot: the start of any zone's month is within it. */
const WINDOW_MS = 33 * 86_400_000;

/** The platform-wide sums the overview is made of, as of `at`. */
export interface PlatformFigures {
  at: number;
  /** Sold orders and their sales per 15-minute slot, all shops, from WINDOW_MS ago to `at`. */
  slots: ReadonlyMap<number, { orders: number; sales: number }>;
  byStatus: ReadonlyArray<{ status: number; count: number }>;
  balances: ReadonlyMap<AccountKind, number>;
}

export interface PlatformFiguresDeps {
  db: Db;
  clock: Clock;
  /** How old the figures may be when read (`OVERVIEW_MAX_AGE_SECONDS`); 0: computed for every read. */
  maxAgeMs: number;
  log?: (message: string, error: unknown) => void;
}

/**
 * The overview's platform-wide sums (docs/console-api.md "Overview"; docs/decisions.md): sold orders
 * and sales per slot over the last month (the dashboard's per-shop rollups summed by slot), every
 * order by status, the ledger's balances by account kind. Each is a read of all shops, all orders or
 * all accounts, which grows with the platform (tens of milliseconds at 100,000 merchants and 200,000
 * orders, more on PostgreSQL), so a process computes them at most once per `maxAgeMs` and answers the
 * last result meanwhile, with the time it was computed:
 *
 * - fresh enough: answered as is;
 * - stale (older than `maxAgeMs`, up to STALE_FACTOR times that): answered as is while one refresh
 *   runs in the background, so no operator waits for it;
 * - older, none yet, or asked `fresh`: computed now (one computation at a time: callers share it).
 *
 * Any time zone's "today" and "this month" are sums of the slots, so one computation serves every zone.
 */
export class PlatformFiguresCache {
  private last: PlatformFigures | null = null;
  private running: Promise<PlatformFigures> | null = null;

  constructor(private readonly deps: PlatformFiguresDeps) {}

  async get(fresh = false): Promise<PlatformFigures> {
    const { clock, maxAgeMs } = this.deps;
    const last = this.last;
    if (!fresh && last && maxAgeMs > 0) {
      const age = clock.now() - last.at;
      if (age <= maxAgeMs) return last;
      if (age <= maxAgeMs * STALE_FACTOR) {
        this.refresh().catch((error: unknown) => this.deps.log?.('overview: refresh failed', error));
        return last;
      }
    }
    return this.refresh();
  }

  private refresh(): Promise<PlatformFigures> {
    this.running ??= this.compute().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async compute(): Promise<PlatformFigures> {
    const { db, clock } = this.deps;
    const at = clock.now();
    const [slots, byStatus, balances] = await Promise.all([
      repo.soldPerSlot(db, slotOf(at - WINDOW_MS)),
      repo.ordersByStatus(db),
      repo.balancesByKind(db),
    ]);
    const figures = { at, slots, byStatus, balances };
    if (!this.last || this.last.at <= at) this.last = figures;
    return figures;
  }
}

/** Figures this many times older than the maximum age are computed again before answering. */
export const STALE_FACTOR = 10;

/** Sold orders and sales from `from` (epoch ms, on a slot boundary in every zone) to when the figures were made. */
export function soldSince(figures: PlatformFigures, from: number) {
  const first = slotOf(from);
  let orders = 0;
  let sales = 0;
  for (const [slot, s] of figures.slots) {
    if (slot < first) continue;
    orders += s.orders;
    sales += s.sales;
  }
  return { orders, sales };
}
