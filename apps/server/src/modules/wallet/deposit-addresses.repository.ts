import type { Network } from '@dropdesk/contract/wallet';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { DepositAddressesTable } from '../../db/schema';

export type DepositAddressRow = Selectable<DepositAddressesTable>;

/** The platform's deposit address per network, as operators configure them. */
export const depositAddressesRepository = {
  all(db: Db): Promise<DepositAddressRow[]> {
    return db.selectFrom('deposit_addresses').selectAll().orderBy('network').execute();
  },

  enabled(db: Db): Promise<DepositAddressRow[]> {
    return db
      .selectFrom('deposit_addresses')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('network')
      .execute();
  },

  byNetwork(db: Db, network: Network): Promise<DepositAddressRow | undefined> {
    return db.selectFrom('deposit_addresses').selectAll().where('network', '=', network).executeTakeFirst();
  },

  enabledFor(db: Db, network: Network): Promise<DepositAddressRow | undefined> {
    return db
      .selectFrom('deposit_addresses')
      .selectAll()
      .where('network', '=', network)
      .where('enabled', '=', 1)
      .executeTakeFirst();
  },

  async upsert(
    db: Db,
    network: Network,
    values: { address: string; enabled: number; updated_by: number; updated_at: number },
  ): Promise<void> {
    await db
      .insertInto('deposit_addresses')
      .values({ network, ...values })
      .onConflict((oc) => oc.column('network').doUpdateSet(values))
      .execute();
  },
};
