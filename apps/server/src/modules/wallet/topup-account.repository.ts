import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TopupBankAccountTable, TopupManualTable } from '../../db/schema';

export type TopupBankAccountRow = Selectable<TopupBankAccountTable>;
type Values = Omit<TopupBankAccountRow, 'id'>;
export type TopupManualRow = Selectable<TopupManualTable>;

/** The one receiving bank account of bank-card top-ups, as operators configure it. */
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

/** The one set of manual top-up instructions, as operators write them. */
export const topupManualRepository = {
  get(db: Db): Promise<TopupManualRow | undefined> {
    return db.selectFrom('topup_manual').selectAll().where('id', '=', 1).executeTakeFirst();
  },

  async save(db: Db, values: Omit<TopupManualRow, 'id'>): Promise<void> {
    await db
      .insertInto('topup_manual')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  },
};
