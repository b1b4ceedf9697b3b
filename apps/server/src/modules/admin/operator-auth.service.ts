import type { adminRoutes } from '@dropdesk/contract/admin';
import type { DataOf } from '@dropdesk/contract/route';
import type { Db } from '../../db/database';
import { type HashCost, hashPassword, verifyPassword } from '../../lib/crypto';
import { Refusal } from '../../lib/refusal';
import type { Sessions } from '../auth/sessions';
import { operatorsRepository } from './operators.repository';

export interface OperatorAuthDeps {
  db: Db;
  sessions: Sessions;
  /** The cost operators' passwords are hashed at, so the stand-in hash costs the same to verify. */
  hashCost: HashCost;
}

type LoggedIn = DataOf<typeof adminRoutes.login>;

/** Operator login for the console: one refusal, and one duration, for every wrong answer. */
export class OperatorAuth {
  /**
   * Verified when the username is unknown, so that an unknown username takes as long to refuse as
   * a wrong password: otherwise the answer's timing tells which usernames exist (1.5 ms against
   * 28 ms, measured by the attack of issue 8).
   */
  private readonly dummyHash: Promise<string>;

  constructor(private readonly deps: OperatorAuthDeps) {
    this.dummyHash = hashPassword('not-an-operator-password', deps.hashCost);
  }

  async login(body: { username: string; password: string }): Promise<LoggedIn> {
    const op = await operatorsRepository.byUsername(this.deps.db, body.username);
    // A disabled operator's own hash is verified too: the refusal takes the same time either way.
    const ok = await verifyPassword(op?.password_hash ?? (await this.dummyHash), body.password);
    if (!op || !ok || op.disabled_at !== null) throw new Refusal('INVALID_CREDENTIALS');
    const token = await this.deps.sessions.open({ type: 'operator', id: op.id });
    return { token, operator: { id: op.id, username: op.username, role: op.role } };
  }
}
