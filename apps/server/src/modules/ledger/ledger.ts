import type { JournalType, MerchantAccountKind, PlatformAccountKind } from '@dropdesk/contract/ledger';
import { GENESIS, postingHash } from '@dropdesk/ledger-proof';
import type { Db } from '../../db/database';
import { Refusal } from '../../lib/refusal';
import { ledgerRepository } from './ledger.repository';

/**
 * The ledger: the one door money goes through. Every change of a balance is a journal of postings
 * that sum to zero, written by `post` inside the caller's transaction. Postings and journals are
 * never updated or deleted (the database refuses it); a correction is a reversing journal.
 */

/** A merchant's own account, or one of the platform's. */
export type AccountRef =
  | { merchantId: number; kind: MerchantAccountKind }
  | { platform: PlatformAccountKind };

export interface JournalInput {
  type: JournalType;
  /** The merchant the journal concerns (for reports), if any. */
  merchantId: number | null;
  /** What caused it: `{ type: 'withdrawal', id: 12 }`. */
  ref?: { type: string; id: number } | null;
  /** Required for adjustments: the reason the merchant reads. */
  reason?: string | null;
  operatorId?: number | null;
  /** Epoch ms. */
  at: number;
  /** Signed minor units: + raises the account's balance, − lowers it. Zero lines are dropped. */
  postings: Array<{ account: AccountRef; amount: number }>;
}

export interface PostedJournal {
  id: number;
  postings: Array<{ accountId: number; key: string; amount: number; balanceAfter: number }>;
}

/** A programming error: the journal does not balance or is malformed. Never shown as a refusal. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export function accountKey(ref: AccountRef): string {
  return 'platform' in ref ? `platform:${ref.platform}` : `${ref.kind}:${ref.merchantId}`;
}

/** The account's id, created on first use (merchant accounts start at 0). */
export async function accountId(tx: Db, ref: AccountRef, at: number): Promise<number> {
  const key = accountKey(ref);
  const found = await ledgerRepository.accountIdByKey(tx, key);
  if (found) return found.id;
  await ledgerRepository.createAccount(tx, {
    key,
    merchant_id: 'platform' in ref ? null : ref.merchantId,
    kind: 'platform' in ref ? ref.platform : ref.kind,
    created_at: at,
  });
  const row = await ledgerRepository.accountIdByKeyOrThrow(tx, key);
  return row.id;
}

/** The cached balance (0 for an account never used). */
export async function balanceOf(db: Db, ref: AccountRef): Promise<number> {
  const row = await ledgerRepository.balanceByKey(db, accountKey(ref));
  return row?.balance ?? 0;
}

export function walletBalance(db: Db, merchantId: number): Promise<number> {
  return balanceOf(db, { merchantId, kind: 'wallet' });
}

/**
 * Writes one balanced journal inside `tx`. A merchant account is lowered only by the conditional
 * `UPDATE ... SET balance = balance - x WHERE id = ? AND balance >= x RETURNING balance`, so no
 * balance goes below zero however many requests race; when no row comes back the whole transaction
 * is refused with INSUFFICIENT_BALANCE. Accounts are updated in id order, so two journals touching
 * the same accounts cannot deadlock on PostgreSQL. Each posting records the balance after it, and
 * its place and hash in its account's chain (docs/ledger-proof.md): every account's row is locked by
 * its balance update first, so the chain heads read next are the accounts' latest, committed.
 */
