import { AFTER_SALES_MS, AUTO_CONFIRM_MS } from '@dropdesk/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { withJobLock } from '../../db/job-lock';
import type { Clock } from '../../lib/clock';
import { periodic } from '../../lib/periodic';
import { Refusal } from '../../lib/refusal';
import { payCommission } from '../alliance';
import { endPromotions } from '../express';
import { notifyOrder } from '../notices';
import { settlementAmount, settlementJournal } from './order-money';
import { ordersRepository as repo } from './orders.repository';
import { stockRepository } from './stock.repository';
import { moveOrder, updateOrderIn } from './transitions';

/** Orders each query of a job takes at a time. */
export const JOB_BATCH = 500;
/** The PostgreSQL advisory lock the order jobs run under (any instance, one at a time): "ddorders". */
export const ORDER_JOBS_LOCK = 0x6464_6f72_6465;

export interface OrderJobsDeps {
  db: Db;
  clock: Clock;
  /** Where a job's failure on one order is told (the order is skipped, the rest go on). */
  log?: (message: string, error: unknown) => void;
  /** Orders per query (default JOB_BATCH; tests make it small). */
  batch?: number;
}

/** What one run did: orders moved by each job. */
export interface JobsReport {
  /** False when another instance held the lock and this run did nothing. */
  ran: boolean;
  cancelled: number;
  confirmed: number;
  settled: number;
  /** Express-lane promotions past their end, marked ended and told (express-jobs.ts). */
  promotionsEnded: number;
}

/**
 * The clock-driven order work (docs/design.md §5 "Orders"; docs/orders.md "Jobs"): unpaid orders lapse,
 * reached orders confirm themselves, received orders settle when the after-sales window closes.
 *
 * Each order moves in its own small transaction through the same conditional moves as the
 * requests (`moveOrder`, `updateOrderIn`), so a job racing a buyer or a merchant on one order (a
 * payment arriving at the deadline, a refund asked as the window closes) finds it moved and skips
 * it, and two runs at once move each order once. All times come from the injected clock.
 */
export class OrderJobs {
  private running: Promise<JobsReport> | null = null;
  private readonly batch: number;

  constructor(private readonly deps: OrderJobsDeps) {
    this.batch = deps.batch ?? JOB_BATCH;
  }

  /** Unpaid orders past their payment deadline: cancelled (0 → −1), their units back in stock. */
  cancelUnpaid(now: number): Promise<number> {
    return this.each(
      (skip) => repo.dueUnpaid(this.deps.db, now, this.batch, skip),
      async (tx, id) => {
        const order = await moveOrder(tx, id, {}, { from: [0], to: -1, set: { cancelled_at: now } }, now);
        await stockRepository.release(tx, order, now);
      },
    );
  }

  /**
   * Orders reached AUTO_CONFIRM_MS ago or more and not confirmed by the buyer: received (7 → 3),
   * settlement pending, settling when the after-sales window closes.
   */
  autoConfirm(now: number): Promise<number> {
    return this.each(
      (skip) => repo.dueConfirm(this.deps.db, now - AUTO_CONFIRM_MS, this.batch, skip),
      async (tx, id) => {
        await moveOrder(
          tx,
          id,
          {},
          {
            from: [7],
            to: 3,
            set: { received_at: now, settles_at: now + AFTER_SALES_MS, settlement: 1 },
          },
          now,
        );
      },
    );
  }

  /**
   * Orders whose after-sales window has closed with no refund open: settled (3 → 4), escrow paying
   * what the buyer paid less what was refunded into the wallet, and the merchant told. When the
   * merchant has an alliance parent and the commission rate is above 0, the parent's commission is
   * paid in the same transaction (alliance.service `payCommission`).
   *
   * The first step claims the order with one conditional UPDATE (still pending settlement, no refund
   * open): a refund asked at the same moment sets refund_open on the same row under the same rule,
   * so one of the two finds the row as it expects and the other is refused. The amount is read from
   * the row that UPDATE returns, so a refund approved just before is counted.
   */
  settle(now: number): Promise<number> {
    return this.each(
      (skip) => repo.dueSettlement(this.deps.db, now, this.batch, skip),
      async (tx, id) => {
        const claimed = await updateOrderIn(tx, id, [3], { settlement: 2, settled_at: now }, now, {
          settlement: 1,
          refund_open: 0,
        });
        const amount = settlementAmount(claimed);
        const order = await moveOrder(
          tx,
          id,
          {},
          {
            from: [3],
            to: 4,
            set: { completed_at: now, settled_amount: amount },
            // Known before (nothing settled yet), so the rollups' escrow moves without a read.
            was: { settled_amount: 0 },
          },
          now,
        );
        await settlementJournal(tx, order, now);
        await notifyOrder(tx, order, 'order_settled', amount, now);
        await payCommission(tx, order, amount, now);
      },
    );
  }

  /**
   * Runs the three jobs once at the clock's time, in this order (a cancelled order frees stock
   * first; an order confirmed now settles only after its window), then the express lane's expiry. One run at a time in this
   * process; on PostgreSQL, one across every instance: the run holds a session advisory lock
   * (`pg_try_advisory_lock`) on a connection of its own, and an instance that can't take it skips
   * the run. SQLite is one process, so the first guard is the whole rule there.
   */
  runOnce(): Promise<JobsReport> {
    this.running ??= this.locked().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async locked(): Promise<JobsReport> {
    return (
      (await withJobLock(this.deps.db, ORDER_JOBS_LOCK, () => this.all())) ?? {
        ran: false,
        cancelled: 0,
        confirmed: 0,
        settled: 0,
        promotionsEnded: 0,
      }
    );
  }

  private async all(): Promise<JobsReport> {
    const now = this.deps.clock.now();
    const cancelled = await this.cancelUnpaid(now);
    const confirmed = await this.autoConfirm(now);
    const settled = await this.settle(now);
    const promotionsEnded = await endPromotions({ db: this.deps.db, log: this.deps.log }, now, this.batch);
    return { ran: true, cancelled, confirmed, settled, promotionsEnded };
  }

  /**
   * Moves every due order, a batch at a time, each in its own transaction. An order another request
   * moved first (a refusal) is skipped; an order that fails otherwise is logged and skipped for the
   * rest of this run, so one broken order never stops the others or loops forever.
   */
  private async each(
    due: (skip: readonly number[]) => Promise<number[]>,
    move: (tx: Db, id: number) => Promise<void>,
  ): Promise<number> {
    const skip: number[] = [];
    let moved = 0;
    for (;;) {
      const ids = await due(skip);
      if (ids.length === 0) return moved;
      for (const id of ids) {
        try {
          await this.deps.db.transaction().execute((tx) => move(tx, id));
          moved++;
        } catch (error) {
          skip.push(id);
          if (!(error instanceof Refusal)) this.deps.log?.(`order job: order ${id} failed`, error);
        }
      }
    }
  }
}

/**
 * Starts the order jobs every `config.orders.jobsIntervalMs` (0: never, as in tests, which run them
 * by hand) once the server is ready, and stops them when it closes, waiting for a run in progress.
 */
export async function orderJobsPlugin(app: FastifyInstance) {
  const jobs = new OrderJobs({
    db: app.database.db,
    clock: app.clock,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  // Each tick waits for its run (runOnce), so close waits for a run in progress.
  periodic(app, 'order jobs', app.config.orders.jobsIntervalMs, () => jobs.runOnce());
}
