import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import { ledgerRepository } from './ledger.repository';

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

  const counts = await ledgerRepository.counts(db);

  const unbalanced = await ledgerRepository.unbalancedJournals(db);
  for (const j of unbalanced) {
    problems.push(
      `journal #${j.id} (${j.type}): ${n(j.lines)} postings summing to ${formatMoney(n(j.total))}, expected 2+ summing to 0.00`,
    );
  }

  const drift = await ledgerRepository.balanceDrift(db);
  for (const a of drift) {
    problems.push(
      `account ${a.key}: cached balance ${formatMoney(n(a.balance))} but postings sum to ${formatMoney(n(a.total))} (difference ${formatMoney(n(a.balance) - n(a.total))})`,
    );
  }

  const chain = await ledgerRepository.brokenChain(db);
  for (const p of chain) {
    problems.push(
      `posting #${p.id} on account #${p.account_id}: balance_after ${formatMoney(n(p.balance_after))} is not ${formatMoney(n(p.prev))} + ${formatMoney(n(p.amount))}`,
    );
  }

  const negative = await ledgerRepository.negativeMerchantAccounts(db);
  for (const a of negative) problems.push(`account ${a.key} is below zero: ${formatMoney(n(a.balance))}`);

  const total = await ledgerRepository.balancesTotal(db);
  if (n(total.total) !== 0)
    problems.push(
      `all balances sum to ${formatMoney(n(total.total))}, expected 0.00 (money created or lost)`,
    );

  const holds = await ledgerRepository.holdMismatches(db);
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
