import type { KycStatus, MerchantStatus } from '@dropdesk/contract/account';
import type { BillType } from '@dropdesk/contract/ledger';
import type { NoticeKind } from '@dropdesk/contract/messages';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { notFound } from '../../lib/refusal';
import { loadMerInfo } from '../account';
import { identitySubmissions } from '../kyc';
import { orderCounts } from '../orders';
import { ReportsService, reportFigures } from '../reports';
import type { SessionPolicy } from '../sessions';
import { merchantsAdminRepository as repo } from './merchants-admin.repository';

export interface MerchantsAdminDeps {
  db: Db;
  clock: Clock;
  /** The sessions' expiry rules, to say which session is live. */
  sessions: SessionPolicy;
  publicUrl: string;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * The console's merchants for support and admins (docs/console-api.md "Merchants"): search, a
 * merchant's page, and its funds records, sessions and notices. Reads only: closing a shop is
 * ShopAdmin's, money is AdjustmentsService's. Each sub-list of an unknown merchant is NOT_FOUND.
 */
export class MerchantsAdmin {
  constructor(private readonly deps: MerchantsAdminDeps) {}

  async search(
    query: Paging & {
      q?: string | undefined;
      status?: MerchantStatus | undefined;
      kyc?: KycStatus | undefined;
    },
  ) {
    const page = await repo.page(this.deps.db, { q: query.q, status: query.status, kyc: query.kyc }, query);
    return {
      total: page.total,
      total_capped: page.capped ?? false,
      page: page.page,
      limit: page.limit,
      list: page.list.map((m) => ({
        id: m.id,
        phone: m.phone,
        email: m.email,
        real_name: m.real_name,
        country: m.country,
        shop_name: m.shop_name,
        status: m.status,
        kyc_status: m.kyc_status,
        level: m.level_rank === null ? null : { rank: m.level_rank, name: m.level_name ?? '' },
        balance: formatMoney(m.balance ?? 0),
        created_at: iso(m.created_at),
      })),
    };
  }

  /**
   * A merchant's page: what getMerInfo shows (account, shop, level, balance), the hold, the latest
   * identity submission in full, the level's terms, and counts: orders (from the order list's own
   * capped count), the dashboard's sold orders and sales, listings, followers, unread notices, live
   * sessions and pending requests.
   */
  async detail(id: number) {
    const { db, clock, publicUrl, sessions } = this.deps;
    const info = await loadMerInfo(db, id, publicUrl);
    if (!info) throw notFound();
    const now = clock.now();
    const [parentId, balances, identity, level, counts, orders] = await Promise.all([
      repo.parentOf(db, id),
      reportFigures.merchantBalances(db, [id]),
      identitySubmissions.latest(db, id),
      repo.levelTerms(db, id),
      repo.counts(db, id, { now, idleSince: now - sessions.idleMs }),
      orderCounts.countsByStatus(db, id, []),
    ]);
    const { invite_link: _link, ...rest } = info;
    const balance = balances.get(id) ?? { wallet: 0, hold: 0 };
    return {
      ...rest,
      balance: formatMoney(balance.wallet),
      hold: formatMoney(balance.hold),
      parent_id: parentId,
      identity: identity
        ? {
            id: identity.id,
            real_name: identity.real_name,
            id_number: identity.id_number,
            status: identity.status,
            reason: identity.reason,
            created_at: iso(identity.created_at),
            reviewed_at: isoOrNull(identity.reviewed_at),
          }
        : null,
      level_terms: level ?? null,
      counts: {
        orders: orders.all.total,
        orders_capped: orders.all.capped,
        sold_orders: counts.sold_orders,
        sales: formatMoney(counts.sales),
        listings: counts.listings,
        followers: counts.followers,
        notices_unread: counts.notices_unread,
        sessions_live: counts.sessions_live,
        pending_recharges: counts.pending_recharges,
        pending_withdrawals: counts.pending_withdrawals,
        pending_adjustments: counts.pending_adjustments,
      },
    };
  }

  private async known(id: number): Promise<void> {
    if (!(await repo.exists(this.deps.db, id))) throw notFound();
  }

  /** The merchant's funds records, exactly as its own `bill` reads them. */
  async funds(query: Paging & { id: number; type?: BillType | undefined }) {
    await this.known(query.id);
    return new ReportsService(this.deps).bill(query.id, query);
  }

  /** The merchant's sessions, newest first, each live or not by the sessions' own rules. */
  async sessions(query: Paging & { id: number }) {
    await this.known(query.id);
    const { db, clock, sessions: policy } = this.deps;
    const now = clock.now();
    const page = await repo.sessions(db, query.id, query);
    return {
      ...page,
      list: page.list.map((s) => ({
        id: s.id,
        created_at: iso(s.created_at),
        last_seen_at: iso(s.last_seen_at),
        expires_at: iso(s.expires_at),
        revoked_at: isoOrNull(s.revoked_at),
        live: s.revoked_at === null && s.expires_at > now && s.last_seen_at + policy.idleMs > now,
      })),
    };
  }

  /** The notices the merchant was sent, newest first, as stored (a key and params the app translates). */
  async notices(query: Paging & { id: number }) {
    await this.known(query.id);
    const page = await repo.notices(this.deps.db, query.id, query);
    return {
      ...page,
      list: page.list.map((n) => ({
        id: n.id,
        type: n.type as NoticeKind,
        title_key: n.title_key,
        params: JSON.parse(n.params) as Record<string, string | number | null>,
        read_at: isoOrNull(n.read_at),
        created_at: iso(n.created_at),
      })),
    };
  }
}
