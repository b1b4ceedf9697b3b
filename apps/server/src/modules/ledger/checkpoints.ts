import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';
import {
  type Checkpoint,
  checkpointHash,
  checkpointMessage,
  checkpointSigned,
  GENESIS,
  type HeadLeaf,
  keyFingerprint,
  leafHash,
  merkleProof,
  merkleRoot,
  type PostingContent,
  postingDigest,
  type UnsignedCheckpoint,
} from '@dropdesk/ledger-proof';
import type { Db } from '../../db/database';
import { withJobLock } from '../../db/job-lock';
import type { JournalsTable, LedgerCheckpointsTable, PostingsTable } from '../../db/schema';
import { ledgerRepository as repo } from './ledger.repository';

/**
 * Checkpoints (docs/ledger-proof.md): every hour the heads of all account chains go under one
 * Merkle root, signed with the platform's Ed25519 key and linked to the checkpoint before. They are
 * public; a merchant's statement carries its accounts' proofs in one, so the merchant can check
 * offline that its history is the one the platform signed, and an auditor who keeps them can show
 * any later rewrite.
 */

/** The PostgreSQL advisory lock checkpoints are made under (one instance at a time): "ddckpt". */
export const CHECKPOINT_LOCK = 0x6464_636b_7074;

/** PKCS#8 DER of an Ed25519 private key is this prefix and the 32-byte seed (RFC 8410). */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The platform's checkpoint key, from the 32-byte seed in config (LEDGER_SIGNING_KEY). */
export class CheckpointSigner {
  private readonly key: KeyObject;
  /** Raw public key, hex: what checkpoints name and GET /ledger/key publishes. */
  readonly publicKey: string;

  constructor(seedHex: string) {
    this.key = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519, Buffer.from(seedHex, 'hex')]),
      format: 'der',
      type: 'pkcs8',
    });
    const spki = createPublicKey(this.key).export({ format: 'der', type: 'spki' });
    this.publicKey = spki.subarray(spki.length - 32).toString('hex');
  }

  get fingerprint(): string {
    return keyFingerprint(this.publicKey);
  }

  sign(c: UnsignedCheckpoint): Checkpoint {
    const signature = sign(null, Buffer.from(checkpointMessage(c)), this.key).toString('hex');
    return { ...c, key: this.publicKey, signature };
  }
}

export function checkpointOf(row: LedgerCheckpointsTable): Checkpoint {
  return {
    id: Number(row.id),
    at: Number(row.created_at),
    accounts: Number(row.accounts),
    root: row.root,
    prev: row.prev,
    key: row.key,
    signature: row.signature,
  };
}

type HeadRow = { account_id: number; key: string; seq: number; hash: string };
const leafOf = (h: HeadRow): HeadLeaf => ({ account: h.key, seq: Number(h.seq), head: h.hash });

/**
 * Signs the heads as they are now into checkpoint n+1, unless no account moved since checkpoint n
 * (then null: the last checkpoint still stands). One instance at a time (CHECKPOINT_LOCK).
 */
export async function makeCheckpoint(
  db: Db,
  signer: CheckpointSigner,
  at: number,
): Promise<Checkpoint | null> {
  const made = await withJobLock(db, CHECKPOINT_LOCK, async () => {
    const last = await repo.lastCheckpoint(db);
    const heads = await repo.currentHeads(db);
    const before = new Map<number, string>();
    if (last)
      for (const h of await repo.headsAt(db, Number(last.id)))
        before.set(Number(h.account_id), `${h.seq}:${h.hash}`);
    const changed = heads.filter((h) => before.get(Number(h.account_id)) !== `${h.seq}:${h.hash}`);
    // Nothing moved since the last one (or nothing was ever posted): the last one still stands.
    if (changed.length === 0) return null;
    const previous = last ? checkpointOf(last) : null;
    const checkpoint = signer.sign({
      id: (previous?.id ?? 0) + 1,
      at: Math.max(at, previous?.at ?? 0),
      accounts: heads.length,
      root: merkleRoot(heads.map((h) => leafHash(leafOf(h)))),
      prev: previous ? checkpointHash(previous) : GENESIS,
    });
    await db.transaction().execute((tx) =>
      repo.insertCheckpoint(
        tx,
        {
          id: checkpoint.id,
          created_at: checkpoint.at,
          accounts: checkpoint.accounts,
          root: checkpoint.root,
          prev: checkpoint.prev,
          key: checkpoint.key,
          signature: checkpoint.signature,
        },
        changed.map((h) => ({
          checkpoint_id: checkpoint.id,
          account_id: h.account_id,
          seq: h.seq,
          hash: h.hash,
        })),
      ),
    );
    return checkpoint;
  });
  return made ?? null;
}

