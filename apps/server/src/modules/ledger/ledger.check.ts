import { formatMoney } from '@dropdesk/contract/money';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface LedgerReport {
  journals: number;
  postings: number;
  accounts: number;
  /** Each difference found, in words; empty when the ledger is sound. */
  problems: string[];
}

const n = (v: unknown): number => Number(v ?? 0);

/**
 * Verifies the ledger's invariants from the postings up:
 * - every journal has two or more postings and they sum to 0;
 * - every account's cached balance equals the sum of its postings;
 * - every posting's balance_after is the previous one plus its amount;
 * - no merchant account is below zero, and all balances together sum to 0;
 * - each merchant's withdrawal hold equals the sum of its pending withdrawals.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];

  const counts = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('journals').select(eb.fn.countAll().as('c')).as('journals'),
      eb.selectFrom('postings').select(eb.fn.countAll().as('c')).as('postings'),
      eb.selectFrom('accounts').select(eb.fn.countAll().as('c')).as('accounts'),
    ])
    .executeTakeFirstOrThrow();

  const unbalanced = await db
    .selectFrom('journals as j')
    .leftJoin('postings as p', 'p.journal_id', 'j.id')
    .select([
      'j.id',
      'j.type',
      sql<number>`coalesce(sum(p.amount), 0)`.as('total'),
      sql<number>`count(p.id)`.as('lines'),
    ])
    .groupBy(['j.id', 'j.type'])
    .having((eb) => eb.or([eb(sql`coalesce(sum(p.amount), 0)`, '<>', 0), eb(sql`count(p.id)`, '<', 2)]))
    .execute();
  for (const j of unbalanced) {
    problems.push(
      `journal #${j.id} (${j.type}): ${n(j.lines)} postings summing to ${formatMoney(n(j.total))}, expected 2+ summing to 0.00`,
    );
  }

  const drift = await db
    .selectFrom('accounts as a')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('postings')
          .select(['account_id', sql<number>`sum(amount)`.as('total')])
          .groupBy('account_id')
          .as('s'),
      (join) => join.onRef('s.account_id', '=', 'a.id'),
    )
    .select(['a.id', 'a.key', 'a.balance', sql<number>`coalesce(s.total, 0)`.as('total')])
    .where(sql<boolean>`a.balance <> coalesce(s.total, 0)`)
    .execute();
  for (const a of drift) {
    problems.push(
      `account ${a.key}: cached balance ${formatMoney(n(a.balance))} but postings sum to ${formatMoney(n(a.total))} (difference ${formatMoney(n(a.balance) - n(a.total))})`,
    );
  }

  const chain = await db
    .selectFrom(
      db
        .selectFrom('postings')
        .select([
          'id',
          'account_id',
          'amount',
          'balance_after',
          sql<number | null>`lag(balance_after) over (partition by account_id order by id)`.as('prev'),
        ])
        .as('c'),
    )
    .selectAll()
    .where(sql<boolean>`coalesce(prev, 0) + amount <> balance_after`)
    .limit(100)
    .execute();
  for (const p of chain) {
    problems.push(
      `posting #${p.id} on account #${p.account_id}: balance_after ${formatMoney(n(p.balance_after))} is not ${formatMoney(n(p.prev))} + ${formatMoney(n(p.amount))}`,
    );
  }

  const negative = await db
    .selectFrom('accounts')
    .select(['key', 'balance'])
    .where('merchant_id', 'is not', null)
    .where('balance', '<', 0)
    .execute();
  for (const a of negative) problems.push(`account ${a.key} is below zero: ${formatMoney(n(a.balance))}`);

  const total = await db
    .selectFrom('accounts')
    .select(sql<number>`coalesce(sum(balance), 0)`.as('total'))
    .executeTakeFirstOrThrow();
  if (n(total.total) !== 0)
    problems.push(
      `all balances sum to ${formatMoney(n(total.total))}, expected 0.00 (money created or lost)`,
    );

  const holds = await db
    .selectFrom('accounts as a')
    .fullJoin(
      (eb) =>
        eb
          .selectFrom('withdrawals')
          .select(['merchant_id', sql<number>`sum(amount)`.as('pending')])
          .where('status', '=', 'pending')
          .groupBy('merchant_id')
          .as('w'),
      (join) => join.onRef('w.merchant_id', '=', 'a.merchant_id').on('a.kind', '=', 'withdraw_hold'),
    )
    .select([
      'a.key',
      'a.kind',
      'w.merchant_id as w_merchant',
      sql<number>`coalesce(a.balance, 0)`.as('held'),
      sql<number>`coalesce(w.pending, 0)`.as('pending'),
    ])
    .where((eb) => eb.or([eb('a.kind', '=', 'withdraw_hold'), eb('a.kind', 'is', null)]))
    .where(sql<boolean>`coalesce(a.balance, 0) <> coalesce(w.pending, 0)`)
    .execute();
  for (const h of holds) {
    problems.push(
      `withdrawal hold ${h.key ?? `of merchant #${h.w_merchant}`}: ${formatMoney(n(h.held))} held but pending withdrawals total ${formatMoney(n(h.pending))}`,
    );
  }

  return {
    journals: n(counts.journals),
    postings: n(counts.postings),
    accounts: n(counts.accounts),
    problems,
  };
}
