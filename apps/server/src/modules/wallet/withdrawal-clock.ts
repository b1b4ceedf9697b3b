import { formatMoney } from '@dropdesk/contract/money';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { withJobLock } from '../../db/job-lock';
import type { Clock } from '../../lib/clock';
import { orderNo } from '../../lib/order-no';
import { periodic } from '../../lib/periodic';
import { notify } from '../notices';
import { withdrawalsRepository } from './withdrawals.repository';

/** The PostgreSQL advisory lock of the payout clock ("ddwdla"): one instance at a time. */
export const WITHDRAWAL_CLOCK_LOCK = 0x6464_7764_6c61;
/** Late withdrawals told per run (the next run tells the rest). */
const BATCH = 500;

const HOUR_MS = 3_600_000;

/** A withdrawal's promise in whole hours (due − asked). */
export function promiseHours(row: { created_at: number; due_at: number | null }): number {
  return Math.round(((row.due_at ?? row.created_at) - row.created_at) / HOUR_MS);
}

/**
 * The payout clock's sweep (docs/wallet.md "The payout clock"): each withdrawal still pending when
 * its promise ran out is told to its merchant once (a `withdrawal_late` notice, which the app shows
 * with the customer-service link), in the transaction that marks it told. Runs every
 * ORDER_JOBS_SECONDS with the other clock-driven work, in one instance at a time.
 */
export class WithdrawalClock {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async runOnce(): Promise<{ late_noticed: number }> {
    const { db, clock } = this.deps;
    const run = async () => {
      const now = clock.now();
      let noticed = 0;
      for (const row of await withdrawalsRepository.lateUntold(db, now, BATCH)) {
        noticed += await db.transaction().execute(async (tx) => {
          if (!(await withdrawalsRepository.markLateNoticed(tx, row.id, now))) return 0;
          await notify(
            tx,
            {
              merchantId: row.merchant_id,
              type: 'withdrawal_late',
              params: {
                order_no: orderNo('W', row.id, row.created_at),
                amount: formatMoney(row.amount),
                hours: promiseHours(row),
              },
              ref: { type: 'withdrawal', id: row.id },
            },
            now,
          );
          return 1;
        });
      }
      return { late_noticed: noticed };
    };
    return (await withJobLock(db, WITHDRAWAL_CLOCK_LOCK, run)) ?? { late_noticed: 0 };
  }
}

/** Runs the payout clock every ORDER_JOBS_SECONDS (0: never, as in tests, which run it by hand). */
export async function withdrawalClockPlugin(app: FastifyInstance) {
  const clock = new WithdrawalClock({ db: app.database.db, clock: app.clock });
  periodic(app, 'withdrawal clock', app.config.orders.jobsIntervalMs, () => clock.runOnce());
}
