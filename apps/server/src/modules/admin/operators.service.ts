import type { OperatorRole, operatorItem } from '@dropdesk/contract/admin';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import type { PageOf, Paging } from '../../db/paging';
import type { OperatorsTable } from '../../db/schema';
import { type Clock, iso } from '../../lib/clock';
import { type HashCost, hashPassword } from '../../lib/crypto';
import { notFound, Refusal } from '../../lib/refusal';
import { type AuditValue, audit } from '../audit';
import type { Sessions } from '../sessions';
import { type OperatorFilter, operatorsRepository as operators } from './operators.repository';

type OperatorItem = z.infer<typeof operatorItem>;
type OperatorRow = Pick<
  OperatorsTable,
  'username' | 'role' | 'disabled_at' | 'created_at' | 'totp_enrolled_at' | 'last_login_at'
> & { id: number };

export const operatorView = (row: OperatorRow): OperatorItem => ({
  id: row.id,
  username: row.username,
  role: row.role,
  disabled: row.disabled_at !== null,
  totp_enrolled: row.totp_enrolled_at !== null,
  created_at: iso(row.created_at),
  last_login_at: row.last_login_at === null ? null : iso(row.last_login_at),
});

/** What an operator's audit entries record of it. */
const audited = (row: OperatorRow): AuditValue => ({
  username: row.username,
  role: row.role,
  disabled: row.disabled_at !== null,
  totp_enrolled: row.totp_enrolled_at !== null,
});

export interface OperatorsAdminDeps {
  db: Db;
  clock: Clock;
  sessions: Pick<Sessions, 'revokeAll'>;
  hashCost: HashCost;
}

/** Who acts: an admin's id from its session, or null from the command line (`npm run ops`). */
export type Actor = number | null;

/**
 * Admins manage operators (docs/console-api.md "Operators and security"): list, create, change the
 * role, disable or enable, reset the second factor. Each change is one transaction with its audit
 * entry (before and after). An admin cannot change itself, so the platform never loses its last
 * admin through the console, and a stolen admin session cannot re-enrol its own second factor.
 */
export class OperatorsAdmin {
  constructor(private readonly deps: OperatorsAdminDeps) {}

  async page(filter: OperatorFilter, paging: Paging): Promise<PageOf<OperatorItem>> {
    const found = await operators.page(this.deps.db, filter, paging);
    return { ...found, list: found.list.map(operatorView) };
  }

  async create(
    actor: Actor,
    body: { username: string; password: string; role: OperatorRole },
  ): Promise<OperatorItem> {
    const { db, clock, hashCost } = this.deps;
    if (await operators.byUsername(db, body.username)) throw taken();
    const passwordHash = await hashPassword(body.password, hashCost);
    const now = clock.now();
    try {
      const id = await db.transaction().execute(async (tx) => {
        const { id } = await operators.insert(tx, {
          username: body.username,
          passwordHash,
          role: body.role,
          at: now,
        });
        const row = await operators.byId(tx, id);
        await audit(
          tx,
          {
            operatorId: actor,
            action: 'operator.create',
            targetType: 'operator',
            targetId: id,
            before: null,
            after: audited(row!),
          },
          now,
        );
        return id;
      });
      return this.item(id);
    } catch (error) {
      // Two admins creating the same username at once: the unique index decides.
      if (isUniqueViolation(error)) throw taken();
      throw error;
    }
  }

  async update(
    actor: Actor,
    body: { id: number; role?: OperatorRole; disabled?: boolean },
  ): Promise<OperatorItem> {
    const { db, clock, sessions } = this.deps;
    if (body.id === actor) throw new Refusal('CANNOT_CHANGE_SELF');
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const before = await operators.byId(tx, body.id);
      if (!before) throw notFound();
      const disabledAt =
        body.disabled === undefined ? before.disabled_at : body.disabled ? (before.disabled_at ?? now) : null;
      await operators.update(tx, body.id, { role: body.role ?? before.role, disabledAt });
      if (disabledAt !== null) await sessions.revokeAll({ type: 'operator', id: body.id }, undefined, tx);
      if (disabledAt !== null) await operators.tickets.endAll(tx, body.id, now);
      const after = await operators.byId(tx, body.id);
      await audit(
        tx,
        {
          operatorId: actor,
          action: 'operator.update',
          targetType: 'operator',
          targetId: body.id,
          before: { role: before.role, disabled: before.disabled_at !== null },
          after: { role: after!.role, disabled: after!.disabled_at !== null },
          ...(disabledAt !== null && before.disabled_at === null
            ? { detail: { sessions_revoked: true } }
            : {}),
        },
        now,
      );
    });
    return this.item(body.id);
  }

  /**
   * Removes an operator's second factor and ends its sessions and open login tickets: its next login
   * enrols a new one (a lost phone). From the command line too (`operator:reset-totp`, actor null).
   */
  async resetTotp(actor: Actor, id: number): Promise<OperatorItem> {
    const { db, clock, sessions } = this.deps;
    if (id === actor) throw new Refusal('CANNOT_CHANGE_SELF');
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const before = await operators.byId(tx, id);
      if (!before) throw notFound();
      await operators.clearTotp(tx, id);
      await operators.tickets.endAll(tx, id, now);
      await sessions.revokeAll({ type: 'operator', id }, undefined, tx);
      await audit(
        tx,
        {
          operatorId: actor,
          action: 'operator.reset_totp',
          targetType: 'operator',
          targetId: id,
          before: {
            totp_enrolled: before.totp_enrolled_at !== null,
            totp_enrolled_at: before.totp_enrolled_at === null ? null : iso(before.totp_enrolled_at),
          },
          after: { totp_enrolled: false, totp_enrolled_at: null },
          detail: { sessions_revoked: true },
        },
        now,
      );
    });
    return this.item(id);
  }

  /** The operator named `username` (the command line names operators so). */
  async byUsername(username: string): Promise<OperatorItem | null> {
    const row = await operators.byUsername(this.deps.db, username);
    return row ? operatorView(row) : null;
  }

  private async item(id: number): Promise<OperatorItem> {
    const row = await operators.byId(this.deps.db, id);
    if (!row) throw notFound();
    return operatorView(row);
  }
}

const taken = () => new Refusal('USERNAME_TAKEN', { fields: { username: 'USERNAME_TAKEN' } });
