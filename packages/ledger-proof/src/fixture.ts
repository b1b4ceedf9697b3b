import { ed25519 } from '@noble/curves/ed25519';
import { GENESIS, type PostingContent, postingDigest, postingHash } from './chain';
import { type Checkpoint, checkpointMessage, type UnsignedCheckpoint } from './checkpoint';
import { bytesToHex, hexToBytes, utf8 } from './hash';
import { leafHash, merkleProof, merkleRoot } from './merkle';
import {
  type ChainPoint,
  STATEMENT_FORMAT,
  type StatementAccount,
  type VerifiableStatement,
} from './statement';

/**
 * Genuine signed statements for tests (not part of the package's API): a small ledger of five
 * account chains, hashed as the server hashes them, a checkpoint over their heads signed with a
 * fixed test key, and a merchant's statement cut from it the way GET /api/wallet/statement cuts one.
 *
 *     wallet:12          #1 Nov 1 +1000.00 · #2 Nov 3 −600.00 · #3 Nov 4 +600.00 · #4 Nov 5 −25.00
 *                        #5 Nov 7 −100.00 · #6 Nov 9 +30.00 (after the checkpoint)
 *     withdraw_hold:12   #1 Nov 3 +600.00 · #2 Nov 4 −600.00 · #3 Nov 7 +100.00
 *     wallet:13          another merchant's wallet; two platform accounts
 *
 * Checkpoint #42 is signed on Nov 8, 12:00 UTC. The default statement is merchant 12's, Nov 2 to
 * Nov 10 (UTC): wallet:12 has one posting newer than the checkpoint. `period: 'early'` (Nov 2 to
 * Nov 6) ends before the checkpoint, so each account reaches it through tail digests.
 */

/** RFC 8032's first test vector's secret key: never a real one. */
export const TEST_SECRET = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';
export const TEST_KEY = bytesToHex(ed25519.getPublicKey(hexToBytes(TEST_SECRET)));
/** Another key, for "signed by someone else". */
export const OTHER_SECRET = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb';
export const OTHER_KEY = bytesToHex(ed25519.getPublicKey(hexToBytes(OTHER_SECRET)));

const day = (d: number, hour = 10) => Date.UTC(2026, 10, d, hour);

/** What a posting says before the ledger numbers, balances and hashes it. */
export type RawPosting = Omit<PostingContent, 'seq' | 'balanceAfter'>;

const raw = (
  account: string,
  journal: number,
  type: string,
  at: number,
  amount: number,
  merchant: number | null,
  ref: [string, number] | null = null,
): RawPosting => ({
  account,
  journal,
  type,
  merchant,
  refType: ref?.[0] ?? null,
  refId: ref?.[1] ?? null,
  reason: null,
  operator: null,
  at,
  amount,
});

/** The ledger's postings in the order they were made (journals sum to zero across accounts). */
export const POSTINGS: readonly RawPosting[] = [
  raw('platform:deposit_clearing', 1, 'recharge', day(1), -100_000, 12, ['recharge', 1]),
  raw('wallet:12', 1, 'recharge', day(1), 100_000, 12, ['recharge', 1]),
  raw('platform:deposit_clearing', 2, 'recharge', day(2), -20_000, 13, ['recharge', 2]),
  raw('wallet:13', 2, 'recharge', day(2), 20_000, 13, ['recharge', 2]),
  raw('wallet:12', 3, 'withdrawal_hold', day(3), -60_000, 12, ['withdrawal', 1]),
  raw('withdraw_hold:12', 3, 'withdrawal_hold', day(3), 60_000, 12, ['withdrawal', 1]),
  raw('withdraw_hold:12', 4, 'withdrawal_release', day(4), -60_000, 12, ['withdrawal', 1]),
  raw('wallet:12', 4, 'withdrawal_release', day(4), 60_000, 12, ['withdrawal', 1]),
  raw('wallet:12', 5, 'order_pickup', day(5), -2_500, 12, ['order', 7]),
  raw('platform:escrow', 5, 'order_pickup', day(5), 2_500, 12, ['order', 7]),
  raw('wallet:13', 6, 'order_pickup', day(6), -1_000, 13, ['order', 8]),
  raw('platform:escrow', 6, 'order_pickup', day(6), 1_000, 13, ['order', 8]),
  raw('wallet:12', 7, 'withdrawal_hold', day(7), -10_000, 12, ['withdrawal', 2]),
  raw('withdraw_hold:12', 7, 'withdrawal_hold', day(7), 10_000, 12, ['withdrawal', 2]),
  // After checkpoint #42 (Nov 8, 12:00).
  raw('platform:escrow', 8, 'settlement', day(9), -3_000, 12, ['order', 7]),
  raw('wallet:12', 8, 'settlement', day(9), 3_000, 12, ['order', 7]),
];

/** The accounts in the checkpoint tree's order (the order the server keeps them in). */
export const ACCOUNTS = [
  'platform:deposit_clearing',
  'wallet:12',
  'wallet:13',
  'withdraw_hold:12',
  'platform:escrow',
] as const;

export type ChainedPosting = PostingContent & { hash: string };

/** Each account's chain: its postings numbered, balanced and hashed as the server does it. */
export type Ledger = Map<string, ChainedPosting[]>;

