import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes, sha256Hex, utf8 } from './hash';

/**
 * A checkpoint: the platform's signed word that, at `at`, the ledger's account chains ended in the
 * heads under `root`. Each one names the previous checkpoint's hash, so the published checkpoints
 * are a chain too: one can't be dropped or replaced without breaking the next. The signature is
 * Ed25519 over `checkpointMessage`, with the key published at GET /ledger/key.
 */
export const CHECKPOINT_FORMAT = 'dropdesk-checkpoint-v1';

export interface Checkpoint {
  id: number;
  /** Epoch ms. */
  at: number;
  /** How many account chains are under the root. */
  accounts: number;
  root: string;
  /** The previous checkpoint's hash (GENESIS for the first). */
  prev: string;
  /** The signing key, raw Ed25519 public key in hex. */
  key: string;
  signature: string;
}

export type UnsignedCheckpoint = Omit<Checkpoint, 'signature' | 'key'>;

/** The exact bytes signed, as text. */
export function checkpointMessage(c: UnsignedCheckpoint): string {
  return [CHECKPOINT_FORMAT, c.id, c.at, c.accounts, c.root, c.prev].join('\n');
}

/** What the next checkpoint names as `prev`. */
export function checkpointHash(c: Checkpoint): string {
  return sha256Hex(utf8(`${checkpointMessage(c)}\n${c.key}\n${c.signature}`));
}

/** True when `signature` is the holder of `key`'s Ed25519 signature of the checkpoint. */
export function checkpointSigned(c: Checkpoint): boolean {
  try {
    return ed25519.verify(hexToBytes(c.signature), utf8(checkpointMessage(c)), hexToBytes(c.key));
  } catch {
    return false;
  }
}

/** A key's short name people can compare by eye: the first 16 hex digits of its SHA-256. */
export function keyFingerprint(key: string): string {
  return sha256Hex(hexToBytes(key)).slice(0, 16);
}
