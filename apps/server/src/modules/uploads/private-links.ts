import type { UploadKind } from '@dropdesk/contract/constants';
import { adminKycRoutes } from '@dropdesk/contract/kyc';
import type { OperatorRole } from '@dropdesk/contract/route';
import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import { deriveKey, safeEqual, sign } from '../../lib/crypto';

/**
 * The operator roles that review each private kind: the roles of the queue that shows it (the
 * contract rows), so a role given a queue sees its files and no other role does.
 */
export const REVIEWING_ROLES: Readonly<Record<UploadKind, readonly OperatorRole[]>> = {
  voucher: adminWalletRoutes.recharges.roles,
  id_card: adminKycRoutes.list.roles,
  // Licences are taken with the identity at registration: whoever checks identities checks them.
  license: adminKycRoutes.list.roles,
  logo: [],
  banner: [],
  product: [],
};

/**
 * Links are issued for windows of this length and stay valid for one more: a link is good for
 * between 5 and 10 minutes, and every reply within a window names the same link, so the browser's
 * cache serves a photo shown twice (docs/decisions.md 30).
 */
export const LINK_WINDOW_MS = 5 * 60_000;

/** Makes a signed path for one reply's private files: `(ref) => '/uploads/<ref>?v=…&e=…&s=…'`. */
export type FileLink = (ref: string) => string;

/** What a signed link carries: the viewer's session and when the link ends. */
export interface LinkQuery {
  v?: string;
  e?: string;
  s?: string;
}

/**
 * Short-lived signed links to private files (vouchers, ID photos, licences), so an `<img>` can load
 * one without a `token` header (docs/design.md §4). A link is `/uploads/<id>?v=<session>&e=<expiry>&s=<sig>`
 * with `sig` = HMAC-SHA256 over (id, session, expiry) under a key derived from SECRET for this use
 * alone. It binds the file (another id fails the signature), the viewer's session (when that
 * session ends, by sign-out or expiry, the link ends with it; when the viewer may no longer see the
 * file, the fetch says so) and its end (minutes away). Checking it is the route's first step; who
 * may see what is checked again at the fetch (uploads.routes.ts).
 */
export class PrivateLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = deriveKey(secret, 'private-file-link');
  }

  private signature(id: string, sessionId: number, expires: number): string {
    return sign(this.key, `${id}\n${sessionId}\n${expires}`);
  }

  /** The signed path of file `id` for the holder of session `sessionId`, valid 5 to 10 minutes. */
  url(id: string, sessionId: number): string {
    const expires = (Math.floor(this.clock.now() / LINK_WINDOW_MS) + 2) * LINK_WINDOW_MS;
    const seconds = expires / 1000;
    return `/uploads/${id}?v=${sessionId}&e=${seconds}&s=${this.signature(id, sessionId, seconds)}`;
  }

  /** The links of one reader: the signed-in merchant or operator of the request. */
  forRequest(request: FastifyRequest): FileLink {
    const sessionId = request.merchant?.sessionId ?? request.operator?.sessionId;
    if (sessionId === undefined) throw new Error('private file links need a signed-in reader');
    return (ref) => this.url(ref, sessionId);
  }

  /**
   * The session a link was issued to and the milliseconds it has left, if it is one of ours for this
   * file and has not ended; null otherwise (tampered, another file's, expired, or not a link at all).
   */
  check(id: string, query: LinkQuery): { sessionId: number; remainingMs: number } | null {
    const { v, e, s } = query;
    if (!v || !e || !s || !/^[1-9]\d{0,15}$/.test(v) || !/^[1-9]\d{0,12}$/.test(e)) return null;
    const sessionId = Number(v);
    const expires = Number(e);
    if (!safeEqual(this.signature(id, sessionId, expires), s)) return null;
    const remainingMs = expires * 1000 - this.clock.now();
    return remainingMs > 0 ? { sessionId, remainingMs } : null;
  }
}
