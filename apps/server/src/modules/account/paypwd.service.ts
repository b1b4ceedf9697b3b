import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILURES } from '@dropdesk/contract/constants';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { type HashCost, hashPassword, verifyPassword } from '../../lib/crypto';
import type { RequestOrigin } from '../../lib/origin';
import { fieldRefusal, Refusal } from '../../lib/refusal';
import type { SessionMerchant } from '../../lib/sessions';
import { notify } from '../notices';
import { originParams, recordSecurityEvent } from '../security';
import { merchantsRepository } from './merchants.repository';
import { type PaySlot, payPasswordsRepository as repo } from './paypwd.repository';

/** How long a check's slot stays live: far above one verification, so only a dead server's expires. */
export const PAY_CHECK_LEASE_MS = 30_000;
/** A check that finds every slot taken by checks in flight waits for them, polling, this long at most. */
export const PAY_CHECK_WAIT_MS = 5_000;
const PAY_CHECK_POLL_MS = 20;
/** How long this process remembers a payment password it verified (docs/decisions.md 19). */
export const PAY_PASSWORD_REMEMBER_MS = 5 * 60_000;
/** At most this many merchants are remembered at once; the least recently paying go first. */
const PAY_REMEMBER_MAX = 50_000;

/** A verified password, as a keyed MAC only, and the stored hash it was verified against. */
interface Remembered {
  hash: string;
  mac: Buffer;
}

export interface PayPasswordDeps {
  db: Db;
  clock: Clock;
  /** The hashing cost of new payment passwords (config.argon2). */
  argon2: HashCost;
}

/** What one verification found; each caller turns it into its own refusal, named at its own field. */
type Outcome =
  | { kind: 'ok' }
  | { kind: 'unknown' }
  | { kind: 'not_set' }
  | { kind: 'locked'; until: number }
  | { kind: 'wrong'; attemptsLeft: number; lockedUntil: number | null }
  | { kind: 'busy' };

/**
 * The payment password: 6 digits, hashed like a login password, set once and then changed.
 * Five wrong entries lock paying actions for 30 minutes.
 *
 * How parallel checks are counted. The merchant's row holds confirmed failures (`pay_fail_count`)
 * apart from checks in flight (`pay_inflight`, with a lease and a generation):
 * - a check first takes a slot, with one conditional UPDATE, only while failures + live slots < 5
 *   and no lock runs. So however many guesses arrive at once, at most five are verified per lock
 *   window: parallelism is no way around the count.
 * - a right answer frees its slot and clears the failures: it never brings anyone closer to a lock.
 * - a wrong answer turns its slot into a failure; the one that makes it five stores the lock.
 * - when no slot is free only because other checks are in flight, the check waits for them (polling
 *   every 20 ms, at most 5 s) instead of answering locked: it is refused PAY_PASSWORD_LOCKED only
 *   when a lock is stored, and RATE_LIMITED ('try again in a moment') if the wait runs out.
 * - a server killed mid-check leaves its slot behind. Slots carry a lease (30 s, renewed by each new
 *   slot); once it has run out with no new slot taken, the next check drops them and starts a new
 *   generation, so a late release of a dropped slot frees nothing. A dead server thus delays
 *   paying by the lease at most, and never counts as a failure.
 * - identical checks in flight in this process (same merchant, same password) share one
 *   verification and one slot: 200 parallel right answers need one slot, not 200.
 * A check that outlives its lease (a stalled process) may let one more guess in: the price of not
 * locking a merchant forever after a crash.
 *
 * A right answer is remembered for 5 minutes (docs/decisions.md 19): the same password from the
 * same merchant is then accepted after one read of the row instead of an Argon2 verification,
 * while the stored hash is unchanged and no failure or lock is recorded. Only an HMAC under a key
 * that lives in this process's memory is kept, never the password. A wrong answer never takes
 * this path: each guess is still verified and counted.
 */
