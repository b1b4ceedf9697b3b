import { hash32, sha256Hex, utf8 } from './hash';

/**
 * How each posting of the ledger is chained (docs/ledger-proof.md). Every account has its own chain:
 * posting n of an account carries
 *
 *     digest = SHA-256(the posting's content, canonical JSON, UTF-8)
 *     hash   = SHA-256(hash of posting n−1 (32 bytes) ‖ digest (32 bytes))
 *
 * and the first posting's previous hash is GENESIS (32 zero bytes). The content names the account,
 * the posting's place in it (`seq`, 1, 2, 3…), its journal with everything the journal says, and
 * the amount and balance after. Changing, removing or moving any of them changes every hash after it.
 *
 * The two steps let a statement prove a chain continues without showing what it continues with:
 * the postings after a statement's period travel as digests only.
 */

export const GENESIS = '0'.repeat(64);
export const POSTING_FORMAT = 'dropdesk-posting-v1';

/** What a posting's hash covers: the posting and its journal, as the database holds them. */
export interface PostingContent {
  /** The account's key: `wallet:12`, `withdraw_hold:12`, `platform:escrow`. */
  account: string;
  /** Its place in the account's chain: 1 for the account's first posting. */
  seq: number;
  journal: number;
  type: string;
  merchant: number | null;
  refType: string | null;
  refId: number | null;
  reason: string | null;
  operator: number | null;
  /** The journal's time, epoch ms. */
  at: number;
  /** Signed minor units. */
  amount: number;
  balanceAfter: number;
}

/** The canonical form hashed: a JSON array in a fixed order, so no key order or spacing can differ. */
export function canonicalPosting(p: PostingContent): string {
  return JSON.stringify([
    POSTING_FORMAT,
    p.account,
    p.seq,
    p.journal,
    p.type,
    p.merchant,
    p.refType,
    p.refId,
    p.reason,
    p.operator,
    p.at,
    p.amount,
    p.balanceAfter,
  ]);
}

export function postingDigest(p: PostingContent): string {
  return sha256Hex(utf8(canonicalPosting(p)));
}

/** The chain's step: the hash after `prev` when a posting of this digest is appended. */
export function link(prev: string, digest: string): string {
  return sha256Hex(hash32(prev), hash32(digest));
}

export function postingHash(prev: string, p: PostingContent): string {
  return link(prev, postingDigest(p));
}
