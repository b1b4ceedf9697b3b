import type { Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { CaptchasTable } from '../../db/schema';

/** The captcha rows: one per captcha shown, spent once. No rules here: AuthService decides. */
export const captchasRepository = {
  /** Forgets the captchas that expired before `now`. */
  async deleteExpired(db: Db | Tx, now: number): Promise<void> {
    await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  },

  async insert(db: Db | Tx, values: Insertable<CaptchasTable>): Promise<void> {
    await db.insertInto('captchas').values(values).execute();
  },

  /**
   * Marks an unspent, unexpired captcha used at `now` (one statement, so it is spent once) and
   * answers its answer hash; undefined when there is no such captcha.
   */
  async spend(db: Db | Tx, id: string, now: number): Promise<{ answer_hash: string } | undefined> {
    return db
      .updateTable('captchas')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('answer_hash')
      .executeTakeFirst();
  },
};

/** The links from a partner site's user (`partner_uid`) to the merchant it registered. */
export const thirdLinksRepository = {
  /** The merchant a partner's user is linked to, if any. */
  byPartnerUid(db: Db | Tx, partnerUid: string): Promise<{ merchant_id: number } | undefined> {
    return db
      .selectFrom('third_links')
      .select('merchant_id')
      .where('partner_uid', '=', partnerUid)
      .executeTakeFirst();
  },

  async insert(db: Db | Tx, values: { partner_uid: string; merchant_id: number; created_at: number }) {
    await db.insertInto('third_links').values(values).execute();
  },
};

/** The spent handoff nonces, one row per nonce and purpose. */
export const handoffUsesRepository = {
  /** Records a use unless that nonce was spent for that purpose already: true when this one recorded it. */
  async insertOnce(db: Db | Tx, values: { nonce: string; purpose: 'third' | 'register'; used_at: number }) {
    const inserted = await db
      .insertInto('handoff_uses')
      .values(values)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  },
};
