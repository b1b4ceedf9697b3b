import type { Db } from '../../db/database';
import { iso } from '../../lib/clock';
import { notify } from '../notices';
import { expressRepository as repo } from './express.repository';
import { nameIn } from './express.service';

/** Purchases one query of the expiry takes at a time. */
export const EXPIRY_BATCH = 500;

/**
 * The express lane's clock-driven work: a purchase past its end is marked ended and its merchant
 * told (`promotion_ended`). Run by the order jobs' run (order-jobs.ts: one instance at a time, the
 * injected clock), so `npm run ops -- orders:tick` runs it too.
 *
 * The storefront and product management stop showing a product as recommended at `ends_at` by
 * themselves (they compare with the clock); this job only records the end and sends the notice.
 * Each purchase ends in its own transaction through one conditional UPDATE (`ended_at` still
 * null), so two runs at once end it, and tell the merchant, once.
 */
export async function endPromotions(
  deps: { db: Db; log?: ((message: string, error: unknown) => void) | undefined },
  now: number,
  batch = EXPIRY_BATCH,
): Promise<number> {
  const skip: number[] = [];
  let ended = 0;
  for (;;) {
    const ids = await repo.dueToEnd(deps.db, now, batch, skip);
    if (ids.length === 0) return ended;
    for (const id of ids) {
      try {
        const done = await deps.db.transaction().execute(async (tx) => {
          const row = await repo.end(tx, id, now);
          if (!row) return false;
          await notify(
            tx,
            {
              merchantId: row.merchant_id,
              type: 'promotion_ended',
              params: { package: nameIn(row, row.main_lang), ends_at: iso(row.ends_at) },
              ref: { type: 'express_purchase', id: row.id },
            },
            now,
          );
          return true;
        });
        if (done) ended++;
        // Another run ended it first: not ours to count, and not due any more.
        else skip.push(id);
      } catch (error) {
        skip.push(id);
        deps.log?.(`express expiry: purchase ${id} failed`, error);
      }
    }
  }
}
