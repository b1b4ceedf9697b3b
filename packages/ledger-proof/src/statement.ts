import { GENESIS, link, type PostingContent, postingDigest } from './chain';
import { type Checkpoint, checkpointSigned, keyFingerprint } from './checkpoint';
import { leafHash, rootFromProof } from './merkle';

/**
 * A verifiable statement: what GET /api/wallet/statement?format=json gives a merchant. For each of
 * its accounts, the postings of the period with their hashes, the chain's state before them
 * (`opening`) and after them (`closing`), and the link to a signed checkpoint: the digests of the
 * postings after the period up to the checkpoint (`tail`) and the account's Merkle proof in it.
 */
export const STATEMENT_FORMAT = 'dropdesk-statement-v1';

/**
 * How far outside its period a posting may be dated. A period is a run of its account's chain
 * (the postings after the last one dated before `from`, to the last one dated before `to`); two
 * journals begun in the same instant on one account may take their places in either order, so a
 * posting at an edge can be dated a moment across it. A minute is far more than that, and far
 * less than a day.
 */
export const PERIOD_SLACK_MS = 60_000;

export interface ChainPoint {
  seq: number;
  hash: string;
  balance: number;
}

export interface StatementAccount {
  account: string;
  opening: ChainPoint;
  postings: Array<PostingContent & { hash: string }>;
  closing: ChainPoint;
  tail: string[];
  /** The account's head in the checkpoint: which posting it is, and the path to the root. */
  proof: { seq: number; index: number; size: number; path: string[] } | null;
}

export interface VerifiableStatement {
  format: typeof STATEMENT_FORMAT;
  merchant: number;
  /** The period, epoch ms, from inclusive, to exclusive. */
  from: number;
  to: number;
  generatedAt: number;
  accounts: StatementAccount[];
  checkpoint: Checkpoint | null;
}

/** What can be wrong with a statement, as a code the verifier's page words in the user's language. */
export type ProblemCode =
  | 'FORMAT'
  | 'ACCOUNT'
  | 'SEQUENCE'
  | 'PERIOD'
  | 'HASH'
  | 'BALANCE'
  | 'CLOSING'
  | 'SIGNATURE'
  | 'KEY'
  | 'PROOF'
  | 'CHECKPOINT_DIFFERS';

export interface Problem {
  code: ProblemCode;
  account?: string;
  seq?: number;
  detail?: string;
}

export interface AccountResult {
  account: string;
  postings: number;
  opening: number;
  closing: number;
  /** The checkpoint's head is in this account's verified chain (null: no checkpoint covers it yet). */
  checkpointSeq: number | null;
  /** Postings of the statement newer than the checkpoint: chained, not yet under a signature. */
  afterCheckpoint: number;
}

export interface Verification {
  ok: boolean;
  problems: Problem[];
  accounts: AccountResult[];
  checkpoint: { id: number; at: number; key: string; fingerprint: string; signed: boolean } | null;
}

export interface VerifyOptions {
  /** The platform's public key as the merchant knows it; a checkpoint signed by another is refused. */
  key?: string;
  /** The same checkpoint as kept from before (an auditor's archive): it must be identical. */
  archived?: Checkpoint;
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isHash = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);

function accountResult(a: StatementAccount): AccountResult {
  return {
    account: String(a.account),
    postings: Array.isArray(a.postings) ? a.postings.length : 0,
    opening: Number(a.opening?.balance ?? 0),
    closing: Number(a.closing?.balance ?? 0),
    checkpointSeq: null,
    afterCheckpoint: 0,
  };
}

function shapeProblem(s: VerifiableStatement): string | null {
  if (!s || typeof s !== 'object') return 'not a statement';
  if (s.format !== STATEMENT_FORMAT) return `format ${String(s.format)}`;
  if (!isInt(s.merchant) || !isInt(s.from) || !isInt(s.to) || !Array.isArray(s.accounts)) return 'fields';
  const cp = s.checkpoint as Partial<Checkpoint> | null | undefined;
  if (
    cp != null &&
    (typeof cp !== 'object' ||
      !isInt(cp.id) ||
      !isInt(cp.at) ||
      !isInt(cp.accounts) ||
      !isHash(cp.root) ||
      !isHash(cp.prev) ||
      !isHash(cp.key) ||
      typeof cp.signature !== 'string')
  )
    return 'checkpoint';
  for (const a of s.accounts) {
    if (!a || typeof a.account !== 'string' || !Array.isArray(a.postings) || !Array.isArray(a.tail))
      return 'account';
    for (const point of [a.opening, a.closing])
      if (!point || !isInt(point.seq) || !isHash(point.hash) || !isInt(point.balance))
        return 'opening/closing';
    if (!a.tail.every(isHash)) return 'tail';
    for (const p of a.postings)
      if (!p || !isHash(p.hash) || !isInt(p.seq) || !isInt(p.amount)) return 'posting';
  }
  return null;
}

