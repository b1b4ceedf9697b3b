import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deriveKey, randomId, safeEqual, sign } from '../../lib/crypto';

/**
 * Visitors only the server can make (docs/design.md §5 "Storefront, buyers and figures"; docs/dashboard.md
 * "Visitors"). The visitor id is issued by the server with the storefront's page, in a signed,
 * HttpOnly, SameSite=Lax cookie, and `POST /store/visit` reads it from there: an id a client invents
 * (or a page script reads, or a cookie with a broken signature) counts nothing. One visit per
 * visitor, shop and day, as before; and at most NEW_VISITORS_PER_ADDRESS visitors per shop, client
 * address and day, since anyone can fetch the page again for a fresh cookie.
 */
export const VISITOR_COOKIE = 'dd_visitor';

/**
 * New visitors one client address adds to one shop in one day. Five: the people of a household or
 * a small office, who share an address, still each count when they look at the same shop on the
 * same day; a script that fetches the page for a fresh cookie again and again adds five a day from
 * its address, not one per request. On carrier-grade NAT, where a mobile network puts many
 * subscribers behind one IPv4 address, more than five buyers of the same shop on the same address
 * on the same day is rare, and the figure then errs low, never high ("every figure is true").
 */
export const NEW_VISITORS_PER_ADDRESS = 5;

/** How long a browser keeps its visitor id: 400 days, the longest browsers keep a cookie. */
const COOKIE_MAX_AGE_S = 400 * 24 * 3600;

/**
 * Not people: no user agent, one that is not a browser's (every browser's starts with
 * `Mozilla/5.0`), or one that names a crawler, a headless or automated browser, an audit tool or an
 * HTTP library. Our own browser tests run HeadlessChrome: the ones that count visits present a
 * phone's user agent, as a person's phone does.
 */
const AUTOMATION =
  /\bbot\b|bot\/|crawl|spider|slurp|headless|phantom|puppeteer|playwright|lighthouse|pagespeed|gtmetrix|web preview|facebookexternalhit|curl|wget|python|okhttp|axios|node-fetch|undici/i;

export function isAutomation(userAgent: string | undefined): boolean {
  if (!userAgent?.startsWith('Mozilla/5.0 ')) return true;
  return AUTOMATION.test(userAgent);
}

/**
 * The part of a client address that names one client: an IPv4 address whole (also written as an
 * IPv4-mapped IPv6 one), an IPv6 address by its /64 prefix, since one host is given a whole /64
 * and picks addresses in it at will.
 */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A visit as the service counts it: the verified visitor id (null: none), where from, and whether a person. */
export interface VisitSource {
  visitor: string | null;
  /** The client's address as a keyed hash (never the address itself). */
  address: string;
  automated: boolean;
}

/** Issues and checks the signed visitor cookie, under keys derived from SECRET for these uses alone. */
export class VisitorIds {
  private readonly key: Buffer;
  private readonly addressKey: Buffer;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'visitor-id');
    this.addressKey = deriveKey(secret, 'visitor-address');
  }

  /** A new visitor's cookie value: `<random id>.<signature>`. */
  issue(): string {
    const id = randomId('v');
    return `${id}.${sign(this.key, id)}`;
  }

  /** The visitor id of a cookie value we issued; null for anything else. */
  verify(value: string | undefined): string | null {
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    const id = value.slice(0, dot);
    if (dot < 0 || !/^v_[A-Za-z0-9_-]{22}$/.test(id)) return null;
    return safeEqual(sign(this.key, id), value.slice(dot + 1)) ? id : null;
  }

  /** The verified visitor id of a request's cookie. */
  of(request: FastifyRequest): string | null {
    const header = request.headers.cookie ?? '';
    const value = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([^;]*)`).exec(header)?.[1];
    return this.verify(value);
  }

  /** What `POST /store/visit` counts from: the cookie, the address and the user agent. */
  source(request: FastifyRequest): VisitSource {
    return {
      visitor: this.of(request),
      address: sign(this.addressKey, clientOf(request.ip)).slice(0, 22),
      automated: isAutomation(request.headers['user-agent']),
    };
  }

  /**
   * With the storefront's page: a visitor id for a browser that has none (or a broken one). Not
   * for automation, whose visits count nothing anyway. Secure when the page came over https.
   */
  setOnPage(request: FastifyRequest, reply: FastifyReply): void {
    if (this.of(request) !== null || isAutomation(request.headers['user-agent'])) return;
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${VISITOR_COOKIE}=${this.issue()}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
}
