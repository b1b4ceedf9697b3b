import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { VerificationCodesTable } from '../../db/schema';

/** One-time codes (password reset); spending one is the service's rule, each step one statement. */
export const verificationCodesRepository = {
  async insert(db: Db, values: Insertable<VerificationCodesTable>): Promise<void> {
    await db.insertInto('verification_codes').values(values).execute();
  },

  /** The newest unused, unexpired code of a merchant for a purpose. */
  newestLive(db: Db, merchantId: number, purpose: string, now: number) {
    return db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash'])
      .where('merchant_id', '=', merchantId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** Counts one try, unless `maxAttempts` were already made or the code is spent. */
  async countAttempt(db: Db, id: number, maxAttempts: number): Promise<boolean> {
    const tried = await db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxAttempts)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(tried.numUpdatedRows) === 1;
  },

  /** Marks it used, once: false when a racing request spent it first. */
  async spend(db: Db, id: number, now: number): Promise<boolean> {
    const spent = await db
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  },
};
