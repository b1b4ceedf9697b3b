import { BILL_TYPE_OF, type BillType, journalTypesOf } from '@dropdesk/contract/ledger';
import { formatMoney } from '@dropdesk/contract/money';
import { ALL_RANGE_SERIES_DAYS, type ReportRange } from '@dropdesk/contract/reports';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { unauthorized } from '../../lib/refusal';
import { reportsRepository } from './reports.repository';
import { addDays, dayKey, type LocalDay, localDay, mondayOf, startOf, validZone } from './zoned';

const FIGURES = [
  'sales',
  'cost',
  'profit',
  'refunds',
  'topups',
  'withdrawals',
  'fees',
  'commissions',
] as const;
type Figures = Record<(typeof FIGURES)[number], number>;
const zero = (): Figures => ({
  sales: 0,
  cost: 0,
  profit: 0,
  refunds: 0,
  topups: 0,
  withdrawals: 0,
  fees: 0,
  commissions: 0,
});

/**
 * Adds one posting of one of the merchant's journals to the figures. Every figure is a sum of
 * ledger postings, so the report is as true as the ledger:
 * - topups: wallet credits of `recharge`; sales: wallet credits of `settlement`;
 * - cost: wallet debits of `order_pickup`; refunds: wallet credits of `refund`;
 * - withdrawals: what left the hold in `withdrawal_payout` (the gross amount paid out);
 * - fees: revenue credits of `withdrawal_payout` and `fee` journals;
 * - commissions: wallet credits of `alliance_commission` (income from the alliance, apart from the
 *   shop's own profit);
 * - profit = sales − cost + refunds (cost given back by a refund is not a loss).
 */
function add(f: Figures, type: string, kind: string, amount: number): void {
  if (kind === 'wallet') {
    if (type === 'recharge') f.topups += amount;
    else if (type === 'settlement') f.sales += amount;
    else if (type === 'order_pickup') f.cost -= amount;
    else if (type === 'refund') f.refunds += amount;
    else if (type === 'alliance_commission') f.commissions += amount;
  } else if (kind === 'withdraw_hold') {
    if (type === 'withdrawal_payout') f.withdrawals -= amount;
  } else if (kind === 'revenue') {
    if (type === 'withdrawal_payout' || type === 'fee') f.fees += amount;
  }
  f.profit = f.sales - f.cost + f.refunds;
}

const money = (f: Figures) =>
  Object.fromEntries(FIGURES.map((k) => [k, formatMoney(f[k])])) as Record<keyof Figures, string>;

/** Funds records and the finance report, read from the ledger. */
export class ReportsService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async bill(merchantId: number, query: { page: number; limit: number; type?: BillType | undefined }) {
    const types = query.type ? journalTypesOf(query.type) : null;
    const page = await reportsRepository.walletPostings(this.deps.db, merchantId, types, query);
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        type: BILL_TYPE_OF[r.type] ?? 'adjustment',
        journal_type: r.type,
        amount: formatMoney(r.amount),
        balance_after: formatMoney(r.balance_after),
        created_at: iso(r.created_at),
        source: r.ref_type && r.ref_id !== null ? { type: r.ref_type, id: r.ref_id } : null,
        reason: r.reason,
      })),
    };
  }

  async financialReport(merchantId: number, range: ReportRange) {
    const { db } = this.deps;
    const timeZone = await reportsRepository.timeZone(db, merchantId);
    if (timeZone === undefined) throw unauthorized();
    const zone = validZone(timeZone);
    const now = this.deps.clock.now();
    const today = localDay(now, zone);

    let first: LocalDay; // first day of the series
    let to = now + 1;
    switch (range) {
      case 'today':
        first = today;
        break;
      case 'yesterday':
        first = addDays(today, -1);
        to = startOf(today, zone);
        break;
      case 'week':
        first = mondayOf(today);
        break;
      case 'month':
        first = { ...today, d: 1 };
        break;
      default:
        first = addDays(today, -(ALL_RANGE_SERIES_DAYS - 1));
    }
    const seriesFrom = startOf(first, zone);
    const from = range === 'all' ? null : seriesFrom;

    const rows = await reportsRepository.postingsBetween(db, merchantId, seriesFrom, to);
    const days = new Map<string, Figures>();
    const last = range === 'yesterday' ? first : today;
    for (let d = first; dayKey(d) <= dayKey(last); d = addDays(d, 1)) days.set(dayKey(d), zero());
    const totals = zero();
    for (const r of rows) {
      const day = days.get(dayKey(localDay(r.created_at, zone)));
      if (day) add(day, r.type, r.kind, r.amount);
      if (range !== 'all') add(totals, r.type, r.kind, r.amount);
    }
    if (range === 'all') {
      const sums = await reportsRepository.sumsBefore(db, merchantId, to);
      for (const s of sums) add(totals, s.type, s.kind, s.total);
    }
    return {
      range,
      time_zone: zone,
      from: from === null ? null : iso(from),
      to: iso(range === 'yesterday' ? to : now),
      ...money(totals),
      series: [...days].map(([date, f]) => ({ date, ...money(f) })),
    };
  }
}
