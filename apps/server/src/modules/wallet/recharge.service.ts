import { MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import {
  CURRENCIES,
  type Network,
  RECHARGE_CONFIRMATIONS,
  type RechargeItem,
  UNSUPPORTED_DEPOSIT_SOURCES,
} from '@dropdesk/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { fetchPage, type Paging } from '../../db/paging';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import type { SessionOperator } from '../../plugins/types';
import { recordDecision } from '../admin/operators';
import { post } from '../ledger/ledger';
import { merchantRefs, orderNo, type RechargeRow, rechargeItem } from './wallet.repository';

type Status = RechargeItem['status'];

/**
 * Top-ups: the merchant declares a transfer with a voucher; it stays pending until an operator
 * approves it (one journal: deposit clearing → wallet) or rejects it. Each resolves once.
 */
export class RechargeService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.db;
  }

  async blockchain() {
    const rows = await this.db
      .selectFrom('deposit_addresses')
      .select(['network', 'address'])
      .where('enabled', '=', 1)
      .orderBy('network')
      .execute();
    return {
      networks: rows.map((r) => ({
        network: r.network as Network,
        currency: CURRENCIES[0],
        address: r.address,
      })),
      confirmations: RECHARGE_CONFIRMATIONS,
      unsupported: [...UNSUPPORTED_DEPOSIT_SOURCES],
      min_topup: formatMoney(MIN_TOPUP_MINOR),
    };
  }

  async create(
    merchantId: number,
    body: { method: RechargeItem['method']; amount: number; voucher: string; network?: Network | undefined },
    idem: Idempotency | null,
  ): Promise<RechargeItem> {
    let network: Network | null = null;
    let address: string | null = null;
    if (body.method === 'chain' && body.network) {
      const row = await this.db
        .selectFrom('deposit_addresses')
        .select('address')
        .where('network', '=', body.network)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      if (!row) throw fieldRefusal('NETWORK_UNAVAILABLE', 'network');
      network = body.network;
      address = row.address;
    }
    // The voucher must be this merchant's own upload of kind voucher, and not used before.
    const upload = await this.db
      .selectFrom('uploads')
      .select(['merchant_id', 'kind'])
      .where('id', '=', body.voucher)
      .executeTakeFirst();
    if (!upload || upload.merchant_id !== merchantId || upload.kind !== 'voucher')
      throw fieldRefusal('UPLOAD_INVALID', 'voucher');
    const used = await this.db
      .selectFrom('recharges')
      .select('id')
      .where('voucher', '=', body.voucher)
      .executeTakeFirst();
    if (used) throw fieldRefusal('VOUCHER_USED', 'voucher');

    const now = this.app.clock.now();
    try {
      return await this.db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('recharges')
          .values({
            merchant_id: merchantId,
            method: body.method,
            network,
            address,
            amount: body.amount,
            voucher: body.voucher,
            reason: null,
            journal_id: null,
            created_at: now,
            resolved_at: null,
            resolved_by: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const item = rechargeItem(row);
        await idem?.complete(tx, item);
        return item;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldRefusal('VOUCHER_USED', 'voucher');
      throw error;
    }
  }

  async log(merchantId: number, query: Paging & { status?: Status | undefined }) {
    let q = this.db.selectFrom('recharges').where('merchant_id', '=', merchantId);
    if (query.status) q = q.where('status', '=', query.status);
    return fetchPage(
      q,
      (f) => f.selectAll().orderBy('id', 'desc'),
      query,
      (rows) => rows.map(rechargeItem),
    );
  }

  /** The merchant withdraws its own pending top-up; another merchant's looks like a missing one. */
  async cancel(merchantId: number, id: number): Promise<RechargeItem> {
    const now = this.app.clock.now();
    const row = await this.db
      .updateTable('recharges')
      .set({ status: 'cancelled', resolved_at: now })
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (row) return rechargeItem(row);
    const exists = await this.db
      .selectFrom('recharges')
      .select('id')
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    throw exists ? new Refusal('ALREADY_RESOLVED') : notFound();
  }

  // ------------------------------------------------------------ operators

  async list(query: Paging & { status?: Status | undefined; merchant_id?: number | undefined }) {
    let q = this.db.selectFrom('recharges');
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
        return rows.map((r) => ({ ...rechargeItem(r), merchant: merchants.get(r.merchant_id)! }));
      },
    );
  }

  /** Moves a pending top-up to `status` with one conditional UPDATE: of racing decisions, one wins. */
  private async resolve(
    tx: Db,
    id: number,
    status: 'approved' | 'rejected',
    op: SessionOperator,
    reason: string | null,
    now: number,
  ): Promise<RechargeRow> {
    const row = await tx
      .updateTable('recharges')
      .set({ status, reason, resolved_at: now, resolved_by: op.id })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
    const exists = await tx.selectFrom('recharges').select('id').where('id', '=', id).executeTakeFirst();
    throw exists ? new Refusal('ALREADY_RESOLVED') : notFound();
  }

  async approve(op: SessionOperator, id: number, idem: Idempotency | null): Promise<RechargeItem> {
    const now = this.app.clock.now();
    return this.db.transaction().execute(async (tx) => {
      const row = await this.resolve(tx, id, 'approved', op, null, now);
      const journal = await post(tx, {
        type: 'recharge',
        merchantId: row.merchant_id,
        ref: { type: 'recharge', id: row.id },
        operatorId: op.id,
        at: now,
        postings: [
          { account: { merchantId: row.merchant_id, kind: 'wallet' }, amount: row.amount },
          { account: { platform: 'deposit_clearing' }, amount: -row.amount },
        ],
      });
      await tx.updateTable('recharges').set({ journal_id: journal.id }).where('id', '=', row.id).execute();
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: 'recharge.approve',
          target: { type: 'recharge', id: row.id },
          notice: {
            merchantId: row.merchant_id,
            type: 'recharge_approved',
            params: { order_no: orderNo('R', row.id, row.created_at), amount: formatMoney(row.amount) },
          },
        },
        now,
      );
      const item = rechargeItem(row);
      await idem?.complete(tx, item);
      return item;
    });
  }

  async reject(
    op: SessionOperator,
    id: number,
    reason: string,
    idem: Idempotency | null,
  ): Promise<RechargeItem> {
    const now = this.app.clock.now();
    return this.db.transaction().execute(async (tx) => {
      const row = await this.resolve(tx, id, 'rejected', op, reason, now);
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: 'recharge.reject',
          target: { type: 'recharge', id: row.id },
          detail: { reason },
          notice: {
            merchantId: row.merchant_id,
            type: 'recharge_rejected',
            params: {
              order_no: orderNo('R', row.id, row.created_at),
              amount: formatMoney(row.amount),
              reason,
            },
          },
        },
        now,
      );
      const item = rechargeItem(row);
      await idem?.complete(tx, item);
      return item;
    });
  }
}
