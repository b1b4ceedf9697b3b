import type { Idempotency } from '../plugins/idempotency';
import type { Db, Tx } from './database';

/**
 * The one way a money method writes: opens the transaction, runs the effect, and completes the
 * request's Idempotency-Key with the effect's answer inside that same transaction. The effect and
 * the record of it commit together or not at all, and no money method can forget the key.
 *
 * `idem` is null only for callers outside HTTP (the operator CLI, tests of a service).
 */
export function moneyTransaction<T>(
  db: Db,
  idem: Idempotency | null,
  effect: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const data = await effect(tx);
    await idem?.complete(tx, data);
    return data;
  });
}
