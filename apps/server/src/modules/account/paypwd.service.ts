import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILURES } from '@dropdesk/contract/constants';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { iso } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { fieldRefusal, Refusal } from '../../lib/refusal';
import { merchantsRepository } from './merchants.repository';

/**
 * The payment password: 6 digits, hashed like a login password, set once and then changed.
 * Five wrong entries lock paying actions for 30 minutes. Each check first reserves an attempt with
 * one conditional UPDATE, so parallel guesses cannot get more than five tries between them.
 */
export class PayPasswords {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.db;
  }

  /** Refuses unless `password` is the merchant's payment password. Use before every paying action. */
  async check(merchantId: number, password: string, field = 'pay_password'): Promise<void> {
    const merchant = await merchantsRepository.byId(this.db, merchantId);
    if (!merchant) throw new Refusal('UNAUTHORIZED', undefined, 401);
    // Every refusal of the check names the field, so a form shows it where the password was typed.
    if (!merchant.pay_password_hash) throw fieldRefusal('PAY_PASSWORD_NOT_SET', field);
    const now = this.app.clock.now();
    const lockOver = sql<boolean>`pay_locked_until is not null and pay_locked_until <= ${now}`;
    const reserved = await this.db
      .updateTable('merchants')
      .set({
        pay_fail_count: sql`case when ${lockOver} then 1 else pay_fail_count + 1 end`,
        pay_locked_until: sql`case when ${lockOver} then null else pay_locked_until end`,
      })
      .where('id', '=', merchantId)
      .where(
        sql<boolean>`(pay_locked_until is null and pay_fail_count < ${PAY_PASSWORD_MAX_FAILURES}) or (${lockOver})`,
      )
      .returning('pay_fail_count')
      .executeTakeFirst();
    // `locked` rejects with the refusal; awaiting it throws that, not the promise itself.
    if (!reserved) return this.locked(merchantId, field);
    if (await verifyPassword(merchant.pay_password_hash, password)) {
      await this.db
        .updateTable('merchants')
        .set({ pay_fail_count: 0 })
        .where('id', '=', merchantId)
        .execute();
      return;
    }
    const attemptsLeft = PAY_PASSWORD_MAX_FAILURES - reserved.pay_fail_count;
    if (attemptsLeft <= 0) {
      await this.db
        .updateTable('merchants')
        .set({ pay_locked_until: now + PAY_PASSWORD_LOCK_MS })
        .where('id', '=', merchantId)
        .where('pay_locked_until', 'is', null)
        .execute();
      // The fifth wrong entry is still answered as wrong (0 attempts left); the next finds it locked.
      throw new Refusal(
        'WRONG_PAY_PASSWORD',
        {
          attempts_left: 0,
          locked_until: iso(now + PAY_PASSWORD_LOCK_MS),
          fields: { [field]: 'WRONG_PAY_PASSWORD' },
        },
        200,
        { attempts_left: 0 },
      );
    }
    throw new Refusal(
      'WRONG_PAY_PASSWORD',
      { attempts_left: attemptsLeft, fields: { [field]: 'WRONG_PAY_PASSWORD' } },
      200,
      {
        attempts_left: attemptsLeft,
      },
    );
  }

  private async lockedUntil(merchantId: number): Promise<number> {
    const row = await this.db
      .selectFrom('merchants')
      .select('pay_locked_until')
      .where('id', '=', merchantId)
      .executeTakeFirst();
    return row?.pay_locked_until ?? this.app.clock.now() + PAY_PASSWORD_LOCK_MS;
  }

  private locked(merchantId: number, field: string): Promise<never> {
    return this.lockedUntil(merchantId).then((until) => {
      const minutes = Math.max(1, Math.ceil((until - this.app.clock.now()) / 60_000));
      throw new Refusal(
        'PAY_PASSWORD_LOCKED',
        { locked_until: iso(until), fields: { [field]: 'PAY_PASSWORD_LOCKED' } },
        200,
        { minutes },
      );
    });
  }

  async set(merchantId: number, password: string): Promise<null> {
    const hash = await hashPassword(password, this.app.config.argon2);
    const done = await this.db
      .updateTable('merchants')
      .set({
        pay_password_hash: hash,
        pay_fail_count: 0,
        pay_locked_until: null,
        updated_at: this.app.clock.now(),
      })
      .where('id', '=', merchantId)
      .where('pay_password_hash', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new Refusal('PAY_PASSWORD_ALREADY_SET');
    return null;
  }

  /** Changes it, proven by the old payment password or by the login password. */
  async change(
    merchantId: number,
    body: { pay_password: string; old_pay_password?: string | undefined; password?: string | undefined },
  ): Promise<null> {
    const merchant = await merchantsRepository.byId(this.db, merchantId);
    if (!merchant) throw new Refusal('UNAUTHORIZED', undefined, 401);
    if (body.old_pay_password !== undefined) {
      await this.check(merchantId, body.old_pay_password, 'old_pay_password');
    } else if (body.password !== undefined) {
      if (!(await verifyPassword(merchant.password_hash, body.password)))
        throw fieldRefusal('WRONG_PASSWORD', 'password');
    } else {
      throw fieldRefusal('PAY_PASSWORD_REQUIRED', 'old_pay_password');
    }
    const hash = await hashPassword(body.pay_password, this.app.config.argon2);
    await this.db
      .updateTable('merchants')
      .set({
        pay_password_hash: hash,
        pay_fail_count: 0,
        pay_locked_until: null,
        updated_at: this.app.clock.now(),
      })
      .where('id', '=', merchantId)
      .execute();
    return null;
  }
}