export class PayPasswords {
  private readonly inFlight = new Map<string, Promise<Outcome>>();
  private readonly remembered = new LRUCache<number, Remembered>({
    max: PAY_REMEMBER_MAX,
    ttl: PAY_PASSWORD_REMEMBER_MS,
  });
  private readonly macKey = randomBytes(32);

  constructor(private readonly deps: PayPasswordDeps) {}

  /** Refuses unless `password` is the merchant's payment password. Use before every paying action. */
  async check(merchantId: number, password: string, field = 'pay_password'): Promise<void> {
    const outcome = await this.verifyShared(merchantId, password);
    // Every refusal of the check names the field, so a form shows it where the password was typed.
    const fields = (key: Refusal['key']) => ({ [field]: key });
    switch (outcome.kind) {
      case 'ok':
        return;
      case 'unknown':
        throw new Refusal('UNAUTHORIZED', undefined, 401);
      case 'not_set':
        throw fieldRefusal('PAY_PASSWORD_NOT_SET', field);
      case 'busy':
        throw new Refusal('RATE_LIMITED', { fields: fields('RATE_LIMITED') });
      case 'locked': {
        const minutes = Math.max(1, Math.ceil((outcome.until - this.deps.clock.now()) / 60_000));
        throw new Refusal(
          'PAY_PASSWORD_LOCKED',
          { locked_until: iso(outcome.until), fields: fields('PAY_PASSWORD_LOCKED') },
          200,
          { minutes },
        );
      }
      case 'wrong': {
        const { attemptsLeft, lockedUntil } = outcome;
        // The fifth wrong entry is still answered as wrong (0 attempts left); the next finds it locked.
        const data = {
          attempts_left: attemptsLeft,
          ...(lockedUntil !== null ? { locked_until: iso(lockedUntil) } : {}),
          fields: fields('WRONG_PAY_PASSWORD'),
        };
        throw new Refusal('WRONG_PAY_PASSWORD', data, 200, { attempts_left: attemptsLeft });
      }
    }
  }

  /** verify_pay: the same check, answered as data for a screen that asks before paying. */
  async confirm(merchantId: number, password: string): Promise<{ ok: true }> {
    await this.check(merchantId, password);
    return { ok: true };
  }

