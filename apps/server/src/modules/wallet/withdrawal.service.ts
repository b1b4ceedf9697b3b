import { applyBps, formatMoney } from '@dropdesk/contract/money';
import {
  CURRENCIES,
  NETWORKS,
  type Network,
  RECENT_ACTIVITY,
  type WithdrawalItem,
} from '@dropdesk/contract/wallet';
import { decideOnce, ownerOf } from '../../db/decide';
import type { Paging } from '../../db/paging';
import { moneyTransaction } from '../../db/transaction';
import { iso } from '../../lib/clock';
import type { MoneyDeps } from '../../lib/money-deps';
import { orderNo } from '../../lib/order-no';
import { fieldRefusal, Refusal, unauthorized } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import type { SessionOperator } from '../../plugins/types';
import { merchantAccounts, withMerchants } from '../account';
import { type Rejection, rejectionReason } from '../admin';
import { recordDecision } from '../audit';
import { checkPayout, TX_HASH, watchedNetwork } from '../chain';
import { bankCardOf, bankCardView } from '../kyc';
import { balanceAfter, post, walletBalance } from '../ledger';
import { reportFigures } from '../reports';
import { walletSettingsRepository } from './wallet.repository';
import { withdrawalItem } from './wallet.views';
import { type WithdrawalRow, withdrawalsRepository } from './withdrawals.repository';

type Status = WithdrawalItem['status'];

export interface WithdrawalRequest {
  method: 'bank' | 'blockchain';
  amount: number;
  pay_password: string;
  currency?: (typeof CURRENCIES)[number] | undefined;
  network?: Network | undefined;
  address?: string | undefined;
}

/** fee = amount × bps (half-up) + fixed; actual = amount − fee. Computed here only. */
export function withdrawalFee(
  amount: number,
  settings: { withdraw_fee_bps: number; withdraw_fee_fixed: number },
) {
  const fee = applyBps(amount, settings.withdraw_fee_bps) + settings.withdraw_fee_fixed;
  return { fee, actual: amount - fee };
}

/**
 * Withdrawals: the amount moves from the wallet to the merchant's withdrawal hold in one journal;
 * an operator then pays it out (hold → payout clearing for the actual amount, → revenue for the
 * fee) or rejects it (hold → wallet). The merchant may cancel while it is pending.
 */
export class WithdrawalService {
  constructor(private readonly deps: MoneyDeps) {}

  async info(merchantId: number) {
    const { db } = this.deps;
    const [merchant, settings, balance, card, addresses] = await Promise.all([
      merchantAccounts.byId(db, merchantId),
      walletSettingsRepository.get(db),
      walletBalance(db, merchantId),
      bankCardOf(db, merchantId),
      withdrawalsRepository.recentAddresses(db, merchantId, 5),
    ]);
    if (!merchant) throw unauthorized();
    return {
      balance: formatMoney(balance),
      fee: { bps: settings.withdraw_fee_bps, fixed: formatMoney(settings.withdraw_fee_fixed) },
      min: formatMoney(settings.withdraw_min),
      processing_hours: settings.processing_hours,
      currencies: [...CURRENCIES],
      networks: [...NETWORKS],
      kyc_status: merchant.kyc_status,
      bank: bankCardView(card),
      addresses,
    };
  }