export function buildLedger(postings: readonly RawPosting[] = POSTINGS): Ledger {
  const ledger: Ledger = new Map(ACCOUNTS.map((a) => [a, []]));
  for (const p of postings) {
    const chain = ledger.get(p.account) ?? [];
    ledger.set(p.account, chain);
    const last = chain.at(-1);
    const content: PostingContent = {
      ...p,
      seq: (last?.seq ?? 0) + 1,
      balanceAfter: (last?.balanceAfter ?? 0) + p.amount,
    };
    chain.push({ ...content, hash: postingHash(last?.hash ?? GENESIS, content) });
  }
  return ledger;
}

export function signCheckpoint(c: UnsignedCheckpoint, secret = TEST_SECRET): Checkpoint {
  const key = bytesToHex(ed25519.getPublicKey(hexToBytes(secret)));
  const signature = bytesToHex(ed25519.sign(utf8(checkpointMessage(c)), hexToBytes(secret)));
  return { ...c, key, signature };
}

/** Each account's last posting at `at` or before: the heads a checkpoint then signs. */
function headsAt(ledger: Ledger, at: number) {
  return [...ledger].map(([account, chain]) => {
    const last = chain.filter((p) => p.at <= at).at(-1);
    return { account, seq: last?.seq ?? 0, head: last?.hash ?? GENESIS };
  });
}

export const CHECKPOINT_AT = Date.UTC(2026, 10, 8, 12);
export const PREVIOUS_CHECKPOINT = 'ab'.repeat(32);

export interface SignedHeads {
  checkpoint: Checkpoint;
  heads: ReturnType<typeof headsAt>;
  leaves: string[];
}

/** Checkpoint `id` of the ledger as it stood at `at`, signed with `secret`. */
export function checkpointOf(
  ledger: Ledger,
  { id = 42, at = CHECKPOINT_AT, prev = PREVIOUS_CHECKPOINT, secret = TEST_SECRET } = {},
): SignedHeads {
  const heads = headsAt(ledger, at);
  const leaves = heads.map(leafHash);
  const checkpoint = signCheckpoint(
    { id, at, accounts: leaves.length, root: merkleRoot(leaves), prev },
    secret,
  );
  return { checkpoint, heads, leaves };
}

export const PERIODS = {
  /** Nov 2 to Nov 10: past the checkpoint. */
  week: { from: Date.UTC(2026, 10, 2), to: Date.UTC(2026, 10, 10) },
  /** Nov 2 to Nov 6: before it; the accounts reach it through their tails. */
  early: { from: Date.UTC(2026, 10, 2), to: Date.UTC(2026, 10, 6) },
} as const;

const point = (p: ChainedPosting | undefined): ChainPoint =>
  p ? { seq: p.seq, hash: p.hash, balance: p.balanceAfter } : { seq: 0, hash: GENESIS, balance: 0 };

/** One account's part of a statement, cut as the server cuts it. */
export function accountSection(
  ledger: Ledger,
  signed: SignedHeads | null,
  account: string,
  from: number,
  to: number,
): StatementAccount {
  const chain = ledger.get(account) ?? [];
  const postings = chain.filter((p) => p.at >= from && p.at < to);
  const opening = point(chain.filter((p) => p.at < from).at(-1));
  const closing = postings.length > 0 ? point(postings.at(-1)) : opening;
  const index = signed ? signed.heads.findIndex((h) => h.account === account) : -1;
  const head = signed?.heads[index];
  // The checkpoint's head can be proved from here when it is at the opening or after it.
  if (!signed || !head || head.seq === 0 || head.seq < opening.seq)
    return { account, opening, postings: postings.map((p) => ({ ...p })), closing, tail: [], proof: null };
  const tail = chain.filter((p) => p.seq > closing.seq && p.seq <= head.seq).map((p) => postingDigest(p));
  return {
    account,
    opening,
    postings: postings.map((p) => ({ ...p })),
    closing,
    tail,
    proof: { seq: head.seq, index, size: signed.leaves.length, path: merkleProof(signed.leaves, index) },
  };
}

export interface StatementOptions {
  merchant?: number;
  period?: keyof typeof PERIODS;
  ledger?: Ledger;
  /** The checkpoint (and its tree) the statement reaches; null: none published yet. */
  signed?: SignedHeads | null;
}

/** A genuine statement: merchant 12's wallet and withdrawal hold over the period, with checkpoint #42. */
export function makeStatement({
  merchant = 12,
  period = 'week',
  ledger = buildLedger(),
  signed = checkpointOf(ledger),
}: StatementOptions = {}): VerifiableStatement {
  const { from, to } = PERIODS[period];
  return {
    format: STATEMENT_FORMAT,
    merchant,
    from,
    to,
    generatedAt: to + 3_600_000,
    accounts: [`wallet:${merchant}`, `withdraw_hold:${merchant}`]
      .filter((a) => ledger.has(a))
      .map((a) => accountSection(ledger, signed, a, from, to)),
    checkpoint: signed?.checkpoint ?? null,
  };
}

/** A deep copy to tamper with. */
export const copy = <T>(value: T): T => structuredClone(value);
