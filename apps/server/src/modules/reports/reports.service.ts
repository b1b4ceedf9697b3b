import {
  BILL_TYPE_OF,
  type BillType,
  type JournalType,
  journalTypesOf,
  type MerchantAccountKind,
} from '@dropdesk/contract/ledger';
import { formatMoney } from '@dropdesk/contract/money';
import {
  ALL_RANGE_SERIES_DAYS,
  HOLD_LINE_OF,
  HOLD_LINES,
  type HoldLine,
  type ReportRange,
  WALLET_LINE_OF,
  WALLET_LINES,
  type WalletLine,
} from '@dropdesk/contract/reports';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { unauthorized } from '../../lib/refusal';
import {
  addDays,
  dayKey,
  type LocalDay,
  localDay,
  type Period,
  periodOf,
  startOf,
  validZone,
} from '../../lib/zoned';
import { DashboardService } from '../dashboard';
import { reportsRepository as repo } from './reports.repository';

export interface BillQuery {
  page: number;
  limit: number;
  type?: BillType | undefined;
  journal_type?: JournalType | undefined;
  range?: ReportRange | undefined;
  account?: MerchantAccountKind | undefined;
}

/** The journal types a bill query keeps: its `type`'s and its `journal_type`, both when both are given. */
function journalTypesFor(query: Pick<BillQuery, 'type' | 'journal_type'>): JournalType[] | null {
  const byType = query.type ? journalTypesOf(query.type) : null;
  if (!query.journal_type) return byType;
  return byType === null || byType.includes(query.journal_type) ? [query.journal_type] : [];
}

/** Each line's sum of one account's postings in a period, from the per-type sums (contract WALLET_LINE_OF / HOLD_LINE_OF). */
function linesOf<L extends string>(
  lines: readonly L[],
  lineOf: Record<JournalType, L | null>,
  byType: Map<JournalType, number>,
): Record<L, number> {
  const out = Object.fromEntries(lines.map((l) => [l, 0])) as Record<L, number>;
  for (const [type, amount] of byType) {
    const line = lineOf[type];
    // A type that never posts on this account (null) has no line: were it ever to post, opening +
    // Σ lines would miss it and differ from closing, which the tests check for every period.
    if (line !== null) out[line] += amount;
  }
  return out;
}

/** An account's balance at the start and the end of a period, and its lines: opening + Σ lines = closing. */
async function sectionOf<L extends string>(
  db: Db,
  merchantId: number,
  kind: MerchantAccountKind,
  period: Period,
  lines: readonly L[],
  lineOf: Record<JournalType, L | null>,
) {
  const account = await repo.account(db, merchantId, kind);
  if (!account) return { opening: 0, closing: 0, lines: linesOf(lines, lineOf, new Map()) };
  // Balances are read back from the balance now (postings_account_time reads only the period's and
  // later postings), not summed from the first posting.
  const [byType, afterTo, afterFrom] = await Promise.all([
    repo.sumsByType(db, account.id, period.from, period.to),
    repo.sumSince(db, account.id, period.to),
    period.from === null ? Promise.resolve(account.balance) : repo.sumSince(db, account.id, period.from),
  ]);
  return {
    opening: account.balance - afterFrom,
    closing: account.balance - afterTo,
    lines: linesOf(lines, lineOf, byType),
  };
}

const moneyOf = <K extends string>(values: Record<K, number>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, formatMoney(v as number)])) as Record<
    K,
    string
  >;

/** Funds records and the finance report, read from the ledger and the dashboard's rollups (docs/figures.md). */
export class ReportsService {
  private readonly dashboard: DashboardService;

  constructor(private readonly deps: { db: Db; clock: Clock }) {
    this.dashboard = new DashboardService(deps);
  }

  private async zoneOf(merchantId: number): Promise<string> {
    const timeZone = await repo.timeZone(this.deps.db, merchantId);
    if (timeZone === undefined) throw unauthorized();
    return validZone(timeZone);
  }

