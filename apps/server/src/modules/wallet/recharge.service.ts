import { MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { formatMoney } from '@dropdesk/contract/money';
import {
  CURRENCIES,
  type Network,
  RECHARGE_CONFIRMATIONS,
  type RechargeItem,
  UNSUPPORTED_DEPOSIT_SOURCES,
} from '@dropdesk/contract/wallet';
import { decideOnce, ownerOf } from '../../db/decide';
import { isUniqueViolation } from '../../db/errors';
import type { Paging } from '../../db/paging';
import { moneyTransaction } from '../../db/transaction';
import { iso } from '../../lib/clock';
import type { MoneyDeps } from '../../lib/money-deps';
import { orderNo } from '../../lib/order-no';
import { fieldRefusal, Refusal } from '../../lib/refusal';
import type { Idempotency } from '../../plugins/idempotency';
import type { SessionOperator } from '../../plugins/types';
import { withMerchants } from '../account';
import { type Rejection, rejectionReason } from '../admin';
import { recordDecision } from '../audit';
import { chainState, depositAddressOf, watchedNetwork, watchedNetworks } from '../chain';
import { post } from '../ledger';
import type { FileLink } from '../uploads';
import { uploadRows } from '../uploads';
import { depositAddressesRepository } from './deposit-addresses.repository';
import { rechargesRepository } from './recharges.repository';
import { topupAccountRepository, topupManualRepository } from './topup-account.repository';
import { NO_CHAIN, rechargeItem } from './wallet.views';

type Status = RechargeItem['status'];

const emptyHistory = () => ({
  approved: 0,
  approved_total: 0,
  rejected: 0,
  cancelled: 0,
  pending: 0,
  first_at: null as number | null,
});

/**
 * Top-ups: the merchant declares a transfer with a voucher; it stays pending until an operator
 * approves it (one journal: deposit clearing → wallet) or rejects it. Each resolves once.
 */
export class RechargeService {
  constructor(private readonly deps: Pick<MoneyDeps, 'db' | 'clock'>) {}

  /**
   * The chain deposit screen: on a watched network the merchant's own address (derived the first
   * time it is asked for), credited by the chain; on another network with a platform address, that
   * shared address and a voucher.
   */
  async blockchain(merchantId: number) {
    const { db, clock } = this.deps;
    const [shared, watched] = await Promise.all([
      depositAddressesRepository.enabled(db),
      watchedNetworks(db),
    ]);
    const own = await Promise.all(
      watched.map(async (n) => ({
        network: n.network,
        currency: CURRENCIES[0],
        address: await depositAddressOf(db, n, merchantId, clock.now()),
        own: true,
        confirmations: n.confirmations,
        token_contract: n.token_contract,
      })),
    );
    const others = shared
      .filter((r) => !watched.some((n) => n.network === r.network))
      .map((r) => ({
        network: r.network,
        currency: CURRENCIES[0],
        address: r.address,
        own: false,
        confirmations: RECHARGE_CONFIRMATIONS,
        token_contract: null,
      }));
    return {
      networks: [...own, ...others].sort((a, b) => a.network.localeCompare(b.network)),
      confirmations: RECHARGE_CONFIRMATIONS,
      unsupported: [...UNSUPPORTED_DEPOSIT_SOURCES],
      min_topup: formatMoney(MIN_TOPUP_MINOR),
    };
  }

  async create(
    merchantId: number,
    body: { method: RechargeItem['method']; amount: number; voucher: string; network?: Network | undefined },
    idem: Idempotency | null,
    link: FileLink,
  ): Promise<RechargeItem> {
    const { db, clock } = this.deps;
    let network: Network | null = null;
    let address: string | null = null;
    // A bank-card top-up needs the platform's receiving account, a manual one the platform's
    // instructions: until an admin sets and enables its own, the merchant has no way to pay, so the
    // method is not open (said before the voucher is looked at).
    if (body.method === 'bank' && (await topupAccountRepository.get(db))?.enabled !== 1)
      throw fieldRefusal('METHOD_UNAVAILABLE', 'method');
    if (body.method === 'manual' && (await topupManualRepository.get(db))?.enabled !== 1)
      throw fieldRefusal('METHOD_UNAVAILABLE', 'method');
    // A watched network credits what arrives at the merchant's own address; nothing to declare.
    if (body.method === 'chain' && body.network && (await watchedNetwork(db, body.network)))
      throw fieldRefusal('NETWORK_WATCHED', 'network');
    if (body.method === 'chain' && body.network) {
      const row = await depositAddressesRepository.enabledFor(db, body.network);
      if (!row) throw fieldRefusal('NETWORK_UNAVAILABLE', 'network');
      network = body.network;
      address = row.address;
    }
    // The voucher must be this merchant's own upload of kind voucher, and not used before.
    const upload = await uploadRows.byId(db, body.voucher);
    if (!upload || upload.merchant_id !== merchantId || upload.kind !== 'voucher')
      throw fieldRefusal('UPLOAD_INVALID', 'voucher');
    if (await rechargesRepository.byVoucher(db, body.voucher)) throw fieldRefusal('VOUCHER_USED', 'voucher');

    const now = clock.now();
    try {
      return await moneyTransaction(db, idem, async (tx) => {
        const row = await rechargesRepository.insert(tx, {
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
        });
        return rechargeItem(row, link, NO_CHAIN);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldRefusal('VOUCHER_USED', 'voucher');
      throw error;
    }
  }

  /** The merchant's top-ups, newest first, and the sums of every one the filter keeps. */
  async log(merchantId: number, query: Paging & { status?: Status | undefined }, link: FileLink) {
    const [page, sums, chain] = await Promise.all([
      rechargesRepository.page(this.deps.db, { merchantId, status: query.status }, query, 'desc'),
      rechargesRepository.sums(this.deps.db, merchantId, query.status),
      chainState(this.deps.db),
    ]);
    return {
      ...page,
      list: page.list.map((row) => rechargeItem(row, link, chain)),
      sums: { count: sums.count, amount: formatMoney(sums.amount) },
    };
  }

  /** The merchant withdraws its own pending top-up; another merchant's looks like a missing one. */
  async cancel(merchantId: number, id: number, link: FileLink): Promise<RechargeItem> {
    const now = this.deps.clock.now();
    await this.refuseWatched(id, merchantId);
    const row = await decideOnce(
      this.deps.db,
      'recharges',
      id,
      { status: 'cancelled', resolved_at: now },
      { merchantId },
    );
    return rechargeItem(row, link, NO_CHAIN);
  }

  /** A transfer the chain watcher credits is decided by the chain: no person cancels or reviews it. */
  private async refuseWatched(id: number, merchantId?: number): Promise<void> {
    const row = await rechargesRepository.chainTransferOf(this.deps.db, id);
    if (row?.tx_hash != null && (merchantId === undefined || row.merchant_id === merchantId))
      throw new Refusal('CREDITED_BY_CHAIN');
  }

  // ------------------------------------------------------------ operators

  /**
   * The review queue, oldest first, each with its merchant and the merchant's top-up history (how
   * many approved and for how much, rejected, cancelled, pending; since when), read for the page.
   */
  async list(
    query: Paging & { status?: Status | undefined; merchant_id?: number | undefined },
    link: FileLink,
  ) {
    const { db } = this.deps;
    // The queue is the top-ups a person declared: the chain watcher's transfers wait for blocks, not
    // for a reviewer. One merchant's list shows them too (no actions), for "where is my deposit?".
    const filter = {
      merchantId: query.merchant_id,
      status: query.status,
      declaredOnly: query.merchant_id === undefined,
    };
    const [page, chain] = await Promise.all([
      rechargesRepository.page(db, filter, query, 'asc'),
      chainState(db),
    ]);
    const rows = await rechargesRepository.history(
      db,
      page.list.map((r) => r.merchant_id),
    );
    const history = new Map<number, ReturnType<typeof emptyHistory>>();
    for (const r of rows) {
      const h = history.get(r.merchant_id) ?? emptyHistory();
      const n = Number(r.n);
      if (r.status === 'approved') {
        h.approved = n;
        h.approved_total = Number(r.total);
      } else h[r.status] = n;
      h.first_at = h.first_at === null ? Number(r.first_at) : Math.min(h.first_at, Number(r.first_at));
      history.set(r.merchant_id, h);
    }
    return withMerchants(db, page, (r, merchant) => {
      const h = history.get(r.merchant_id) ?? emptyHistory();
      return {
        ...rechargeItem(r, link, chain),
        merchant,
        history: {
          ...h,
          approved_total: formatMoney(h.approved_total),
          first_at: h.first_at === null ? null : iso(h.first_at),
        },
      };
    });
  }

  /**
   * An operator's decision: approve credits the wallet from deposit clearing in one journal,
   * reject credits nothing. Decided once, audited, and told to the merchant.
   */
  async decide(
    op: SessionOperator,
    id: number,
    decision: { approve: true } | { approve: false; rejection: Rejection<'recharge'> },
    idem: Idempotency | null,
    link: FileLink,
  ): Promise<RechargeItem> {
    const now = this.deps.clock.now();
    await this.refuseWatched(id);
    return moneyTransaction(this.deps.db, idem, async (tx) => {
      let journalId: number | null = null;
      const reason = decision.approve
        ? null
        : await rejectionReason(tx, 'recharge', await ownerOf(tx, 'recharges', id), decision.rejection);
      const row = await decideOnce(tx, 'recharges', id, {
        status: decision.approve ? 'approved' : 'rejected',
        reason,
        resolved_at: now,
        resolved_by: op.id,
      });
      if (decision.approve) {
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
        await rechargesRepository.setJournal(tx, row.id, journal.id);
        journalId = journal.id;
      }
      const params = { order_no: orderNo('R', row.id, row.created_at), amount: formatMoney(row.amount) };
      await recordDecision(
        tx,
        {
          operatorId: op.id,
          action: decision.approve ? 'recharge.approve' : 'recharge.reject',
          target: { type: 'recharge', id: row.id },
          before: { status: 'pending', amount: formatMoney(row.amount), reason: null },
          after: {
            status: row.status,
            amount: formatMoney(row.amount),
            reason: row.reason,
            journal_id: journalId,
          },
          detail: {
            merchant: row.merchant_id,
            ...(decision.approve ? {} : { reason, reason_code: decision.rejection.reason_code ?? null }),
          },
          notice: decision.approve
            ? { merchantId: row.merchant_id, type: 'recharge_approved', params }
            : { merchantId: row.merchant_id, type: 'recharge_rejected', params: { ...params, reason } },
        },
        now,
      );
      return rechargeItem(row, link, NO_CHAIN);
    });
  }
}
