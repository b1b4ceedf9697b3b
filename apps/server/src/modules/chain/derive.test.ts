import { HDKey } from '@scure/bip32';
import { hexToBytes } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { PLATFORM_WALLET, platformKeyOf, TEST_XPUB } from '../../../test/chain/anvil';
import { deriveAddress, MAX_INDEX, parseXpub, spellAddress } from './derive';

/**
 * Merchants' deposit addresses from the admin's extended public key: the same as the platform's
 * private wallet derives (so it can spend them), the same every time, one per index; TRON's
 * spelling of the same account checked against TRON's own documented example.
 */
describe('deposit addresses from an extended public key', () => {
  const key = parseXpub(TEST_XPUB)!;

  it('are the addresses the private wallet holds the keys of (EVM), index by index', () => {
    for (const index of [0, 1, 2, 41, 1_000, MAX_INDEX]) {
      const fromPrivate = privateKeyToAccount(platformKeyOf(index)).address;
      expect(deriveAddress('evm', key, index)).toBe(fromPrivate);
    }
  });

  it('give one address per index, the same every time, in the EIP-55 checksum case', () => {
    const seen = new Set<string>();
    for (let i = 1; i <= 200; i++) {
      const a = deriveAddress('evm', key, i);
      expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(deriveAddress('evm', parseXpub(TEST_XPUB)!, i)).toBe(a);
      seen.add(a.toLowerCase());
    }
    expect(seen.size).toBe(200);
  });

  it('spell TRON addresses as base58check of 0x41 and the account bytes', () => {
    // TRON's documentation: hex 41E552F6487585C2B58BC2C9BB4492BC1F17132CD0 is TWsm8HtU2A5eEzoT8ev8yaoFjHsXLLrckb.
    expect(spellAddress('tron', hexToBytes('0xE552F6487585C2B58BC2C9BB4492BC1F17132CD0'))).toBe(
      'TWsm8HtU2A5eEzoT8ev8yaoFjHsXLLrckb',
    );
    // The same account on both chains: the TRON address carries the EVM address's 20 bytes.
    for (const index of [1, 7, 99]) {
      const tron = deriveAddress('tron', key, index);
      expect(tron).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      const evm = privateKeyToAccount(platformKeyOf(index)).address;
      expect(spellAddress('tron', hexToBytes(evm))).toBe(tron);
    }
  });

  it('refuse what is not an extended public key: a private one, a broken checksum, other text', () => {
    expect(parseXpub(PLATFORM_WALLET.privateExtendedKey)).toBeNull();
    expect(parseXpub(`${TEST_XPUB.slice(0, -1)}${TEST_XPUB.endsWith('a') ? 'b' : 'a'}`)).toBeNull();
    expect(parseXpub('xpub-not-a-key')).toBeNull();
    expect(parseXpub('')).toBeNull();
    // A key of another depth is still a key: the admin's choice of level is documented, not guessed.
    expect(parseXpub(HDKey.fromMasterSeed(new Uint8Array(32).fill(3)).publicExtendedKey)).not.toBeNull();
  });

  it('derive only non-hardened indexes (public derivation can reach no other)', () => {
    expect(() => deriveAddress('evm', key, -1)).toThrow();
    expect(() => deriveAddress('evm', key, MAX_INDEX + 1)).toThrow();
    expect(() => deriveAddress('evm', key, 1.5)).toThrow();
  });
});