/** An account's place in a checkpoint's tree: the head it signed, and the path from its leaf to the root. */
export interface HeadProof {
  seq: number;
  index: number;
  size: number;
  path: string[];
}

/**
 * The proofs of `accountIds` in checkpoint `id`, by account id, from one read of its heads and one
 * tree (an account with no posting then has none).
 */
export async function proofsIn(
  db: Db,
  id: number,
  accountIds: readonly number[],
): Promise<Map<number, HeadProof>> {
  const heads = await repo.headsAt(db, id);
  const leaves = heads.map((h) => leafHash(leafOf(h)));
  const proofs = new Map<number, HeadProof>();
  heads.forEach((h, index) => {
    const accountId = Number(h.account_id);
    if (accountIds.includes(accountId))
      proofs.set(accountId, {
        seq: Number(h.seq),
        index,
        size: heads.length,
        path: merkleProof(leaves, index),
      });
  });
  return proofs;
}

/**
 * What the ledger check finds wrong with the checkpoints: a signature that doesn't verify, a broken
 * link to the one before, a head the postings no longer hold, and a last root its heads don't give.
 */
export async function checkCheckpoints(db: Db): Promise<string[]> {
  const problems: string[] = [];
  let prev = GENESIS;
  let expectedId = 1;
  let last: Checkpoint | null = null;
  for (const row of await repo.allCheckpoints(db)) {
    const c = checkpointOf(row);
    if (c.id !== expectedId)
      problems.push(`checkpoint #${c.id} follows #${expectedId - 1}: a checkpoint is missing`);
    if (!checkpointSigned(c)) problems.push(`checkpoint #${c.id}: the signature does not verify`);
    if (c.prev !== prev) problems.push(`checkpoint #${c.id}: does not link to the checkpoint before it`);
    prev = checkpointHash(c);
    expectedId = c.id + 1;
    last = c;
  }
  for (const h of await repo.headMismatches(db))
    problems.push(
      `checkpoint #${h.checkpoint_id} signed ${h.key} at seq ${h.seq} as ${h.hash.slice(0, 12)}…, the ledger now holds ${h.now ? `${h.now.slice(0, 12)}…` : 'no such posting'}`,
    );
  if (last) {
    const heads = await repo.headsAt(db, last.id);
    const root = merkleRoot(heads.map((h) => leafHash(leafOf(h))));
    if (root !== last.root || heads.length !== last.accounts)
      problems.push(`checkpoint #${last.id}: its heads no longer give the root it signed`);
  }
  return problems;
}

/**
 * The checkpoint a statement ending at `to` links to: the first made at or after its end (its
 * accounts' heads are then at or past the statement's closing), else the latest there is.
 */
export async function checkpointForPeriodEnd(db: Db, to: number): Promise<Checkpoint | null> {
  const row = (await repo.checkpointFrom(db, to)) ?? (await repo.lastCheckpoint(db));
  return row ? checkpointOf(row) : null;
}

/** Published checkpoints, newest first (GET /ledger/checkpoints). */
export async function publishedCheckpoints(db: Db, limit: number, before?: number): Promise<Checkpoint[]> {
  return (await repo.checkpoints(db, limit, before)).map(checkpointOf);
}

/**
 * The digests of an account's postings over seq (after, upTo]: how a statement's chain is carried
 * from its closing to a checkpoint's head without showing what came after the period.
 */
export async function tailDigests(db: Db, accountId: number, after: number, upTo: number): Promise<string[]> {
  if (upTo <= after) return [];
  const rows = await repo.chainRange(db, accountId, after + 1, upTo);
  return rows.map((r) => postingDigest(contentOf(r)));
}

/** A posting row with its journal (the repository's chained select) as chain.ts hashes it. */
export function contentOf(
  r: Pick<PostingsTable, 'seq' | 'amount' | 'balance_after'> &
    Pick<JournalsTable, 'merchant_id' | 'ref_type' | 'ref_id' | 'reason' | 'operator_id' | 'created_at'> & {
      key: string;
      journal: number;
      type: string;
    },
): PostingContent {
  return {
    account: r.key,
    seq: Number(r.seq),
    journal: Number(r.journal),
    type: r.type,
    merchant: r.merchant_id === null ? null : Number(r.merchant_id),
    refType: r.ref_type,
    refId: r.ref_id === null ? null : Number(r.ref_id),
    reason: r.reason,
    operator: r.operator_id === null ? null : Number(r.operator_id),
    at: Number(r.created_at),
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
  };
}