  /**
   * The postings on the merchant's wallet (or withdrawal hold), newest first, by bill type, journal
   * type and period (cut as the finance report cuts it), with the sums of every posting kept: each
   * line of the finance report's Wallet and Hold sections opens this list, which sums to it.
   */
  async bill(merchantId: number, query: BillQuery) {
    const range = query.range ?? 'all';
    const account = query.account ?? 'wallet';
    const period =
      range === 'all'
        ? null
        : periodOf(range, await this.zoneOf(merchantId), this.deps.clock.now(), ALL_RANGE_SERIES_DAYS);
    const page = await repo.walletPostings(
      this.deps.db,
      merchantId,
      { account, journalTypes: journalTypesFor(query), period },
      query,
    );
    return {
      total: page.total,
      page: page.page,
      limit: page.limit,
      list: page.list.map((r) => ({
        id: r.id,
        type: BILL_TYPE_OF[r.type] ?? 'adjustment',
        journal_type: r.type,
        amount: formatMoney(r.amount),
        balance_after: formatMoney(r.balance_after),
        fee: r.fee === null || r.fee === undefined ? null : formatMoney(Number(r.fee)),
        created_at: iso(r.created_at),
        source: r.ref_type && r.ref_id !== null ? { type: r.ref_type, id: r.ref_id } : null,
        reason: r.reason,
      })),
      account,
      range,
      from: period?.from == null ? null : iso(period.from),
      to: period ? iso(period.to) : null,
      sums: {
        count: page.sums.count,
        amount: formatMoney(page.sums.amount),
        fees: formatMoney(page.sums.fees),
      },
    };
  }

  /**
   * The finance report of a period (docs/figures.md): the orders paid in it (the orders basis, the
   * same rollups and definitions as Home), the wallet's and the withdrawal hold's lines from the
   * opening balance to the closing one (the wallet basis: each line the sum of the funds records of
   * its journal type in the period), where the money is now, the reconciliation of the two bases
   * over all time, and a daily series of both.
   */
  async financialReport(merchantId: number, range: ReportRange) {
    const { db } = this.deps;
    const zone = await this.zoneOf(merchantId);
    const now = this.deps.clock.now();
    const period = periodOf(range, zone, now, ALL_RANGE_SERIES_DAYS);
    const days: LocalDay[] = [];
    for (let d = period.first; dayKey(d) <= dayKey(period.last); d = addDays(d, 1)) days.push(d);
    const starts = [...days, addDays(period.last, 1)].map((d) => startOf(d, zone));
    const seriesFrom = starts[0]!;

    const wallet = await repo.account(db, merchantId, 'wallet');
    const [orders, walletSection, holdSection, fees, walletDaily] = await Promise.all([
      this.dashboard.ordersBasis(merchantId, period, starts),
      sectionOf(db, merchantId, 'wallet', period, WALLET_LINES, WALLET_LINE_OF),
      sectionOf(db, merchantId, 'withdraw_hold', period, HOLD_LINES, HOLD_LINE_OF),
      repo.payoutFees(db, merchantId, period.from, period.to),
      wallet
        ? repo.postingsOf(db, wallet.id, ['settlement', 'recharge'], seriesFrom, period.to)
        : Promise.resolve([]),
    ]);

    const settledByDay = new Map<string, { settled: number; topups: number }>();
    for (const p of walletDaily) {
      const key = dayKey(localDay(p.created_at, zone));
      const day = settledByDay.get(key) ?? { settled: 0, topups: 0 };
      if (p.type === 'settlement') day.settled += p.amount;
      else day.topups += p.amount;
      settledByDay.set(key, day);
    }

    const w = walletSection.lines as Record<WalletLine, number>;
    const reconciliation =
      range === 'all'
        ? {
            sales_from_wallet: formatMoney(w.settled + orders.inEscrow),
            profit_from_wallet: formatMoney(
              w.settled + w.cost_paid + w.cost_returned + orders.inEscrow - orders.awaitingPickupCost,
            ),
          }
        : null;

    return {
      range,
      time_zone: zone,
      from: period.from === null ? null : iso(period.from),
      // The end of the period: now for the ranges that reach today, the end of yesterday for it.
      to: iso(range === 'yesterday' ? period.to : now),
      orders: {
        orders: orders.orders.orders,
        sales: formatMoney(orders.orders.sales),
        refunded: formatMoney(orders.orders.refunded),
        cost: formatMoney(orders.orders.cost),
        cost_estimated: formatMoney(orders.orders.costEstimated),
        profit: formatMoney(orders.orders.profit),
      },
      wallet: {
        opening: formatMoney(walletSection.opening),
        ...moneyOf(w),
        closing: formatMoney(walletSection.closing),
      },
      hold: {
        opening: formatMoney(holdSection.opening),
        ...moneyOf(holdSection.lines as Record<HoldLine, number>),
        closing: formatMoney(holdSection.closing),
        fees: formatMoney(fees),
      },
      now: orders.now,
      reconciliation,
      series: days.map((d, i) => {
        const key = dayKey(d);
        const o = orders.daily.get(i);
        const m = settledByDay.get(key);
        return {
          date: key,
          sales: formatMoney(o?.sales ?? 0),
          profit: formatMoney(o?.profit ?? 0),
          settled: formatMoney(m?.settled ?? 0),
          topups: formatMoney(m?.topups ?? 0),
        };
      }),
    };
  }
}
