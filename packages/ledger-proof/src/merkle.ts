import { hash32, hexToBytes, sha256Hex, utf8 } from './hash';

/**
 * A checkpoint commits to every account's chain head at once with a Merkle tree, built as RFC 6962
 * (Certificate Transparency) builds its: leaves hashed with a 0x00 prefix, inner nodes with 0x01,
 * the tree split at the largest power of two below its size. An account's inclusion proof is the
 * list of sibling hashes from its leaf up, so a merchant checks its own head against the signed
 * root without seeing any other account.
 */

const LEAF = new Uint8Array([0]);
const NODE = new Uint8Array([1]);

/** One leaf: an account's head at the checkpoint. */
export interface HeadLeaf {
  account: string;
  seq: number;
  head: string;
}

export function leafHash(leaf: HeadLeaf): string {
  return sha256Hex(LEAF, utf8(`${leaf.account}\n${leaf.seq}\n`), hash32(leaf.head));
}

function nodeHash(left: string, right: string): string {
  return sha256Hex(NODE, hexToBytes(left), hexToBytes(right));
}

function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The root of leaf hashes in order (the empty tree's root is SHA-256 of nothing). */
export function merkleRoot(leaves: readonly string[]): string {
  if (leaves.length === 0) return sha256Hex();
  if (leaves.length === 1) return leaves[0]!;
  const k = split(leaves.length);
  return nodeHash(merkleRoot(leaves.slice(0, k)), merkleRoot(leaves.slice(k)));
}

/** The audit path of leaf `index`: sibling hashes from the leaf up. */
export function merkleProof(leaves: readonly string[], index: number): string[] {
  if (index < 0 || index >= leaves.length) throw new Error(`leaf ${index} of ${leaves.length}`);
  if (leaves.length === 1) return [];
  const k = split(leaves.length);
  return index < k
    ? [...merkleProof(leaves.slice(0, k), index), merkleRoot(leaves.slice(k))]
    : [...merkleProof(leaves.slice(k), index - k), merkleRoot(leaves.slice(0, k))];
}

/** The root a leaf and its audit path lead to (RFC 9162 §2.1.3.2), or null if the path is malformed. */
export function rootFromProof(
  leaf: string,
  index: number,
  size: number,
  path: readonly string[],
): string | null {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    hash32(p);
    if ((fn & 1) === 1 || fn === sn) {
      r = nodeHash(p, r);
      if ((fn & 1) === 0) {
        while ((fn & 1) === 0 && fn !== 0) {
          fn >>= 1;
          sn >>= 1;
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn === 0 ? r : null;
}
