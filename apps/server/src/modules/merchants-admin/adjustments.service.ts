import type { AdjustmentItem, AdjustmentStatus } from '@dropdesk/contract/merchants-admin';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import { decideOnce } from '../../db/decide';
import type { Paging } from '../../db/paging';
import { moneyTransaction } from '../../db/transaction';
import { type Clock, iso } from '../../lib/clock';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import type { SessionOperator } from '../../plugins/types';
import { audit, recordDecision } from '../audit';
import { balanceAfter, post, walletBalance } from '../ledger';
import {
  type AdjustmentLine,
  type AdjustmentRow,
  adjustmentsRepository as repo,
} from './adjustments.repository';
import { merchantsAdminRepository } from './merchants-admin.repository';

export interface AdjustmentsDeps {
  db: Db;
  clock: Clock;
}

function itemOf(line: AdjustmentLine): AdjustmentItem {
  return {
    id: line.id,
    merchant_id: line.merchant_id,
    shop_name: line.shop_name,
    direction: line.direction,
    amount: formatMoney(line.amount),
    reason: line.reason,
    status: line.status,
    proposed_by: { id: line.proposed_by, username: line.proposer },
    created_at: iso(line.created_at),
    decided_by: line.decided_by === null ? null : { id: line.decided_by, username: line.decider ?? '' },
    decided_at: line.decided_at === null ? null : iso(line.decided_at),
    decision_reason: line.decision_reason,
    journal_id: line.journal_id,
  };
}

/**
 * Balance adjustments need two people (docs/design.md §6; docs/console-api.md "Balance adjustments"): one
 * admin proposes a credit or debit of a merchant's wallet with a reason, and nothing moves; a second
 * admin approves it, and one `adjustment` journal posts with that reason (a credit from the
 * platform's revenue, a debit to it), which the merchant reads in its funds records and a notice.
 *
 * - The proposer can't approve (SELF_APPROVAL); the table's check refuses it too, should a caller
 *   ever skip this service. Anyone, the proposer included, may reject (a proposer withdraws a
 *   mistake that way); a rejection moves nothing and tells the merchant nothing.
 * - Decided once (`decideOnce`): of two admins approving at once, or one approving and one
 *   rejecting, one wins and the other is told ALREADY_RESOLVED.
 * - A debit the wallet can't cover is refused when proposed (CANNOT_EXCEED_BALANCE) and, since the
 *   wallet may have moved since, again by the ledger at approval (INSUFFICIENT_BALANCE: the
 *   proposal stays pending).
 * - Proposal, approval and rejection are each audited in their own transaction.
 */
export class AdjustmentsService {
  constructor(private readonly deps: AdjustmentsDeps) {}

  private async item(db: Db, id: number): Promise<AdjustmentItem> {
    const [line] = await repo.lines(db, [id]);
    if (!line) throw notFound();
    return itemOf(line);
  }

  async list(query: Paging & { status?: AdjustmentStatus | undefined; merchant_id?: number | undefined }) {
    const page = await repo.page(
      this.deps.db,
      { status: query.status, merchantId: query.merchant_id },
      query,
    );
    return { ...page, list: page.list.map(itemOf) };
  }

  async propose(
    op: SessionOperator,
    body: { merchant_id: number; direction: 'credit' | 'debit'; amount: number; reason: string },
    idem: Idempotency | null,
  ): Promise<AdjustmentItem> {
    const { db, clock } = this.deps;
    if (!(await merchantsAdminRepository.exists(db, body.merchant_id)))
      throw fieldRefusal('MERCHANT_UNKNOWN', 'merchant_id');
    if (body.direction === 'debit' && body.amount > (await walletBalance(db, body.merchant_id)))
      throw fieldRefusal('CANNOT_EXCEED_BALANCE', 'amount');
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      const row = await repo.insert(tx, {
        merchant_id: body.merchant_id,
        direction: body.direction,
        amount: body.amount,
        reason: body.reason,
        proposed_by: op.id,
        decided_by: null,
        decision_reason: null,
        journal_id: null,
        created_at: now,
        decided_at: null,
      });
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'adjustment.propose',
          targetType: 'balance_adjustment',
          targetId: row.id,
          before: null,
          after: {
            status: 'pending',
            merchant_id: row.merchant_id,
            direction: row.direction,
            amount: formatMoney(row.amount),
            reason: row.reason,
          },
        },
        now,
      );
      return this.item(tx, row.id);
    });
  }

  /**
   * A second admin approves: the proposal is decided once, then its journal posts (credit: revenue
   * → wallet; debit: wallet → revenue, refused when the wallet is short), the merchant is told with
   * the reason, and the approval is audited: one money transaction with the Idempotency-Key.
   */
  async approve(op: SessionOperator, id: number, idem: Idempotency | null) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      const proposal = await repo.byId(tx, id);
      if (!proposal) throw notFound();
      if (proposal.status === 'pending' && proposal.proposed_by === op.id) throw new Refusal('SELF_APPROVAL');
      const row = await decideOnce(tx, 'balance_adjustments', id, {
        status: 'approved',
        decided_by: op.id,
        decided_at: now,
      });
      const wallet = { merchantId: row.merchant_id, kind: 'wallet' } as const;
      const signed = row.direction === 'credit' ? row.amount : -row.amount;
      const journal = await post(tx, {
        type: 'adjustment',
        merchantId: row.merchant_id,
        ref: { type: 'balance_adjustment', id: row.id },
        reason: row.reason,
        operatorId: op.id,
        at: now,
        postings: [
          { account: wallet, amount: signed },
          { account: { platform: 'revenue' }, amount: -signed },
        ],
      });
      await repo.setJournal(tx, row.id, journal.id);
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: 'adjustment.approve',
          target: { type: 'balance_adjustment', id: row.id },
          before: { status: 'pending' },
          after: { status: 'approved', journal_id: journal.id },
          detail: { proposed_by: row.proposed_by },
          notice: {
            merchantId: row.merchant_id,
            type: 'balance_adjusted',
            params: { direction: row.direction, amount: formatMoney(row.amount), reason: row.reason },
          },
        },
        now,
      );
      return { ...(await this.item(tx, row.id)), balance: formatMoney(balanceAfter(journal, wallet)) };
    });
  }

  /** Rejects a pending proposal with a reason (for the admins): decided once, audited, nothing moves. */
  async reject(op: SessionOperator, body: { id: number; reason: string }, idem: Idempotency | null) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return moneyTransaction(db, idem, async (tx) => {
      const row: AdjustmentRow = await decideOnce(tx, 'balance_adjustments', body.id, {
        status: 'rejected',
        decided_by: op.id,
        decided_at: now,
        decision_reason: body.reason,
      });
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'adjustment.reject',
          targetType: 'balance_adjustment',
          targetId: row.id,
          before: { status: 'pending' },
          after: { status: 'rejected', reason: body.reason },
        },
        now,
      );
      return this.item(tx, row.id);
    });
  }
}
