import type { Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { InvitationCodesTable, ShopsTable } from '../../db/schema';

/**
 * The rows a registration reads and writes besides the merchant's own (merchantAccounts): the
 * invitation codes, the uploads it claims and the shop it opens. No rules here: registration.ts
 * decides what the rows mean.
 */
export const registrationRepository = {
  /** An invitation code's owner and use counts, revoked or not. */
  inviteCode(db: Db | Tx, code: string) {
    return db
      .selectFrom('invitation_codes')
      .select(['merchant_id', 'uses', 'max_uses', 'revoked_at'])
      .where('code', '=', code)
      .executeTakeFirst();
  },

  /** Whether an invitation code is drawn already (whoever holds it). */
  async inviteCodeTaken(db: Db | Tx, code: string): Promise<boolean> {
    const taken = await db
      .selectFrom('invitation_codes')
      .select('code')
      .where('code', '=', code)
      .executeTakeFirst();
    return !!taken;
  },

  /** The platform's own invitation codes (no merchant's), oldest first. */
  platformInviteCodes(db: Db) {
    return db
      .selectFrom('invitation_codes')
      .selectAll()
      .where('merchant_id', 'is', null)
      .orderBy('created_at')
      .execute();
  },

  async insertInviteCode(db: Db | Tx, values: Insertable<InvitationCodesTable>): Promise<void> {
    await db.insertInto('invitation_codes').values(values).execute();
  },

  /**
   * Counts one use of a code that is not revoked and has uses left, in one conditional UPDATE:
   * answers the rows it changed (1, or 0 when the code could not be used).
   */
  async countInviteCodeUse(db: Db | Tx, code: string): Promise<number> {
    const used = await db
      .updateTable('invitation_codes')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('code', '=', code)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    return Number(used.numUpdatedRows);
  },

  /** The uploads of these ids, with what a registration checks of them. */
  uploads(db: Db | Tx, ids: string[]) {
    return db
      .selectFrom('uploads')
      .select(['id', 'kind', 'merchant_id', 'created_at'])
      .where('id', 'in', ids)
      .execute();
  },

  /** Gives the still unclaimed uploads of these ids to the merchant: answers how many it claimed. */
  async claimUploads(db: Db | Tx, merchantId: number, ids: string[]): Promise<number> {
    const claimed = await db
      .updateTable('uploads')
      .set({ merchant_id: merchantId })
      .where('id', 'in', ids)
      .where('merchant_id', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows);
  },

  async insertShop(db: Db | Tx, values: Insertable<ShopsTable>): Promise<void> {
    await db.insertInto('shops').values(values).execute();
  },

  /** The name of a merchant's shop (the owner an invitation code shows). */
  shopName(db: Db | Tx, merchantId: number): Promise<{ name: string } | undefined> {
    return db.selectFrom('shops').select('name').where('merchant_id', '=', merchantId).executeTakeFirst();
  },
};