/**
 * Checks a statement with nothing but itself (and, if given, the key and archived checkpoint):
 * every posting's hash from its content, each chain unbroken from opening to closing, every
 * balance the one before plus the amount, every posting the merchant's and inside the period, and
 * each chain leading, through the tail and the Merkle proof, to the root the platform signed.
 */
export function verifyStatement(s: VerifiableStatement, options: VerifyOptions = {}): Verification {
  const problems: Problem[] = [];
  const shape = shapeProblem(s);
  if (shape)
    return { ok: false, problems: [{ code: 'FORMAT', detail: shape }], accounts: [], checkpoint: null };

  const cp = s.checkpoint;
  let checkpoint: Verification['checkpoint'] = null;
  if (cp) {
    const signed = checkpointSigned(cp);
    checkpoint = {
      id: cp.id,
      at: cp.at,
      key: cp.key,
      fingerprint: isHash(cp.key) ? keyFingerprint(cp.key) : '',
      signed,
    };
    if (!signed) problems.push({ code: 'SIGNATURE' });
    if (options.key && String(options.key).toLowerCase() !== cp.key) problems.push({ code: 'KEY' });
    const archived = options.archived;
    if (archived && archived.id === cp.id) {
      const same = (['at', 'accounts', 'root', 'prev', 'key', 'signature'] as const).every(
        (f) => archived[f] === cp[f],
      );
      if (!same) problems.push({ code: 'CHECKPOINT_DIFFERS' });
    }
  }

  const accounts: AccountResult[] = [];
  for (const a of s.accounts) {
    const result = accountResult(a);
    accounts.push(result);
    const [kind, owner] = a.account.split(':');
    if (owner !== String(s.merchant) || !kind) problems.push({ code: 'ACCOUNT', account: a.account });
    if (a.opening.seq === 0 && (a.opening.hash !== GENESIS || a.opening.balance !== 0))
      problems.push({ code: 'HASH', account: a.account, seq: 0 });

    // The chain through the period: seq → hash, from the opening on.
    const hashes = new Map<number, string>([[a.opening.seq, a.opening.hash]]);
    let prev = a.opening;
    let broken = false;
    for (const p of a.postings) {
      if (p.account !== a.account) problems.push({ code: 'ACCOUNT', account: a.account, seq: p.seq });
      if (p.seq !== prev.seq + 1) {
        problems.push({ code: 'SEQUENCE', account: a.account, seq: p.seq });
        broken = true;
      }
      if (!(p.at >= s.from - PERIOD_SLACK_MS && p.at < s.to + PERIOD_SLACK_MS))
        problems.push({ code: 'PERIOD', account: a.account, seq: p.seq });
      if (p.balanceAfter !== prev.balance + p.amount)
        problems.push({ code: 'BALANCE', account: a.account, seq: p.seq });
      const hash = link(prev.hash, postingDigest(p));
      if (hash !== p.hash) {
        problems.push({ code: 'HASH', account: a.account, seq: p.seq });
        broken = true;
      }
      hashes.set(p.seq, p.hash);
      prev = { seq: p.seq, hash: p.hash, balance: p.balanceAfter };
    }
    if (prev.seq !== a.closing.seq || prev.hash !== a.closing.hash || prev.balance !== a.closing.balance)
      problems.push({ code: 'CLOSING', account: a.account });

    // On past the period, digests only, to the checkpoint's head.
    let head = a.closing.hash;
    let seq = a.closing.seq;
    for (const digest of a.tail) {
      head = link(head, digest);
      seq += 1;
      hashes.set(seq, head);
    }

    if (cp && a.proof) {
      const { proof } = a;
      const at = hashes.get(proof.seq);
      const root =
        at && proof.seq > 0 && Array.isArray(proof.path) && proof.size === cp.accounts
          ? safeRoot(leafHash({ account: a.account, seq: proof.seq, head: at }), proof)
          : null;
      // A broken chain is already a problem of its own (HASH, SEQUENCE): it is simply not covered.
      if (broken) continue;
      if (root !== cp.root) problems.push({ code: 'PROOF', account: a.account, seq: proof.seq });
      else {
        result.checkpointSeq = proof.seq;
        result.afterCheckpoint = Math.max(0, a.closing.seq - proof.seq);
      }
    } else if (cp && a.tail.length > 0) {
      problems.push({ code: 'PROOF', account: a.account });
    } else {
      result.afterCheckpoint = a.postings.length;
    }
  }
  return { ok: problems.length === 0, problems, accounts, checkpoint };
}

function safeRoot(leaf: string, proof: NonNullable<StatementAccount['proof']>): string | null {
  try {
    return rootFromProof(leaf, proof.index, proof.size, proof.path);
  } catch {
    return null;
  }
}