export async function post(tx: Db, journal: JournalInput): Promise<PostedJournal> {
  if (!tx.isTransaction) throw new LedgerError('post() needs a transaction');
  const lines = journal.postings.filter((p) => p.amount !== 0);
  if (lines.length < 2) throw new LedgerError(`journal ${journal.type} needs two or more postings`);
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount)) throw new LedgerError(`posting amount ${line.amount}`);
    sum += line.amount;
  }
  if (sum !== 0) throw new LedgerError(`journal ${journal.type} is unbalanced by ${sum}`);
  const keys = lines.map((l) => accountKey(l.account));
  if (new Set(keys).size !== keys.length) throw new LedgerError('an account appears twice in one journal');
  if (journal.type === 'adjustment' && !journal.reason?.trim())
    throw new LedgerError('an adjustment needs a reason');

  const resolved = [];
  for (const line of lines) {
    resolved.push({
      ...line,
      key: accountKey(line.account),
      id: await accountId(tx, line.account, journal.at),
    });
  }
  resolved.sort((a, b) => a.id - b.id);

  const { id: journalId } = await ledgerRepository.insertJournal(tx, {
    type: journal.type,
    merchant_id: journal.merchantId,
    ref_type: journal.ref?.type ?? null,
    ref_id: journal.ref?.id ?? null,
    reason: journal.reason ?? null,
    operator_id: journal.operatorId ?? null,
    created_at: journal.at,
  });

  const posted: PostedJournal['postings'] = [];
  for (const line of resolved) {
    const guarded = !('platform' in line.account) && line.amount < 0;
    const debit = -line.amount;
    const updated = guarded
      ? await ledgerRepository.debitGuarded(tx, line.id, debit)
      : await ledgerRepository.addToBalance(tx, line.id, line.amount);
    if (!updated) {
      const kind = 'platform' in line.account ? line.account.platform : line.account.kind;
      throw new Refusal('INSUFFICIENT_BALANCE', { account: kind });
    }
    posted.push({ accountId: line.id, key: line.key, amount: line.amount, balanceAfter: updated.balance });
  }

  // Every account's row is locked now, so each chain's head read here is its latest, and stays so
  // until this transaction ends: one read for all of them, one insert of all the postings.
  const heads = new Map(
    (
      await ledgerRepository.chainHeads(
        tx,
        posted.map((p) => p.accountId),
      )
    ).map((h) => [Number(h.account_id), h]),
  );
  await ledgerRepository.insertPostings(
    tx,
    posted.map((p) => {
      const prev = heads.get(p.accountId) ?? { seq: 0, hash: GENESIS };
      const seq = Number(prev.seq) + 1;
      const hash = postingHash(prev.hash, {
        account: p.key,
        seq,
        journal: journalId,
        type: journal.type,
        merchant: journal.merchantId,
        refType: journal.ref?.type ?? null,
        refId: journal.ref?.id ?? null,
        reason: journal.reason ?? null,
        operator: journal.operatorId ?? null,
        at: journal.at,
        amount: p.amount,
        balanceAfter: Number(p.balanceAfter),
      });
      return {
        journal_id: journalId,
        account_id: p.accountId,
        amount: p.amount,
        balance_after: p.balanceAfter,
        created_at: journal.at,
        seq,
        hash,
      };
    }),
  );
  return { id: journalId, postings: posted };
}

/** The balance an account has after a posted journal (its posting's balance_after). */
export function balanceAfter(journal: PostedJournal, ref: AccountRef): number {
  const key = accountKey(ref);
  const line = journal.postings.find((p) => p.key === key);
  if (!line) throw new LedgerError(`journal ${journal.id} has no posting on ${key}`);
  return line.balanceAfter;
}

/**
 * Corrects a posted journal the only way the ledger allows: a new `adjustment` journal with every
 * posting negated, carrying the reason the merchant reads and a link to the journal it reverses.
 * The original stays as it was. A merchant account that has since spent the money is refused with
 * INSUFFICIENT_BALANCE like any other debit.
 */
export async function reverse(
  tx: Db,
  journalId: number,
  correction: { reason: string; operatorId?: number | null; at: number },
): Promise<PostedJournal> {
  const original = await ledgerRepository.journalById(tx, journalId);
  if (!original) throw new LedgerError(`journal ${journalId} does not exist`);
  const lines = await ledgerRepository.postingsOfJournal(tx, journalId);
  return post(tx, {
    type: 'adjustment',
    merchantId: original.merchant_id,
    ref: { type: 'journal', id: journalId },
    reason: correction.reason,
    operatorId: correction.operatorId ?? null,
    at: correction.at,
    postings: lines.map((l) => ({
      account:
        l.merchant_id === null
          ? { platform: l.kind as PlatformAccountKind }
          : { merchantId: l.merchant_id, kind: l.kind as MerchantAccountKind },
      amount: -Number(l.amount),
    })),
  });
}
