import type { OperatorRole } from '@dropdesk/contract/admin';
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { fetchPage, type Paging } from '../../db/paging';

/** The operator columns the services read. */
const OPERATOR = [
  'id',
  'username',
  'password_hash',
  'role',
  'disabled_at',
  'created_at',
  'totp_secret',
  'totp_enrolled_at',
  'totp_last_step',
  'last_login_at',
] as const;

export interface OperatorFilter {
  /** Part of the username (lower case). */
  q?: string;
  role?: OperatorRole;
  status?: 'active' | 'disabled';
}

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries on operator accounts and their login tickets. No rules here: the services decide. */
export const operatorsRepository = {
  /** The operator a console login names, disabled or not (the service tells them apart). */
  byUsername(db: Db | Tx, username: string) {
    return db.selectFrom('operators').select(OPERATOR).where('username', '=', username).executeTakeFirst();
  },

  byId(db: Db | Tx, id: number) {
    return db.selectFrom('operators').select(OPERATOR).where('id', '=', id).executeTakeFirst();
  },

  /** A page of the operators a filter matches, oldest first. */
  page(db: Db | Tx, filter: OperatorFilter, paging: Paging) {
    let q = db.selectFrom('operators');
    // Usernames are ASCII (contract usernameField), so lower() means the same on both engines.
    if (filter.q)
      q = q.where(
        sql<boolean>`lower(${sql.ref('username')}) like ${`%${likeLiteral(filter.q.toLowerCase())}%`} escape '\\'`,
      );
    if (filter.role) q = q.where('role', '=', filter.role);
    if (filter.status === 'active') q = q.where('disabled_at', 'is', null);
    if (filter.status === 'disabled') q = q.where('disabled_at', 'is not', null);
    return fetchPage(
      q,
      (f) =>
        f
          .select([
            'id',
            'username',
            'role',
            'disabled_at',
            'created_at',
            'totp_enrolled_at',
            'last_login_at',
          ])
          .orderBy('id'),
      paging,
      (rows) => rows,
    );
  },

  /**
   * Adds an operator: without `sealedTotpSecret` not yet enrolled in a second factor, with one
   * enrolled at `at`.
   */
  insert(
    db: Db | Tx,
    row: {
      username: string;
      passwordHash: string;
      role: OperatorRole;
      at: number;
      sealedTotpSecret?: string;
    },
  ) {
    return db
      .insertInto('operators')
      .values({
        username: row.username,
        password_hash: row.passwordHash,
        role: row.role,
        disabled_at: null,
        created_at: row.at,
        totp_secret: row.sealedTotpSecret ?? null,
        totp_enrolled_at: row.sealedTotpSecret ? row.at : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** Sets the role and whether the operator is disabled (`disabledAt` null: enabled). */
  update(db: Db | Tx, id: number, set: { role: OperatorRole; disabledAt: number | null }) {
    return db
      .updateTable('operators')
      .set({ role: set.role, disabled_at: set.disabledAt })
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Removes the second factor: the next login enrols again. */
  clearTotp(db: Db | Tx, id: number) {
    return db
      .updateTable('operators')
      .set({ totp_secret: null, totp_enrolled_at: null, totp_last_step: null })
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /**
   * Accepts a code's time step for an operator: only a step after the last one accepted (so a code
   * is good once, even for two requests at the same moment), and only while the operator is active
   * and its second factor is the one the code was checked against. With `enrol`, records that
   * secret as its second factor (it had none). The number of rows changed: 1 accepted, 0 refused.
   */
  async acceptStep(
    db: Db | Tx,
    p: {
      id: number;
      step: number;
      at: number;
      /** The sealed secret the code was checked against. */
      secret: string;
      enrol: boolean;
    },
  ): Promise<boolean> {
    let q = db
      .updateTable('operators')
      .set({
        totp_last_step: p.step,
        last_login_at: p.at,
        ...(p.enrol ? { totp_secret: p.secret, totp_enrolled_at: p.at } : {}),
      })
      .where('id', '=', p.id)
      .where('disabled_at', 'is', null)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', p.step)]));
    q = p.enrol
      ? q.where('totp_enrolled_at', 'is', null)
      : q.where('totp_secret', '=', p.secret).where('totp_enrolled_at', 'is not', null);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  tickets: {
    insert(
      db: Db | Tx,
      row: {
        hash: string;
        operatorId: number;
        kind: 'totp' | 'enroll';
        sealedSecret: string | null;
        at: number;
        expiresAt: number;
      },
    ) {
      return db
        .insertInto('operator_login_tickets')
        .values({
          token_hash: row.hash,
          operator_id: row.operatorId,
          kind: row.kind,
          totp_secret: row.sealedSecret,
          expires_at: row.expiresAt,
          used_at: null,
          created_at: row.at,
        })
        .execute();
    },

    byHash(db: Db | Tx, hash: string) {
      return db
        .selectFrom('operator_login_tickets')
        .select(['id', 'operator_id', 'kind', 'totp_secret', 'attempts', 'expires_at', 'used_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
    },

    /**
     * Takes one of a ticket's attempts before its code is checked, in one conditional statement,
     * so parallel guesses get no more checks than the limit. False when the ticket is used, expired
     * or out of attempts.
     */
    async takeAttempt(db: Db | Tx, id: number, now: number, max: number): Promise<boolean> {
      const r = await db
        .updateTable('operator_login_tickets')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .where('attempts', '<', max)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Uses a ticket once: false when it was used already. */
    async use(db: Db | Tx, id: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('operator_login_tickets')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Ends every open ticket of an operator (its second factor was reset, or it was disabled). */
    endAll(db: Db | Tx, operatorId: number, now: number) {
      return db
        .updateTable('operator_login_tickets')
        .set({ used_at: now })
        .where('operator_id', '=', operatorId)
        .where('used_at', 'is', null)
        .execute();
    },

    /** Forgets an operator's tickets that ended before `before`. */
    prune(db: Db | Tx, operatorId: number, before: number) {
      return db
        .deleteFrom('operator_login_tickets')
        .where('operator_id', '=', operatorId)
        .where('expires_at', '<', before)
        .execute();
    },
  },
};
