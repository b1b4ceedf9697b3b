import type { Kysely, Selectable, Updateable } from 'kysely';
import { notFound, Refusal } from '../lib/refusal';
import type { Db } from './database';
import type { DB } from './schema';

/** Tables of requests that wait for one decision: a `status` that starts at 'pending'. */
export type Decidable = 'recharges' | 'withdrawals' | 'kyc_submissions' | 'balance_adjustments';

/**
 * Decides a pending request once: one conditional UPDATE moves it from 'pending' to its final
 * status, so of an approval, a rejection and a cancellation racing, exactly one wins. The loser is
 * told ALREADY_RESOLVED; an id that does not exist (or, with `merchantId`, is another merchant's)
 * is NOT_FOUND, so another merchant's request looks like a missing one.
 */
export async function decideOnce<T extends Decidable>(
  tx: Db,
  table: T,
  id: number,
  change: Updateable<DB[T]>,
  scope: { merchantId?: number } = {},
): Promise<Selectable<DB[T]>> {
  // Kysely cannot narrow a table name held in a type parameter; the tables share these columns.
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const db = tx as unknown as Kysely<any>;
  const name: string = table;
  let update = db
    .updateTable(name)
    .set(change as Record<string, unknown>)
    .where('id', '=', id)
    .where('status', '=', 'pending');
  if (scope.merchantId !== undefined) update = update.where('merchant_id', '=', scope.merchantId);
  const row = await update.returningAll().executeTakeFirst();
  if (row) return row as Selectable<DB[T]>;
  let exists = db.selectFrom(name).select('id').where('id', '=', id);
  if (scope.merchantId !== undefined) exists = exists.where('merchant_id', '=', scope.merchantId);
  throw (await exists.executeTakeFirst()) ? new Refusal('ALREADY_RESOLVED') : notFound();
}

/** The merchant a request belongs to (undefined when there is no such request). */
export async function ownerOf(db: Db, table: Decidable, id: number): Promise<number | undefined> {
  // biome-ignore lint/suspicious/noExplicitAny: as in decideOnce, the tables share `id` and `merchant_id`.
  const q = db as unknown as Kysely<any>;
  const row = await q.selectFrom(table).select('merchant_id').where('id', '=', id).executeTakeFirst();
  return row?.merchant_id as number | undefined;
}
