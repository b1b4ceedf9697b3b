import { Readable } from 'node:stream';
import type { Lang } from '@dropdesk/contract/constants';
import { BILL_TYPE_OF, type JournalType, type MerchantAccountKind } from '@dropdesk/contract/ledger';
import { ORDER_STATUS, type OrderStatusName } from '@dropdesk/contract/orders';
import type { StatementFormat } from '@dropdesk/contract/reports';
import type { DownloadFile } from '@dropdesk/contract/route';
import {
  type Checkpoint,
  GENESIS,
  keyFingerprint,
  STATEMENT_FORMAT,
  type StatementAccount,
} from '@dropdesk/ledger-proof';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { orderNo } from '../../lib/order-no';
import { Refusal } from '../../lib/refusal';
import { addDays, startOf } from '../../lib/zoned';
import { audit } from '../audit';
import { costOf, earningsOf } from '../figures';
import {
  accountKey,
  checkpointForPeriodEnd,
  contentOf,
  type HeadProof,
  proofsIn,
  tailDigests,
} from '../ledger';
import { renderCsv } from './csv';
import { renderPdf } from './pdf';
import type { StatementHeader, StatementJournal, StatementOrder } from './statement.model';
import { statementsRepository as repo } from './statements.repository';

/**
 * A merchant's statement of a period (docs/ledger-proof.md, docs/wallet.md "Statements"): for each
 * of its accounts, the chain from the posting before the period (opening) to the last in it
 * (closing), every posting between with its hash, and the link to a signed checkpoint; plus the
 * orders paid in the period with their money trail. Rows are read a page at a time as the file is
 * written, so a year of a busy shop streams in constant memory.
 */

const PAGE = 1_000;
const ACCOUNTS: readonly MerchantAccountKind[] = ['wallet', 'withdraw_hold'];
const STATUS_NAME = Object.fromEntries(
  Object.entries(ORDER_STATUS).map(([name, code]) => [code, name]),
) as Record<number, OrderStatusName>;

export interface StatementDeps {
  db: Db;
  clock: Clock;
  currency: string;
}

/** One account's place in the statement: its chain's edges and its link to the checkpoint. */
interface AccountPlan {
  id: number;
  key: string;
  opening: { seq: number; hash: string; balance: number };
  closing: { seq: number; hash: string; balance: number };
  tail: string[];
  proof: StatementAccount['proof'];
}

export interface StatementRequest {
  merchantId: number;
  /** Days of the merchant's time zone, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  format: StatementFormat;
  lang: Lang;
}

export class StatementService {
  constructor(private readonly deps: StatementDeps) {}

  /**
   * The merchant's statement as an operator produces it: in the merchant's own language, with an
   * audit entry saying who asked for which period and form.
   */
  async produceFor(
    operatorId: number,
    merchantId: number,
    period: Omit<StatementRequest, 'merchantId' | 'lang'>,
  ) {
    const { db, clock } = this.deps;
    const merchant = await repo.merchant(db, merchantId);
    if (!merchant) throw new Refusal('NOT_FOUND');
    const file = await this.produce({ merchantId, ...period, lang: merchant.lang });
    await audit(
      db,
      {
        operatorId,
        action: 'statement.produce',
        targetType: 'merchant',
        targetId: merchantId,
        before: null,
        after: period,
      },
      clock.now(),
    );
    return file;
  }

  async produce(req: StatementRequest): Promise<DownloadFile> {
    const { db, clock, currency } = this.deps;
    const merchant = await repo.merchant(db, req.merchantId);
    if (!merchant) throw new Refusal('NOT_FOUND');
    const timeZone = merchant.time_zone;
    const from = startOf(dayOf(req.from), timeZone);
    const to = startOf(addDays(dayOf(req.to), 1), timeZone);
    const checkpoint = await checkpointForPeriodEnd(db, to);

    const accounts: Array<{ id: number; key: string }> = [];
    for (const kind of ACCOUNTS) {
      const key = accountKey({ merchantId: req.merchantId, kind });
      const account = await repo.accountId(db, key);
      if (account) accounts.push({ id: Number(account.id), key });
    }
    const proofs = checkpoint
      ? await proofsIn(
          db,
          checkpoint.id,
          accounts.map((a) => a.id),
        )
      : new Map<number, HeadProof>();
    const plans: AccountPlan[] = [];
    for (const { id, key } of accounts)
      plans.push(await this.plan(id, key, from, to, proofs.get(id) ?? null));
    const base = `statement-${req.from}-${req.to}`;
    if (req.format === 'json')
      return {
        type: 'application/json; charset=utf-8',
        filename: `${base}.json`,
        body: Readable.from(this.json(req.merchantId, from, to, plans, checkpoint)),
      };

    const wallet = plans.find((p) => p.key.startsWith('wallet:'));
    const sums = wallet
      ? await repo.sums(db, wallet.id, wallet.opening.seq, wallet.closing.seq)
      : { money_in: 0, money_out: 0 };
    const header: StatementHeader = {
      lang: req.lang,
      timeZone,
      currency,
      merchant: { id: req.merchantId, shopName: merchant.shop_name ?? '', email: merchant.email },
      from,
      to,
      generatedAt: clock.now(),
      opening: wallet?.opening.balance ?? 0,
      closing: wallet?.closing.balance ?? 0,
      moneyIn: Number(sums.money_in),
      moneyOut: Number(sums.money_out),
      heads: plans.map((p) => ({ account: p.key, seq: p.closing.seq, hash: p.closing.hash })),
      checkpoint: checkpoint
        ? {
            id: checkpoint.id,
            at: checkpoint.at,
            root: checkpoint.root,
            fingerprint: keyFingerprint(checkpoint.key),
          }
        : null,
    };
    const journals = this.journals(plans);
    const orders = this.orders(req.merchantId, from, to);
    return req.format === 'csv'
      ? {
          type: 'text/csv; charset=utf-8',
          filename: `${base}.csv`,
          body: renderCsv(header, journals, orders),
        }
      : { type: 'application/pdf', filename: `${base}.pdf`, body: renderPdf(header, journals, orders) };
  }

