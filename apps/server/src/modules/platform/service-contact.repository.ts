import type { Db } from '../../db/database';

/** The platform's customer-service contact: one row (id 1), absent until an admin sets it. */
export const serviceContactRepository = {
  serviceContact(db: Db) {
    return db.selectFrom('service_contact').selectAll().where('id', '=', 1).executeTakeFirst();
  },

  async setServiceContact(
    db: Db,
    contact: { url: string; text: string; operatorId: number; at: number },
  ): Promise<void> {
    const values = {
      url: contact.url,
      text: contact.text,
      updated_by: contact.operatorId,
      updated_at: contact.at,
    };
    await db
      .insertInto('service_contact')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  },
};
