import { formatMoney } from '@dropdesk/contract/money';
import type { RechargeItem, WithdrawalItem } from '@dropdesk/contract/wallet';
import { iso } from '../../lib/clock';
import { maskAccount } from '../kyc';
import type { FileLink } from '../uploads';
import type { RechargeRow } from './recharges.repository';
import type { WithdrawalRow } from './withdrawals.repository';

/** "R20261122000042": a prefix (R recharge, W withdrawal, O order), the UTC day it was made and the id. Derived (orders store it). */
export function orderNo(prefix: 'R' | 'W' | 'O', id: number, createdAt: number): string {
  const day = new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${String(id).padStart(6, '0')}`;
}

/** A top-up as its reader sees it: the voucher by a link signed for that reader (`link`). */
export function rechargeItem(row: RechargeRow, link: FileLink): RechargeItem {
  return {
    id: row.id,
    order_no: orderNo('R', row.id, row.created_at),
    method: row.method,
    network: row.network,
    address: row.address,
    amount: formatMoney(row.amount),
    status: row.status,
    reason: row.reason,
    voucher_url: link(row.voucher),
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
  };
}
