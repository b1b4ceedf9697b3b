import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { WalletSettingsTable } from '../../db/schema';

export type WalletSettingsRow = Selectable<WalletSettingsTable>;

/** The one row of withdrawal fee and limits that operators configure. */
export const walletSettingsRepository = {
  get(db: Db): Promise<WalletSettingsRow> {
    return db.selectFrom('wallet_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  },

  async update(db: Db, values: Updateable<WalletSettingsTable>): Promise<void> {
    await db.updateTable('wallet_settings').set(values).where('id', '=', 1).execute();
  },
};
