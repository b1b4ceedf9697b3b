import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TopupBankAccountTable } from '../../db/schema';

export type TopupBankAccountRow = Selectable<TopupBankAccountTable>;
type Values = Omit<TopupBankAccountRow, 'id'>;

/** The one receiving bank account of manual and bank-card top-ups, as operators configure it. */
export const topupAccountRepository = {
  get(db: Db): Promise<TopupBankAccountRow | undefined> {
    return db.selectFrom('topup_bank_account').selectAll().where('id', '=', 1).executeTakeFirst();
  },

  async save(db: Db, values: Values): Promise<void> {
    await db
      .insertInto('topup_bank_account')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  },
};
