import { type AllianceMember, commissionOf, MAX_COMMISSION_BPS } from '@dropdesk/contract/alliance';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import { post } from '../ledger';
import { notify } from '../notices';
import { allianceRepository as repo } from './alliance.repository';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A member's name as the alliance shows it: the first and the last character (grapheme) around
 * "***", whatever the length, so neither the name nor its length shows ("Nguyen Van A" → "N***A",
 * "Lê" → "L***ê", "明" → "明***"). An empty name is "***".
 */
export function maskName(name: string): string {
  const chars = [...graphemes.segment(name.trim())].map((s) => s.segment);
  if (chars.length === 0) return '***';
  if (chars.length === 1) return `${chars[0]}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

/** The invitation link of a code, as getMerInfo spells it (registration fills the code in). */
export const inviteLinkOf = (publicUrl: string, code: string) =>
  `${publicUrl}/register?code=${encodeURIComponent(code)}`;

/**
 * Pays a settled order's commission to its merchant's alliance parent, inside the settlement's
 * transaction (order-jobs.ts `settle`): the rate of the settings now × `settled` (what the
 * settlement paid the member: the order's total less refunds), rounded half-up to the cent
 * (commissionOf), from the platform's revenue to the parent's wallet in one `alliance_commission`
 * journal, recorded in `alliance_commissions` (unique by order: never twice) and told to the parent
 * (`commission_earned`). Nothing is posted when the member has no parent, the rate is 0 or the
 * commission rounds to 0. Returns the amount paid (0 for none).
 */
export async function payCommission(
  tx: Db,
  order: { id: number; merchant_id: number },
  settled: number,
  now: number,
): Promise<number> {
  if (settled <= 0) return 0;
  const member = await repo.merchant(tx, order.merchant_id);
  if (!member?.parent_id) return 0;
  const { commission_bps: rate } = await repo.settings(tx);
  if (rate <= 0) return 0;
  const amount = commissionOf(settled, rate);
  if (amount <= 0) return 0;
  const parentId = member.parent_id;
  const row = await repo.insertCommission(tx, {
    parent_id: parentId,
    member_id: member.id,
    order_id: order.id,
    base: settled,
    rate_bps: rate,
    amount,
    created_at: now,
  });
  const journal = await post(tx, {
    type: 'alliance_commission',
    merchantId: parentId,
    ref: { type: 'alliance_commission', id: row.id },
    at: now,
    postings: [
      { account: { platform: 'revenue' }, amount: -amount },
      { account: { merchantId: parentId, kind: 'wallet' }, amount },
    ],
  });
  await repo.setJournal(tx, row.id, journal.id);
  await notify(
    tx,
    {
      merchantId: parentId,
      type: 'commission_earned',
      params: { member: maskName(member.real_name), amount: formatMoney(amount) },
      ref: { type: 'alliance_commission', id: row.id },
    },
    now,
  );
  return amount;
}

/**
 * The alliance: a merchant's code and link, its members (the merchants registered with its code)
 * with their sold orders and the commission earned from each, and the operators' rate. Every figure
 * is counted from rows: orders buyers paid, commissions the ledger paid.
 */
export class AllianceService {
  constructor(private readonly deps: { db: Db; clock: Clock; publicUrl: string }) {}

  async coalition(merchantId: number, paging: Paging) {
    const { db } = this.deps;
    const [me, page, settings, total] = await Promise.all([
      repo.merchant(db, merchantId),
      repo.members(db, merchantId, paging),
      repo.settings(db),
      repo.earnedTotal(db, merchantId),
    ]);
    if (!me) throw new Error(`merchant ${merchantId} is gone`);
    const ids = page.list.map((m) => m.id);
    const [orders, earned] = await Promise.all([
      repo.soldOrders(db, ids),
      repo.earnedFrom(db, merchantId, ids),
    ]);
    const list: AllianceMember[] = page.list.map((m) => ({
      id: m.id,
      name: maskName(m.real_name),
      registered_at: iso(m.created_at),
      orders: orders.get(m.id) ?? 0,
      commission: formatMoney(earned.get(m.id) ?? 0),
    }));
    return {
      total: page.total,
      page: page.page,
      limit: page.limit,
      list,
      invite_code: me.invite_code,
      invite_link: inviteLinkOf(this.deps.publicUrl, me.invite_code),
      rate_bps: settings.commission_bps,
      commission_total: formatMoney(total),
    };
  }

  async settings() {
    const s = await repo.settings(this.deps.db);
    return {
      commission_bps: s.commission_bps,
      max_bps: MAX_COMMISSION_BPS,
      updated_at: s.updated_at === null ? null : iso(s.updated_at),
    };
  }

  /** A new rate, for settlements from now on; in the audit log with the rate before. */
  async setRate(op: SessionOperator, bps: number) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (tx) => {
      const before = await repo.settings(tx);
      await repo.setRate(tx, bps, op.id, now);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'alliance.rate',
          targetType: 'alliance_settings',
          targetId: 1,
          before: { commission_bps: before.commission_bps },
          after: { commission_bps: bps },
        },
        now,
      );
    });
    return this.settings();
  }
}
