import { formatMoney } from '@dropdesk/contract/money';
import { GENESIS, postingHash } from '@dropdesk/ledger-proof';
import type { Db } from '../../db/database';
import { checkCheckpoints, contentOf } from './checkpoints';
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
 * - each merchant's withdrawal hold equals the sum of its pending withdrawals;
 * - every posting's hash is its content's, chained to the posting before it on its account, and
 *   the signed checkpoints still hold (docs/ledger-proof.md): what catches a row edited, deleted or
 *   moved in the database itself, with every balance around it put right.
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

  problems.push(...(await checkChain(db)));
  problems.push(...(await checkCheckpoints(db)));

  return {
    journals: n(counts.journals),
    postings: n(counts.postings),
    accounts: n(counts.accounts),
    problems,
  };
}

/** How many chain faults are worded at most (the rest are counted). */
const CHAIN_PROBLEMS = 100;
const CHAIN_PAGE = 5_000;

/**
 * Every posting's hash recomputed from its content and the hash stored on the posting before it on
 * the same account, and its place (`seq`) checked to follow that one's. Each fault names the posting
 * where the stored history stops agreeing with itself.
 */
async function checkChain(db: Db): Promise<string[]> {
  const problems: string[] = [];
  let faults = 0;
  const heads = new Map<number, { seq: number; hash: string }>();
  const fault = (text: string) => {
    faults += 1;
    if (problems.length < CHAIN_PROBLEMS) problems.push(text);
  };
  let after = 0;
  for (;;) {
    const page = await ledgerRepository.chainPage(db, after, CHAIN_PAGE);
    if (page.length === 0) break;
    for (const p of page) {
      const account = n(p.account_id);
      const prev = heads.get(account) ?? { seq: 0, hash: GENESIS };
      const seq = p.seq === null ? null : n(p.seq);
      if (seq === null || !p.hash) {
        fault(`posting #${p.id} on account ${p.key} has no place in its chain (written around the ledger)`);
        continue;
      }
      if (seq !== prev.seq + 1)
        fault(
          `posting #${p.id} on account ${p.key} is number ${seq} but follows number ${prev.seq}: a posting is missing or out of place`,
        );
      const hash = postingHash(prev.hash, contentOf(p));
      if (hash !== p.hash)
        fault(
          `posting #${p.id} on account ${p.key} (number ${seq}, journal #${p.journal}): its hash is not the one its content and the posting before it give: this or an earlier posting was changed, removed or moved`,
        );
      heads.set(account, { seq, hash: p.hash });
    }
    after = n(page[page.length - 1]!.id);
  }
  if (faults > problems.length) problems.push(`… and ${faults - problems.length} more chain faults`);
  return problems;
}
