import type { CurrencyInfo } from '@dropdesk/contract/account';
import { type adminRoutes, LOGIN_TICKET_ATTEMPTS, LOGIN_TICKET_MINUTES } from '@dropdesk/contract/admin';
import type { DataOf } from '@dropdesk/contract/route';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { type HashCost, hashPassword, newToken, sha256, verifyPassword } from '../../lib/crypto';
import { Refusal } from '../../lib/refusal';
import { newTotpSecret, type SecretBox, totpMatch, totpUri } from '../../lib/totp';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import type { Sessions } from '../sessions';
import { operatorsRepository as operators } from './operators.repository';

export interface OperatorAuthDeps {
  db: Db;
  clock: Clock;
  sessions: Pick<Sessions, 'open' | 'revoke'>;
  /** The cost operators' passwords are hashed at, so the stand-in hash costs the same to verify. */
  hashCost: HashCost;
  /** Seals and opens TOTP secrets (lib/totp.ts), under a key derived from SECRET. */
  box: SecretBox;
  /** `OPERATOR_IDLE_MINUTES`: told to the console, which warns before its session ends. */
  idleMinutes: number;
  /** The platform's one currency (`CURRENCY`): the console writes every amount with it. */
  currency: CurrencyInfo;
}

type LoginStep = DataOf<typeof adminRoutes.login>;
type LoggedIn = DataOf<typeof adminRoutes.loginTotp>;
type Me = DataOf<typeof adminRoutes.me>;

const TICKET_MS = LOGIN_TICKET_MINUTES * 60_000;
/** Ended tickets are forgotten a day after they expire (each login prunes its operator's). */
const TICKET_KEPT_MS = 24 * 3_600_000;

/**
 * Operator sign-in for the console, in two steps (docs/console-api.md "Operators and security"):
 *
 * 1. `login`: the password. One refusal, and one duration, for every wrong answer. The right one
 *    opens no session: it gets a ticket (5 minutes, single use, only its hash stored) for the
 *    second step, of kind `totp`, or, for an operator without a second factor (new, or reset by an
 *    admin), of kind `enroll` with a new secret and its `otpauth://` URI for the console's QR code.
 * 2. `loginTotp`: the ticket and the authenticator app's 6-digit code. Each try takes one of the
 *    ticket's 5 attempts first (atomically); a code is accepted once per operator and time step
 *    (no replay, even of two requests at once); the right code of an `enroll` ticket records the
 *    secret. Then the session opens, and the login is audited.
 */
export class OperatorAuth {
  /**
   * Verified when the username is unknown, so that an unknown username takes as long to refuse as
   * a wrong password: otherwise the answer's timing tells which usernames exist (1.5 ms against
   * 28 ms, measured by an attack from outside).
   */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly deps: OperatorAuthDeps) {
    this.dummyHash = hashPassword('not-an-operator-password', deps.hashCost);
  }

  async login(body: { username: string; password: string }): Promise<LoginStep> {
    const { db, clock, box } = this.deps;
    const op = await operators.byUsername(db, body.username);
    // A disabled operator's own hash is verified too: the refusal takes the same time either way.
    const ok = await verifyPassword(op?.password_hash ?? (await this.dummyHash), body.password);
    if (!op || !ok || op.disabled_at !== null) throw new Refusal('INVALID_CREDENTIALS');
    const now = clock.now();
    const ticket = newToken();
    await operators.tickets.prune(db, op.id, now - TICKET_KEPT_MS);
    const enrolled = op.totp_enrolled_at !== null && op.totp_secret !== null;
    const secret = enrolled ? null : newTotpSecret();
    await operators.tickets.insert(db, {
      hash: sha256(ticket),
      operatorId: op.id,
      kind: enrolled ? 'totp' : 'enroll',
      sealedSecret: secret === null ? null : box.seal(secret),
      at: now,
      expiresAt: now + TICKET_MS,
    });
    if (secret === null) return { step: 'totp', ticket };
    return { step: 'enroll', ticket, secret, otpauth_uri: totpUri(secret, op.username) };
  }

  async loginTotp(body: { ticket: string; code: string }): Promise<LoggedIn> {
    const { db, clock, sessions } = this.deps;
    const now = clock.now();
    const ticket = await operators.tickets.byHash(db, sha256(body.ticket));
    if (!ticket || !(await operators.tickets.takeAttempt(db, ticket.id, now, LOGIN_TICKET_ATTEMPTS)))
      throw new Refusal('LOGIN_EXPIRED');
    const op = await operators.byId(db, ticket.operator_id);
    const enrol = ticket.kind === 'enroll';
    // The operator was disabled, enrolled through another ticket, or reset, since the password:
    // this ticket answers for a state that is gone.
    if (!op || op.disabled_at !== null || (op.totp_enrolled_at === null) !== enrol)
      throw new Refusal('LOGIN_EXPIRED');
    const sealed = enrol ? ticket.totp_secret : op.totp_secret;
    if (sealed === null) throw new Refusal('LOGIN_EXPIRED');
    const secret = this.deps.box.open(sealed);
    if (secret === null)
      throw new Error(
        `operator #${op.id}: its TOTP secret cannot be opened (was SECRET changed?); npm run ops -- operator:reset-totp ${op.username}`,
      );
    const step = totpMatch(secret, body.code, now);
    if (step === null) throw wrongCode();

    const token = await db.transaction().execute(async (tx) => {
      if (!(await operators.tickets.use(tx, ticket.id, now))) throw new Refusal('LOGIN_EXPIRED');
      // A step accepted already (the same code again, or a parallel request with it): refused.
      if (!(await operators.acceptStep(tx, { id: op.id, step, at: now, secret: sealed, enrol })))
        throw wrongCode();
      const token = await sessions.open({ type: 'operator', id: op.id }, tx);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: enrol ? 'operator.enrol_totp' : 'operator.login',
          targetType: 'operator',
          targetId: op.id,
          before: {
            totp_enrolled: !enrol,
            last_login_at: op.last_login_at === null ? null : iso(op.last_login_at),
          },
          after: { totp_enrolled: true, last_login_at: iso(now) },
        },
        now,
      );
      return token;
    });
    return {
      token,
      operator: { id: op.id, username: op.username, role: op.role },
      idle_minutes: this.deps.idleMinutes,
      currency: this.deps.currency,
    };
  }

  async logout(self: SessionOperator): Promise<Record<string, never>> {
    const { db, clock, sessions } = this.deps;
    await db.transaction().execute(async (tx) => {
      await audit(
        tx,
        {
          operatorId: self.id,
          action: 'operator.logout',
          targetType: 'session',
          targetId: self.sessionId,
          before: { revoked: false },
          after: { revoked: true },
        },
        clock.now(),
      );
      await sessions.revoke(self.sessionId, tx);
    });
    return {};
  }

  async me(self: SessionOperator): Promise<Me> {
    const op = await operators.byId(this.deps.db, self.id);
    // The auth plugin has just read this operator with its session: it exists.
    if (!op) throw new Error(`operator #${self.id} vanished`);
    return {
      operator: { id: op.id, username: op.username, role: op.role },
      idle_minutes: this.deps.idleMinutes,
      currency: this.deps.currency,
    };
  }
}

const wrongCode = () => new Refusal('WRONG_TOTP', { fields: { code: 'WRONG_TOTP' } });
