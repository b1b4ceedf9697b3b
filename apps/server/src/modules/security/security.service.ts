import type { SecurityEventKind } from '@dropdesk/contract/security';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { deviceOf, ipHint, type RequestOrigin } from '../../lib/origin';
import { notFound, Refusal } from '../../lib/refusal';
import type { SessionMerchant } from '../../lib/sessions';
import { notify } from '../notices';
import type { Sessions } from '../sessions';
import { type SecurityEventRow, securityEventsRepository } from './security.repository';

/** What an event's words need: the signed-out session's device, how many sessions ended. */
export type EventParams = Record<string, string | number>;

/**
 * Appends one event to a merchant's security history, inside the caller's transaction, so the event
 * exists exactly when the change it tells of does. `origin`: where the request came from (null when
 * there was no request); `sessionId`: the session it was made with, or the one a sign-in opened.
 */
export async function recordSecurityEvent(
  tx: Db,
  event: {
    merchantId: number;
    kind: SecurityEventKind;
    origin: RequestOrigin | null;
    sessionId?: number | null;
    params?: EventParams;
  },
  now: number,
): Promise<void> {
  await securityEventsRepository.insert(tx, {
    merchant_id: event.merchantId,
    kind: event.kind,
    session_id: event.sessionId ?? null,
    user_agent: event.origin?.userAgent ?? null,
    ip: event.origin?.ip ?? null,
    country: event.origin?.country ?? null,
    params: JSON.stringify(event.params ?? {}),
    created_at: now,
  });
}

/**
 * The params of a security notice (`security_new_device`, `login_password_changed`,
 * `pay_password_changed`): the device and country of the request, null when unknown, and
 * when (ISO): the app writes them in the reader's language.
 */
export function originParams(origin: RequestOrigin, now: number) {
  return { device: deviceOf(origin.userAgent), country: origin.country, time: iso(now) };
}

/**
 * Opens a merchant session for a sign-in (login, registration, a partner's handoff) inside the
 * caller's transaction, and records it: `sign_in_new_device` when the merchant's sessions so far
 * were opened on other devices only, with a `security_new_device` notice; otherwise `sign_in` (a
 * known device, or no device recorded yet: registration's first session, or the first sign-in since
 * devices were recorded). The new session's token.
 */
export async function signIn(
  tx: Db,
  deps: { sessions: Sessions; clock: Clock },
  merchantId: number,
  origin: RequestOrigin,
): Promise<string> {
  const standing = await deps.sessions.deviceStanding(merchantId, origin.deviceKey, tx);
  const { token, id } = await deps.sessions.start({ type: 'merchant', id: merchantId }, origin, tx);
  const now = deps.clock.now();
  const newDevice = standing === 'new';
  await recordSecurityEvent(
    tx,
    { merchantId, kind: newDevice ? 'sign_in_new_device' : 'sign_in', origin, sessionId: id },
    now,
  );
  if (newDevice)
    await notify(tx, { merchantId, type: 'security_new_device', params: originParams(origin, now) }, now);
  return token;
}

/** An event's params as stored (JSON written by recordSecurityEvent); anything else reads as none. */
function paramsOf(json: string): EventParams {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    );
  } catch {
    return {};
  }
}

function eventItem(row: SecurityEventRow) {
  return {
    id: Number(row.id),
    kind: row.kind,
    at: iso(Number(row.created_at)),
    params: paramsOf(row.params),
    device: deviceOf(row.user_agent),
    country: row.country,
    ip_hint: ipHint(row.ip),
  };
}

export interface SecurityDeps {
  db: Db;
  clock: Clock;
  sessions: Sessions;
}

/**
 * The merchant's security centre (docs/security.md): its live sessions, ending one or all the
 * others, and the history. Each ending is recorded in the same transaction as the revocation; a
 * revoked session is refused on its very next request (sessions are read from the database on every
 * request, no cache: modules/sessions).
 */
export class SecurityService {
  constructor(private readonly deps: SecurityDeps) {}

  /** The live sessions, the current one first, then by last use. */
  async sessions(merchant: SessionMerchant) {
    const rows = await this.deps.sessions.liveSessions({ type: 'merchant', id: merchant.id });
    const list = rows.map((r) => ({
      id: Number(r.id),
      current: r.id === merchant.sessionId,
      device: deviceOf(r.user_agent),
      country: r.country,
      ip_hint: ipHint(r.ip),
      first_seen: iso(Number(r.created_at)),
      last_seen: iso(Number(r.last_seen_at)),
    }));
    // Stable: the others keep the repository's order (last used first).
    list.sort((a, b) => Number(b.current) - Number(a.current));
    return { list };
  }

  /** Ends another live session of the merchant: NOT_FOUND for anyone else's, an ended or unknown one. */
  async signOutSession(merchant: SessionMerchant, sessionId: number, origin: RequestOrigin) {
    if (sessionId === merchant.sessionId) throw new Refusal('SESSION_IS_CURRENT');
    const subject = { type: 'merchant' as const, id: merchant.id };
    const { db, sessions, clock } = this.deps;
    return db.transaction().execute(async (tx) => {
      const target = await sessions.liveSession(subject, sessionId, tx);
      // The conditional revoke settles a race with another ending of the same session.
      if (!target || !(await sessions.revokeLive(subject, sessionId, tx))) throw notFound();
      const device = deviceOf(target.user_agent);
      await recordSecurityEvent(
        tx,
        {
          merchantId: merchant.id,
          kind: 'session_signed_out',
          origin,
          sessionId: merchant.sessionId,
          params: device === null ? {} : { device },
        },
        clock.now(),
      );
      return { signed_out: 1 };
    });
  }

  /** Ends every other live session of the merchant; none to end is no event. */
  async signOutOthers(merchant: SessionMerchant, origin: RequestOrigin) {
    const { db, sessions, clock } = this.deps;
    return db.transaction().execute(async (tx) => {
      const count = await sessions.revokeOthers(
        { type: 'merchant', id: merchant.id },
        merchant.sessionId,
        tx,
      );
      if (count > 0)
        await recordSecurityEvent(
          tx,
          {
            merchantId: merchant.id,
            kind: 'other_sessions_signed_out',
            origin,
            sessionId: merchant.sessionId,
            params: { count },
          },
          clock.now(),
        );
      return { signed_out: count };
    });
  }

  /** A page of the history, newest first. */
  async events(merchantId: number, paging: Paging) {
    const page = await securityEventsRepository.page(this.deps.db, merchantId, paging);
    return { total: page.total, page: page.page, limit: page.limit, list: page.list.map(eventItem) };
  }
}