  /** Joins a verification of the same merchant and password already in flight, or starts one. */
  private verifyShared(merchantId: number, password: string): Promise<Outcome> {
    const key = `${merchantId}:${password}`;
    let outcome = this.inFlight.get(key);
    if (!outcome) {
      outcome = this.verify(merchantId, password).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, outcome);
    }
    return outcome;
  }

  private async verify(merchantId: number, password: string): Promise<Outcome> {
    if (await this.isRemembered(merchantId, password)) return { kind: 'ok' };
    const slot = await this.takeSlot(merchantId);
    if (!('hash' in slot)) return slot;
    const { clock, db } = this.deps;
    if (await verifyPassword(slot.hash, password)) {
      await repo.passed(db, merchantId, slot);
      this.remembered.set(merchantId, { hash: slot.hash, mac: this.mac(merchantId, password) });
      return { kind: 'ok' };
    }
    const { failures, lockedUntil } = await repo.failed(db, merchantId, slot, clock.now(), {
      max: PAY_PASSWORD_MAX_FAILURES,
      lockMs: PAY_PASSWORD_LOCK_MS,
    });
    return {
      kind: 'wrong',
      attemptsLeft: Math.max(0, PAY_PASSWORD_MAX_FAILURES - failures),
      lockedUntil: failures >= PAY_PASSWORD_MAX_FAILURES ? lockedUntil : null,
    };
  }

  /** True when this password was verified lately and the row shows no change, failure or lock since. */
  private async isRemembered(merchantId: number, password: string): Promise<boolean> {
    const entry = this.remembered.get(merchantId);
    if (!entry) return false;
    const state = await repo.state(this.deps.db, merchantId);
    const clean =
      state !== undefined &&
      state.pay_password_hash === entry.hash &&
      state.pay_fail_count === 0 &&
      (state.pay_locked_until === null || state.pay_locked_until <= this.deps.clock.now());
    if (!clean) this.remembered.delete(merchantId);
    return clean && timingSafeEqual(entry.mac, this.mac(merchantId, password));
  }

  private mac(merchantId: number, password: string): Buffer {
    return createHmac('sha256', this.macKey).update(`${merchantId}:${password}`).digest();
  }

  /** A slot, or why none: no merchant, no password, a stored lock, or checks in flight too long. */
  private async takeSlot(merchantId: number): Promise<PaySlot | Outcome> {
    const { clock, db } = this.deps;
    // The wait is bounded in real time, not by the business clock, which tests hold still.
    const deadline = performance.now() + PAY_CHECK_WAIT_MS;
    for (;;) {
      const now = clock.now();
      const slot = await repo.reserve(db, merchantId, now, {
        max: PAY_PASSWORD_MAX_FAILURES,
        leaseMs: PAY_CHECK_LEASE_MS,
      });
      if (slot) return slot;
      const state = await repo.state(db, merchantId);
      if (!state) return { kind: 'unknown' };
      if (!state.pay_password_hash) return { kind: 'not_set' };
      if (state.pay_locked_until !== null && state.pay_locked_until > now) {
        return { kind: 'locked', until: state.pay_locked_until };
      }
      if (performance.now() >= deadline) return { kind: 'busy' };
      await sleep(PAY_CHECK_POLL_MS);
    }
  }

  /** Sets the first payment password (recorded in the security history as `pay_password_set`). */
  async set(merchant: Pick<SessionMerchant, 'id' | 'sessionId'>, password: string, origin: RequestOrigin) {
    if (!(await this.store(merchant, password, true, origin))) throw new Refusal('PAY_PASSWORD_ALREADY_SET');
    return null;
  }

  /**
   * Changes it, proven by the old payment password or by the login password; recorded in the
   * security history, and the merchant is told (a `pay_password_changed` notice).
   */
  async change(
    session: Pick<SessionMerchant, 'id' | 'sessionId'>,
    body: { pay_password: string; old_pay_password?: string | undefined; password?: string | undefined },
    origin: RequestOrigin,
  ): Promise<null> {
    const merchantId = session.id;
    const merchant = await merchantsRepository.byId(this.deps.db, merchantId);
    if (!merchant) throw new Refusal('UNAUTHORIZED', undefined, 401);
    if (body.old_pay_password !== undefined) {
      await this.check(merchantId, body.old_pay_password, 'old_pay_password');
    } else if (body.password !== undefined) {
      if (!(await verifyPassword(merchant.password_hash, body.password)))
        throw fieldRefusal('WRONG_PASSWORD', 'password');
    } else {
      throw fieldRefusal('PAY_PASSWORD_REQUIRED', 'old_pay_password');
    }
    await this.store(session, body.pay_password, false, origin);
    return null;
  }

  /**
   * Hashes and stores a payment password, clearing failures and lock, and records it in the same
   * transaction (a change is also told to the merchant). False if `onlyIfUnset` found one.
   */
  private async store(
    session: Pick<SessionMerchant, 'id' | 'sessionId'>,
    password: string,
    onlyIfUnset: boolean,
    origin: RequestOrigin,
  ): Promise<boolean> {
    const hash = await hashPassword(password, this.deps.argon2);
    const now = this.deps.clock.now();
    const merchantId = session.id;
    return this.deps.db.transaction().execute(async (tx) => {
      if (!(await repo.storeHash(tx, merchantId, hash, now, onlyIfUnset))) return false;
      const kind = onlyIfUnset ? 'pay_password_set' : 'pay_password_changed';
      await recordSecurityEvent(tx, { merchantId, kind, origin, sessionId: session.sessionId }, now);
      if (kind === 'pay_password_changed')
        await notify(
          tx,
          { merchantId, type: 'pay_password_changed', params: originParams(origin, now) },
          now,
        );
      return true;
    });
  }
}
