import { formatMoney } from '@dropdesk/contract/money';
import type { RechargeItem, WithdrawalItem } from '@dropdesk/contract/wallet';
import { iso } from '../../lib/clock';
import { orderNo } from '../../lib/order-no';
import { type ChainState, chainFactsOf } from '../chain';
import { maskAccount } from '../kyc';
import type { FileLink } from '../uploads';
import type { RechargeRow } from './recharges.repository';
import { promiseHours } from './withdrawal-clock';
import type { WithdrawalRow } from './withdrawals.repository';

/** A top-up as its reader sees it: the voucher by a link signed for that reader (`link`). */
/** For a declared top-up, or one just decided: no watched network's state is needed to show it. */
export const NO_CHAIN: ChainState = new Map();

export function rechargeItem(row: RechargeRow, link: FileLink, chain: ChainState): RechargeItem {
  return {
    id: row.id,
    order_no: orderNo('R', row.id, row.created_at),
    method: row.method,
    network: row.network,
    address: row.address,
    amount: formatMoney(row.amount),
    status: row.status,
    reason: row.reason,
    voucher_url: row.voucher === null ? null : link(row.voucher),
    chain: chainFactsOf(row, chain),
    created_at: iso(row.created_at),
    resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
  };
}

export function withdrawalItem(row: WithdrawalRow): WithdrawalItem {
  return {
    id: row.id,
    order_no: orderNo('W', row.id, row.created_at),
    method: row.method,
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    actual: formatMoney(row.actual),
    currency: row.currency,
    network: row.network,
    address: row.address,
    bank:
      row.method === 'bank'
        ? {
            holder_name: row.holder_name ?? '',
            bank_name: row.bank_name ?? '',
            account_number: maskAccount(row.account_number ?? ''),
          }
        : null,
    status: row.status,
    reason: row.reason,
    created_at: iso(row.created_at),
    resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
    due_at: iso(row.due_at ?? row.created_at),
    promise_hours: promiseHours(row),
    paid_within:
      row.status === 'approved' && row.resolved_at !== null
        ? row.resolved_at <= (row.due_at ?? row.created_at)
        : null,
  };
}
