import type { Db } from './database';

/** One cheap read of a real table: throws when the database cannot answer (GET /healthz). */
export async function readsDatabase(db: Db): Promise<void> {
  await db.selectFrom('merchants').select('id').limit(1).execute();
}
