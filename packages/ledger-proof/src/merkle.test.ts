import { describe, expect, it } from 'vitest';
import { GENESIS, link, postingDigest, postingHash } from './chain';
import { leafHash, merkleProof, merkleRoot, rootFromProof } from './merkle';

const leaves = (n: number) =>
  Array.from({ length: n }, (_, i) => leafHash({ account: `wallet:${i + 1}`, seq: i + 1, head: GENESIS }));

describe('the checkpoint tree (RFC 6962)', () => {
  it('every leaf of every size up to 33 proves its way to the root, and only to it', () => {
    for (let n = 1; n <= 33; n++) {
      const ls = leaves(n);
      const root = merkleRoot(ls);
      for (let i = 0; i < n; i++) {
        const path = merkleProof(ls, i);
        expect(rootFromProof(ls[i]!, i, n, path)).toBe(root);
        // The same path at another index, or for another leaf, leads elsewhere.
        if (n > 1) expect(rootFromProof(ls[i]!, (i + 1) % n, n, path)).not.toBe(root);
        if (n > 1) expect(rootFromProof(ls[(i + 1) % n]!, i, n, path)).not.toBe(root);
      }
    }
  });

  it('matches a root worked by hand: two leaves are SHA-256(0x01 ‖ a ‖ b)', async () => {
    const [a, b] = leaves(2);

    const { createHash } = await import('node:crypto');
    const byHand = createHash('sha256')
      .update(Buffer.from([1]))
      .update(Buffer.from(a!, 'hex'))
      .update(Buffer.from(b!, 'hex'))
      .digest('hex');
    expect(merkleRoot([a!, b!])).toBe(byHand);
  });

  it('a path of the wrong length is refused, not accepted', () => {
    const ls = leaves(5);
    const path = merkleProof(ls, 2);
    expect(rootFromProof(ls[2]!, 2, 5, path.slice(1))).toBeNull();
    expect(rootFromProof(ls[2]!, 2, 5, [...path, path[0]!])).toBeNull();
    expect(rootFromProof(ls[2]!, 5, 5, path)).toBeNull();
  });
});

describe('the posting chain', () => {
  const p = {
    account: 'wallet:7',
    seq: 1,
    journal: 3,
    type: 'recharge',
    merchant: 7,
    refType: 'recharge',
    refId: 2,
    reason: null,
    operator: null,
    at: 1_700_000_000_000,
    amount: 10_000,
    balanceAfter: 10_000,
  };

  it('is SHA-256(prev ‖ SHA-256(canonical content)), checked with node:crypto', async () => {
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256')
      .update(
        JSON.stringify([
          'dropdesk-posting-v1',
          'wallet:7',
          1,
          3,
          'recharge',
          7,
          'recharge',
          2,
          null,
          null,
          1_700_000_000_000,
          10_000,
          10_000,
        ]),
      )
      .digest('hex');
    expect(postingDigest(p)).toBe(digest);
    const hash = createHash('sha256')
      .update(Buffer.alloc(32))
      .update(Buffer.from(digest, 'hex'))
      .digest('hex');
    expect(postingHash(GENESIS, p)).toBe(hash);
    expect(link(GENESIS, digest)).toBe(hash);
  });

  it('every field is covered: changing any one changes the hash', () => {
    const base = postingHash(GENESIS, p);
    const changed = {
      account: 'wallet:8',
      seq: 2,
      journal: 4,
      type: 'adjustment',
      merchant: 8,
      refType: 'order',
      refId: 3,
      reason: 'x',
      operator: 1,
      at: p.at + 1,
      amount: 10_001,
      balanceAfter: 10_001,
    };
    for (const [field, value] of Object.entries(changed))
      expect(postingHash(GENESIS, { ...p, [field]: value }), field).not.toBe(base);
    expect(postingHash('1'.repeat(64), p)).not.toBe(base);
  });
});

describe('the two SHA-256s', () => {
  it("Node's (server, CLI) and @noble's (browser) give the same bytes", async () => {
    const { sha256Hex, sha256JsHex } = await import('./hash');
    const { randomBytes } = await import('node:crypto');
    for (let n = 0; n < 300; n += 7) {
      const a = new Uint8Array(randomBytes(n));
      const b = new Uint8Array(randomBytes(n % 64));
      expect(sha256Hex(a, b)).toBe(sha256JsHex(a, b));
    }
    expect(sha256JsHex()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