  async create(merchantId: number, body: WithdrawalRequest, idem: Idempotency | null) {
    const { db, clock } = this.deps;
    const merchant = await merchantAccounts.byId(db, merchantId);
    if (!merchant) throw unauthorized();
    if (merchant.kyc_status !== 'verified') throw new Refusal('KYC_REQUIRED');
    const card = body.method === 'bank' ? await bankCardOf(db, merchantId) : undefined;
    if (body.method === 'bank' && !card) throw new Refusal('BANK_REQUIRED');
    const settings = await walletSettingsRepository.get(db);
    const { fee, actual } = withdrawalFee(body.amount, settings);
    if (body.amount < settings.withdraw_min || actual <= 0) {
      const min = formatMoney(settings.withdraw_min);
      throw new Refusal('MIN_WITHDRAWAL', { min, fields: { amount: 'MIN_WITHDRAWAL' } }, 200, { min });
    }
    await this.deps.payPasswords.check(merchantId, body.pay_password);
    // A friendly early answer; the ledger's conditional debit below is what guarantees it.
    if (body.amount > (await walletBalance(db, merchantId)))
      throw fieldRefusal('CANNOT_EXCEED_BALANCE', 'amount');

    const now = clock.now();
    const chain = body.method === 'blockchain';
    try {
      return await moneyTransaction(db, idem, async (tx) => {
        const row = await withdrawalsRepository.insert(tx, {
          merchant_id: merchantId,
          method: body.method,
          amount: body.amount,
          fee,
          actual,
          currency: chain ? (body.currency ?? CURRENCIES[0]) : null,
          network: chain ? (body.network ?? null) : null,
          address: chain ? (body.address ?? null) : null,
          holder_name: card?.holder_name ?? null,
          bank_name: card?.bank_name ?? null,
          account_number: card?.account_number ?? null,
          reason: null,
          reference: null,
          hold_journal_id: null,
          resolve_journal_id: null,
          created_at: now,
          resolved_at: null,
          resolved_by: null,
          // The promise of this moment: a later change of the setting does not move it.
          due_at: now + settings.processing_hours * 3_600_000,
          late_noticed_at: null,
        });
        const journal = await post(tx, {
          type: 'withdrawal_hold',
          merchantId,
          ref: { type: 'withdrawal', id: row.id },
          at: now,
          postings: [
            { account: { merchantId, kind: 'wallet' }, amount: -body.amount },
            { account: { merchantId, kind: 'withdraw_hold' }, amount: body.amount },
          ],
        });
        await withdrawalsRepository.setJournals(tx, row.id, { hold_journal_id: journal.id });
        return {
          ...withdrawalItem(row),
          balance: formatMoney(balanceAfter(journal, { merchantId, kind: 'wallet' })),
        };
      });
    } catch (error) {
      if (error instanceof Refusal && error.key === 'INSUFFICIENT_BALANCE')
        throw fieldRefusal('CANNOT_EXCEED_BALANCE', 'amount');
      throw error;
    }
  }

  async log(merchantId: number, query: Paging & { status?: Status | undefined }) {
    const page = await withdrawalsRepository.page(
      this.deps.db,
      { merchantId, status: query.status },
      query,
      'desc',
    );
    return { ...page, list: page.list.map(withdrawalItem) };
  }

  /** Hold → wallet: the journal of a rejection or a cancellation. */
  private release(tx: MoneyDeps['db'], row: WithdrawalRow, operatorId: number | null, now: number) {
    return post(tx, {
      type: 'withdrawal_release',
      merchantId: row.merchant_id,
      ref: { type: 'withdrawal', id: row.id },
      operatorId,
      at: now,
      postings: [
        { account: { merchantId: row.merchant_id, kind: 'withdraw_hold' }, amount: -row.amount },
        { account: { merchantId: row.merchant_id, kind: 'wallet' }, amount: row.amount },
      ],
    });
  }

  /** The merchant takes back its own pending withdrawal; another merchant's looks like a missing one. */
  async cancel(merchantId: number, id: number, idem: Idempotency | null) {
    const now = this.deps.clock.now();
    return moneyTransaction(this.deps.db, idem, async (tx) => {
      const row = await decideOnce(
        tx,
        'withdrawals',
        id,
        { status: 'cancelled', resolved_at: now, resolved_by: null },
        { merchantId },
      );
      const journal = await this.release(tx, row, null, now);
      await withdrawalsRepository.setJournals(tx, id, { resolve_journal_id: journal.id });
      return {
        ...withdrawalItem(row),
        balance: formatMoney(balanceAfter(journal, { merchantId, kind: 'wallet' })),
      };
    });
  }

  // ------------------------------------------------------------ operators

  /**
   * The review queue, oldest first, each with its merchant, the full account to pay, and what the
   * reviewer weighs it against: the merchant's wallet and hold now, and its latest funds records.
   */
  async list(query: Paging & { status?: Status | undefined; merchant_id?: number | undefined }) {
    const { db } = this.deps;
    const filter = { merchantId: query.merchant_id, status: query.status };
    const page = await withdrawalsRepository.page(db, filter, query, 'asc');
    const merchantIds = [...new Set(page.list.map((r) => r.merchant_id))];
    const [balances, recent] = await Promise.all([
      reportFigures.merchantBalances(db, merchantIds),
      Promise.all(
        merchantIds.map(
          async (id) => [id, await reportFigures.recentWalletPostings(db, id, RECENT_ACTIVITY)] as const,
        ),
      ).then((pairs) => new Map(pairs)),
    ]);
    return withMerchants(db, page, (r, merchant) => ({
      ...withdrawalItem(r),
      merchant,
      bank:
        r.method === 'bank'
          ? {
              holder_name: r.holder_name ?? '',
              bank_name: r.bank_name ?? '',
              account_number: r.account_number ?? '',
            }
          : null,
      reference: r.reference,
      wallet: {
        balance: formatMoney(balances.get(r.merchant_id)?.wallet ?? 0),
        hold: formatMoney(balances.get(r.merchant_id)?.hold ?? 0),
      },
      recent: (recent.get(r.merchant_id) ?? []).map((p) => ({
        journal_type: p.type,
        amount: formatMoney(p.amount),
        balance_after: formatMoney(p.balance_after),
        reason: p.reason,
        created_at: iso(p.created_at),
      })),
    }));
  }

