import { formatMoney } from '@dropdesk/contract/money';
import type { RechargeItem, WithdrawalItem } from '@dropdesk/contract/wallet';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { RechargesTable, WithdrawalsTable } from '../../db/schema';
import { iso } from '../../lib/clock';

export type RechargeRow = Selectable<RechargesTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** "R20261122000042": a prefix, the UTC day it was made and the id. Derived, never stored. */
export function orderNo(prefix: 'R' | 'W', id: number, createdAt: number): string {
  const day = new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${String(id).padStart(6, '0')}`;
}

/** "**** 1234": what a merchant sees of an account number once saved. */
export function maskAccount(number: string): string {
  return `**** ${number.slice(-4)}`;
}

export function rechargeItem(row: RechargeRow): RechargeItem {
  return {
    id: row.id,
    order_no: orderNo('R', row.id, row.created_at),
    method: row.method as RechargeItem['method'],
    network: row.network as RechargeItem['network'],
    address: row.address,
    amount: formatMoney(row.amount),
    status: row.status as RechargeItem['status'],
    reason: row.reason,
    voucher_url: `/uploads/${row.voucher}`,
    created_at: iso(row.created_at),
    resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
  };
}

export function withdrawalItem(row: WithdrawalRow): WithdrawalItem {
  return {
    id: row.id,
    order_no: orderNo('W', row.id, row.created_at),
    method: row.method as WithdrawalItem['method'],
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    actual: formatMoney(row.actual),
    currency: row.currency as WithdrawalItem['currency'],
    network: row.network as WithdrawalItem['network'],
    address: row.address,
    bank:
      row.method === 'bank'
        ? {
            holder_name: row.holder_name ?? '',
            bank_name: row.bank_name ?? '',
            account_number: maskAccount(row.account_number ?? ''),
          }
        : null,
    status: row.status as WithdrawalItem['status'],
    reason: row.reason,
    created_at: iso(row.created_at),
    resolved_at: row.resolved_at === null ? null : iso(row.resolved_at),
  };
}

export async function merchantRefs(db: Db, ids: number[]) {
  if (ids.length === 0)
    return new Map<number, { id: number; real_name: string; phone: string; shop_name: string }>();
  const rows = await db
    .selectFrom('merchants as m')
    .innerJoin('shops as s', 's.merchant_id', 'm.id')
    .select(['m.id', 'm.real_name', 'm.phone', 's.name as shop_name'])
    .where('m.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export const walletSettingsRepository = {
  async get(db: Db) {
    return db.selectFrom('wallet_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  },
};
