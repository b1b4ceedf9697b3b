import { createHash } from 'node:crypto';
import type { ChainKind } from '@dropdesk/contract/chain';
import { secp256k1 } from '@noble/curves/secp256k1';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { getAddress, keccak256, toHex } from 'viem';

/**
 * Merchants' deposit addresses, derived from an extended public key an admin sets per network
 * (BIP32 public derivation): the key is the account level a wallet exports (m/44'/60'/0' for
 * Ethereum, m/44'/195'/0' for TRON), and a merchant's address is its child `0/<index>` with index =
 * the merchant's id. Public derivation needs no private key, so the server never holds one; the
 * platform's wallet, which has the private key, derives the same addresses and can spend from them.
 *
 * Both kinds use secp256k1 keys and the same address hash (the last 20 bytes of keccak-256 of the
 * uncompressed public key): EVM spells it 0x + hex with its checksum case (EIP-55), TRON as base58check
 * of 0x41 + those bytes.
 */

/** The highest index public derivation allows (indexes from 2^31 are hardened: private keys only). */
export const MAX_INDEX = 0x7fff_ffff;

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const base58check = createBase58check(sha256);

/** The key, or null when the text is not an extended public key (a private key is refused too). */
export function parseXpub(xpub: string): HDKey | null {
  try {
    const key = HDKey.fromExtendedKey(xpub);
    if (key.privateKey || !key.publicKey) return null;
    return key;
  } catch {
    return null;
  }
}

/** The 20 bytes every secp256k1 chain here names an account by. */
function accountBytes(compressedPublicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.ProjectivePoint.fromHex(compressedPublicKey).toRawBytes(false);
  const hash = keccak256(uncompressed.subarray(1), 'bytes');
  return hash.subarray(12);
}

/** How an address is spelled on each kind of network. */
export function spellAddress(kind: ChainKind, account: Uint8Array): string {
  if (kind === 'evm') return getAddress(toHex(account));
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  payload.set(account, 1);
  return base58check.encode(payload);
}

/** The deposit address at `index` under an admin's extended public key (child 0/index). */
export function deriveAddress(kind: ChainKind, key: HDKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > MAX_INDEX)
    throw new Error(`index out of range: ${index}`);
  const child = key.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('derivation gave no public key');
  return spellAddress(kind, accountBytes(child.publicKey));
}