  /**
   * An operator's decision: approve pays the hold out (actual to payout clearing, fee to revenue),
   * reject releases it to the wallet. Decided once, audited, and told to the merchant.
   */
  /**
   * A payout on a watched network is checked against the chain before the withdrawal is marked
   * paid: the reference must be the transaction's hash, used for no other withdrawal, and the
   * transaction must pay the actual amount of the network's token to the merchant's address.
   * Answers what the transaction re-checks; null when there is nothing to check (a bank payout, a
   * network the watcher doesn't follow, a withdrawal already decided or missing: decideOnce says so).
   */
  private async chainPayout(id: number, reference: string | null) {
    const { db } = this.deps;
    const row = await withdrawalsRepository.byId(db, id);
    if (row?.status !== 'pending' || row.method !== 'blockchain' || !row.network || !row.address) return null;
    const net = await watchedNetwork(db, row.network);
    if (!net) return null;
    if (!reference || !TX_HASH.test(reference))
      throw fieldRefusal('INVALID_INPUT', 'reference', 'FIELD_TX_HASH');
    if (await withdrawalsRepository.paidWithReference(db, row.network, reference, id))
      throw new Refusal('PAYOUT_REUSED');
    await checkPayout(net, { txHash: reference, to: row.address, actual: row.actual });
    return { network: row.network, reference };
  }

  async decide(
    op: SessionOperator,
    id: number,
    decision:
      | { approve: true; reference: string | null }
      | { approve: false; rejection: Rejection<'withdrawal'> },
    idem: Idempotency | null,
  ) {
    const now = this.deps.clock.now();
    const chain = decision.approve ? await this.chainPayout(id, decision.reference) : null;
    return moneyTransaction(this.deps.db, idem, async (tx) => {
      // Checked again in the transaction: two withdrawals approved at once with one hash.
      if (chain && (await withdrawalsRepository.paidWithReference(tx, chain.network, chain.reference, id)))
        throw new Refusal('PAYOUT_REUSED');
      const reason = decision.approve
        ? null
        : await rejectionReason(tx, 'withdrawal', await ownerOf(tx, 'withdrawals', id), decision.rejection);
      const row = await decideOnce(tx, 'withdrawals', id, {
        status: decision.approve ? 'approved' : 'rejected',
        reason,
        reference: decision.approve ? decision.reference : null,
        resolved_at: now,
        resolved_by: op.id,
      });
      const owner = row.merchant_id;
      const journal = decision.approve
        ? await post(tx, {
            type: 'withdrawal_payout',
            merchantId: owner,
            ref: { type: 'withdrawal', id: row.id },
            operatorId: op.id,
            at: now,
            postings: [
              { account: { merchantId: owner, kind: 'withdraw_hold' }, amount: -row.amount },
              { account: { platform: 'payout_clearing' }, amount: row.actual },
              { account: { platform: 'revenue' }, amount: row.fee },
            ],
          })
        : await this.release(tx, row, op.id, now);
      await withdrawalsRepository.setJournals(tx, id, { resolve_journal_id: journal.id });
      const common = { order_no: orderNo('W', row.id, row.created_at), amount: formatMoney(row.amount) };
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject',
          target: { type: 'withdrawal', id: row.id },
          before: { status: 'pending', amount: formatMoney(row.amount), reason: null, reference: null },
          after: {
            status: row.status,
            amount: formatMoney(row.amount),
            reason: row.reason,
            reference: row.reference,
            journal_id: journal.id,
          },
          detail: {
            merchant: owner,
            ...(decision.approve
              ? { reference: decision.reference }
              : { reason, reason_code: decision.rejection.reason_code ?? null }),
          },
          notice: decision.approve
            ? {
                merchantId: owner,
                type: 'withdrawal_approved',
                params: { ...common, actual: formatMoney(row.actual) },
              }
            : {
                merchantId: owner,
                type: 'withdrawal_rejected',
                params: { ...common, reason },
              },
        },
        now,
      );
      return withdrawalItem(row);
    });
  }
}
