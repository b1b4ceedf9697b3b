import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Node's own SHA-256 where there is one (the server, the CLI): about ten times faster than the
 * JavaScript one on a posting's few hundred bytes, which matters on every money transaction. The
 * browser (the Verify page) uses @noble/hashes. Both give the same bytes (merkle.test.ts).
 */
const nodeCrypto =
  typeof process !== 'undefined' && typeof process.getBuiltinModule === 'function'
    ? (process.getBuiltinModule('node:crypto') as typeof import('node:crypto'))
    : null;

/** SHA-256 of the bytes given, in order, as 64 lowercase hex digits. */
export function sha256Hex(...parts: Uint8Array[]): string {
  if (nodeCrypto) {
    const h = nodeCrypto.createHash('sha256');
    for (const part of parts) h.update(part);
    return h.digest('hex');
  }
  return sha256JsHex(...parts);
}

/** The same with @noble/hashes only: what a browser runs. */
export function sha256JsHex(...parts: Uint8Array[]): string {
  const h = sha256.create();
  for (const part of parts) h.update(part);
  return bytesToHex(h.digest());
}

export const utf8 = utf8ToBytes;

/** 64 hex digits as 32 bytes; anything else is refused (a statement is untrusted input). */
export function hash32(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`not a SHA-256 hash: ${String(hex).slice(0, 80)}`);
  return hexToBytes(hex);
}

export { bytesToHex, hexToBytes };
