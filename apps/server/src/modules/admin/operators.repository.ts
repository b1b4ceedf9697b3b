import type { Db, Tx } from '../../db/database';

/** Queries on operator accounts. No rules here: the services decide. */
export const operatorsRepository = {
  /** The operator a console login names, disabled or not (the service tells them apart). */
  byUsername(db: Db | Tx, username: string) {
    return db
      .selectFrom('operators')
      .select(['id', 'username', 'password_hash', 'role', 'disabled_at'])
      .where('username', '=', username)
      .executeTakeFirst();
  },
};
