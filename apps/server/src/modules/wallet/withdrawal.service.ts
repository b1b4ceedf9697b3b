import { applyBps, formatMoney } from '@dropdesk/contract/money';
import { CURRENCIES, NETWORKS, type Network, type WithdrawalItem } from '@dropdesk/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { fetchPage, type Paging } from '../../db/paging';
import { iso } from '../../lib/clock';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import type { SessionOperator } from '../../plugins/types';
import { merchantsRepository } from '../account/merchants.repository';
import { recordDecision } from '../admin/operators';
import { balanceAfter, post, walletBalance } from '../ledger/ledger';
import {
  maskAccount,
  merchantRefs,
  orderNo,
  type WithdrawalRow,
  walletSettingsRepository,
  withdrawalItem,
} from './wallet.repository';

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
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.db;
  }

  async info(merchantId: number) {
    const [merchant, settings, balance, card, addresses] = await Promise.all([
      merchantsRepository.byId(this.db, merchantId),
      walletSettingsRepository.get(this.db),
      walletBalance(this.db, merchantId),
      this.db.selectFrom('bank_cards').selectAll().where('merchant_id', '=', merchantId).executeTakeFirst(),
      this.db
        .selectFrom('withdrawals')
        .select(['network', 'address', (eb) => eb.fn.max('id').as('last')])
        .where('merchant_id', '=', merchantId)
        .where('method', '=', 'blockchain')
        .groupBy(['network', 'address'])
        .orderBy('last', 'desc')
        .limit(5)
        .execute(),
    ]);
    if (!merchant) throw new Refusal('UNAUTHORIZED', undefined, 401);
    return {
      balance: formatMoney(balance),
      fee: { bps: settings.withdraw_fee_bps, fixed: formatMoney(settings.withdraw_fee_fixed) },
      min: formatMoney(settings.withdraw_min),
      processing_hours: settings.processing_hours,
      currencies: [...CURRENCIES],
      networks: [...NETWORKS],
      kyc_status: merchant.kyc_status as 'unverified' | 'pending' | 'verified' | 'rejected',
      bank: card
        ? {
            holder_name: card.holder_name,
            bank_name: card.bank_name,
            account_number: maskAccount(card.account_number),
            updated_at: iso(card.updated_at),
          }
        : null,
      addresses: addresses.map((a) => ({ network: a.network as Network, address: a.address ?? '' })),
    };
  }

  async create(merchantId: number, body: WithdrawalRequest, idem: Idempotency | null) {
    const merchant = await merchantsRepository.byId(this.db, merchantId);
    if (!merchant) throw new Refusal('UNAUTHORIZED', undefined, 401);
    if (merchant.kyc_status !== 'verified') throw new Refusal('KYC_REQUIRED');
    const card =
      body.method === 'bank'
        ? await this.db
            .selectFrom('bank_cards')
            .selectAll()
            .where('merchant_id', '=', merchantId)
            .executeTakeFirst()
        : undefined;
    if (body.method === 'bank' && !card) throw new Refusal('BANK_REQUIRED');
    const settings = await walletSettingsRepository.get(this.db);
    const { fee, actual } = withdrawalFee(body.amount, settings);
    if (body.amount < settings.withdraw_min || actual <= 0) {
      const min = formatMoney(settings.withdraw_min);
      throw new Refusal('MIN_WITHDRAWAL', { min, fields: { amount: 'MIN_WITHDRAWAL' } }, 200, { min });
    }
    await this.app.payPasswords.check(merchantId, body.pay_password);
    // A friendly early answer; the ledger's conditional debit below is what guarantees it.
    if (body.amount > (await walletBalance(this.db, merchantId)))
      throw fieldRefusal('CANNOT_EXCEED_BALANCE', 'amount');

    const now = this.app.clock.now();
    try {
      return await this.db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('withdrawals')
          .values({
            merchant_id: merchantId,
            method: body.method,
            amount: body.amount,
            fee,
            actual,
            currency: body.method === 'blockchain' ? (body.currency ?? CURRENCIES[0]) : null,
            network: body.method === 'blockchain' ? (body.network ?? null) : null,
            address: body.method === 'blockchain' ? (body.address ?? null) : null,
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
          })
          .returningAll()
          .executeTakeFirstOrThrow();
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
        await tx
          .updateTable('withdrawals')
          .set({ hold_journal_id: journal.id })
          .where('id', '=', row.id)
          .execute();
        const data = {
          ...withdrawalItem(row),
          balance: formatMoney(balanceAfter(journal, { merchantId, kind: 'wallet' })),
        };
        await idem?.complete(tx, data);
        return data;
      });
    } catch (error) {
      if (error instanceof Refusal && error.key === 'INSUFFICIENT_BALANCE')
        throw fieldRefusal('CANNOT_EXCEED_BALANCE', 'amount');
      throw error;
    }
  }

  async log(merchantId: number, query: Paging & { status?: Status | undefined }) {
    let q = this.db.selectFrom('withdrawals').where('merchant_id', '=', merchantId);
    if (query.status) q = q.where('status', '=', query.status);
    return fetchPage(
      q,
      (f) => f.selectAll().orderBy('id', 'desc'),
      query,
      (rows) => rows.map(withdrawalItem),
    );
  }

  /**
   * Moves a pending withdrawal to `status` with one conditional UPDATE, so of an approval, a
   * rejection and a cancellation racing, exactly one wins. `merchantId` limits it to one merchant.
   */
  private async resolve(
    tx: Db,
    id: number,
    status: 'approved' | 'rejected' | 'cancelled',
    by: { operatorId: number | null; merchantId?: number },
    fields: { reason?: string | null; reference?: string | null },
    now: number,
  ): Promise<WithdrawalRow> {
    let update = tx
      .updateTable('withdrawals')
      .set({
        status,
        reason: fields.reason ?? null,
        reference: fields.reference ?? null,
        resolved_at: now,
        resolved_by: by.operatorId,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending');
    if (by.merchantId !== undefined) update = update.where('merchant_id', '=', by.merchantId);
    const row = await update.returningAll().executeTakeFirst();
    if (row) return row;
    let exists = tx.selectFrom('withdrawals').select('id').where('id', '=', id);
    if (by.merchantId !== undefined) exists = exists.where('merchant_id', '=', by.merchantId);
    throw (await exists.executeTakeFirst()) ? new Refusal('ALREADY_RESOLVED') : notFound();
  }

  /** Hold → wallet: the journal of a rejection or a cancellation. */
  private release(tx: Db, row: WithdrawalRow, operatorId: number | null, now: number) {
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

  async cancel(merchantId: number, id: number, idem: Idempotency | null) {
    const now = this.app.clock.now();
    return this.db.transaction().execute(async (tx) => {
      const row = await this.resolve(tx, id, 'cancelled', { operatorId: null, merchantId }, {}, now);
      const journal = await this.release(tx, row, null, now);
      await tx
        .updateTable('withdrawals')
        .set({ resolve_journal_id: journal.id })
        .where('id', '=', id)
        .execute();
      const data = {
        ...withdrawalItem(row),
        balance: formatMoney(balanceAfter(journal, { merchantId, kind: 'wallet' })),
      };
      await idem?.complete(tx, data);
      return data;
    });
  }

  // ------------------------------------------------------------ operators

  async list(query: Paging & { status?: Status | undefined; merchant_id?: number | undefined }) {
    let q = this.db.selectFrom('withdrawals');
    if (query.status) q = q.where('status', '=', query.status);
    if (query.merchant_id) q = q.where('merchant_id', '=', query.merchant_id);
    return fetchPage(
      q,
      (f) => f.selectAll().orderBy('id', 'asc'),
      query,
      async (rows) => {
        const merchants = await merchantRefs(
          this.db,
          rows.map((r) => r.merchant_id),
        );
        return rows.map((r) => ({
          ...withdrawalItem(r),
          merchant: merchants.get(r.merchant_id)!,
          bank:
            r.method === 'bank'
              ? {
                  holder_name: r.holder_name ?? '',
                  bank_name: r.bank_name ?? '',
                  account_number: r.account_number ?? '',
                }
              : null,
          reference: r.reference,
        }));
      },
    );
  }

  async approve(op: SessionOperator, id: number, reference: string | null, idem: Idempotency | null) {
    const now = this.app.clock.now();
    return this.db.transaction().execute(async (tx) => {
      const row = await this.resolve(tx, id, 'approved', { operatorId: op.id }, { reference }, now);
      const journal = await post(tx, {
        type: 'withdrawal_payout',
        merchantId: row.merchant_id,
        ref: { type: 'withdrawal', id: row.id },
        operatorId: op.id,
        at: now,
        postings: [
          { account: { merchantId: row.merchant_id, kind: 'withdraw_hold' }, amount: -row.amount },
          { account: { platform: 'payout_clearing' }, amount: row.actual },
          { account: { platform: 'revenue' }, amount: row.fee },
        ],
      });
      await tx
        .updateTable('withdrawals')
        .set({ resolve_journal_id: journal.id })
        .where('id', '=', id)
        .execute();
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: 'withdrawal.approve',
          target: { type: 'withdrawal', id: row.id },
          detail: { reference },
          notice: {
            merchantId: row.merchant_id,
            type: 'withdrawal_approved',
            params: {
              order_no: orderNo('W', row.id, row.created_at),
              amount: formatMoney(row.amount),
              actual: formatMoney(row.actual),
            },
          },
        },
        now,
      );
      const item = withdrawalItem(row);
      await idem?.complete(tx, item);
      return item;
    });
  }

  async reject(op: SessionOperator, id: number, reason: string, idem: Idempotency | null) {
    const now = this.app.clock.now();
    return this.db.transaction().execute(async (tx) => {
      const row = await this.resolve(tx, id, 'rejected', { operatorId: op.id }, { reason }, now);
      const journal = await this.release(tx, row, op.id, now);
      await tx
        .updateTable('withdrawals')
        .set({ resolve_journal_id: journal.id })
        .where('id', '=', id)
        .execute();
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: 'withdrawal.reject',
          target: { type: 'withdrawal', id: row.id },
          detail: { reason },
          notice: {
            merchantId: row.merchant_id,
            type: 'withdrawal_rejected',
            params: {
              order_no: orderNo('W', row.id, row.created_at),
              amount: formatMoney(row.amount),
              reason,
            },
          },
        },
        now,
      );
      const item = withdrawalItem(row);
      await idem?.complete(tx, item);
      return item;
    });
  }
}
