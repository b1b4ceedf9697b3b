import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { BankCardsTable } from '../../db/schema';

export type BankCardRow = Selectable<BankCardsTable>;

/** The merchant's one saved bank card. */
export const bankCardsRepository = {
  byMerchant(db: Db, merchantId: number): Promise<BankCardRow | undefined> {
    return db.selectFrom('bank_cards').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst();
  },

  async save(
    db: Db,
    merchantId: number,
    card: { holder_name: string; bank_name: string; account_number: string },
    now: number,
  ): Promise<void> {
    const values = { ...card, updated_at: now };
    await db
      .insertInto('bank_cards')
      .values({ merchant_id: merchantId, created_at: now, ...values })
      .onConflict((oc) => oc.column('merchant_id').doUpdateSet(values))
      .execute();
  },
};