  /** The account's chain edges around [from, to) and how its closing reaches the checkpoint. */
  private async plan(id: number, key: string, from: number, to: number, proof: HeadProof | null) {
    const { db } = this.deps;
    const point = (row: { seq: number; hash: string; balance_after: number } | undefined) =>
      row
        ? { seq: Number(row.seq), hash: row.hash, balance: Number(row.balance_after) }
        : { seq: 0, hash: GENESIS, balance: 0 };
    const opening = point(await repo.lastBefore(db, id, from));
    let closing = point(await repo.lastBefore(db, id, to));
    // Two journals written in the same instant may commit in either order: the period is a run of
    // the chain, never shorter than nothing.
    if (closing.seq < opening.seq) closing = opening;
    const plan: AccountPlan = { id, key, opening, closing, tail: [], proof: null };
    // No checkpoint holds the account yet, or its head there is older than the opening, outside
    // what this statement shows: not covered by it.
    if (!proof || proof.seq < opening.seq) return plan;
    plan.proof = proof;
    plan.tail = await tailDigests(db, id, closing.seq, proof.seq);
    return plan;
  }

  /** Each account's postings of the period, a page at a time. */
  private async *postingsOf(plan: AccountPlan) {
    let after = plan.opening.seq;
    for (;;) {
      const page = await repo.postings(this.deps.db, plan.id, after, plan.closing.seq, PAGE);
      if (page.length === 0) return;
      yield* page;
      after = Number(page[page.length - 1]!.seq);
    }
  }

  private async *json(
    merchant: number,
    from: number,
    to: number,
    plans: AccountPlan[],
    checkpoint: Checkpoint | null,
  ) {
    const head = {
      format: STATEMENT_FORMAT,
      merchant,
      from,
      to,
      generatedAt: this.deps.clock.now(),
      checkpoint,
    };
    yield `${JSON.stringify(head).slice(0, -1)},"accounts":[`;
    for (const [i, plan] of plans.entries()) {
      const { id: _id, key, ...edges } = plan;
      yield `${i === 0 ? '' : ','}${JSON.stringify({ account: key, ...edges }).slice(0, -1)},"postings":[`;
      let first = true;
      for await (const row of this.postingsOf(plan)) {
        yield `${first ? '' : ','}\n${JSON.stringify({ ...contentOf(row), hash: row.hash })}`;
        first = false;
      }
      yield ']}';
    }
    yield ']}\n';
  }

  private async *journals(plans: AccountPlan[]): AsyncGenerator<StatementJournal> {
    for (const plan of plans)
      for await (const r of this.postingsOf(plan)) {
        const type = r.type as JournalType;
        yield {
          at: Number(r.created_at),
          journalId: Number(r.journal),
          seq: Number(r.seq),
          account: r.key,
          type,
          billType: BILL_TYPE_OF[type],
          amount: Number(r.amount),
          balanceAfter: Number(r.balance_after),
          reason: r.reason,
          ref: referenceOf(r),
          hash: r.hash,
        };
      }
  }

  private async *orders(merchantId: number, from: number, to: number): AsyncGenerator<StatementOrder> {
    let after: { paidAt: number; id: number } | null = null;
    for (;;) {
      const page = await repo.ordersPaid(this.deps.db, merchantId, from, to, after, PAGE);
      if (page.length === 0) return;
      for (const o of page) {
        const row = {
          status: Number(o.status),
          total: Number(o.total),
          refunded: Number(o.refunded),
          cost_total: Number(o.cost_total),
          cost_paid: Number(o.cost_paid),
          cost_returned: Number(o.cost_returned),
        } as Parameters<typeof earningsOf>[0];
        yield {
          orderNo: o.order_no,
          createdAt: Number(o.created_at),
          status: STATUS_NAME[Number(o.status)] ?? String(o.status),
          paid: Number(o.total),
          cost: costOf(row),
          refunded: Number(o.refunded),
          settled: Number(o.settled_amount),
          profit: earningsOf(row),
        };
      }
      const last = page[page.length - 1]!;
      after = { paidAt: Number(last.paid_at), id: Number(last.id) };
    }
  }
}

function dayOf(day: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

/** The number a merchant knows a journal's cause by: an order's, a top-up's or a withdrawal's. */
function referenceOf(r: {
  ref_type: string | null;
  ref_id: number | null;
  order_no: string | null;
  recharge_at: number | null;
  withdrawal_at: number | null;
}): string | null {
  if (r.order_no) return r.order_no;
  if (r.ref_type === 'recharge' && r.recharge_at !== null)
    return orderNo('R', Number(r.ref_id), Number(r.recharge_at));
  if (r.ref_type === 'withdrawal' && r.withdrawal_at !== null)
    return orderNo('W', Number(r.ref_id), Number(r.withdrawal_at));
  return r.ref_type && r.ref_id !== null ? `${r.ref_type} #${r.ref_id}` : null;
}
