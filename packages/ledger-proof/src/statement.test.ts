import { describe, expect, it } from 'vitest';
import { checkpointsIn, keptCheckpoint } from './archive';
import { GENESIS } from './chain';
import { keyFingerprint } from './checkpoint';
import {
  buildLedger,
  CHECKPOINT_AT,
  checkpointOf,
  copy,
  makeStatement,
  OTHER_KEY,
  OTHER_SECRET,
  PERIODS,
  POSTINGS,
  signCheckpoint,
  TEST_KEY,
} from './fixture';
import { PERIOD_SLACK_MS, type Problem, type VerifiableStatement, verifyStatement } from './statement';

/** The problems' codes, each once, sorted: what a test of a tampering asserts exactly. */
const codes = (problems: Problem[]) => [...new Set(problems.map((p) => p.code))].sort();

/** The statement's account section by name (the fixture's are always there). */
const section = (s: VerifiableStatement, account: string) => s.accounts.find((a) => a.account === account)!;

/** One hex digit of a hash changed. */
const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);

describe('a genuine statement', () => {
  it('verifies: every posting, both chains, the proof to the signed root, the signature', () => {
    const v = verifyStatement(makeStatement());
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.checkpoint).toEqual({
      id: 42,
      at: CHECKPOINT_AT,
      key: TEST_KEY,
      fingerprint: keyFingerprint(TEST_KEY),
      signed: true,
    });
    expect(v.accounts).toEqual([
      // 1000.00 − 600.00 + 600.00 − 25.00 − 100.00 + 30.00; the last one is newer than the checkpoint.
      {
        account: 'wallet:12',
        postings: 5,
        opening: 100_000,
        closing: 90_500,
        checkpointSeq: 5,
        afterCheckpoint: 1,
      },
      {
        account: 'withdraw_hold:12',
        postings: 3,
        opening: 0,
        closing: 10_000,
        checkpointSeq: 3,
        afterCheckpoint: 0,
      },
    ]);
  });

  it('verifies after a round trip through JSON (it is a file the merchant keeps)', () => {
    const s = JSON.parse(JSON.stringify(makeStatement()));
    expect(verifyStatement(s).ok).toBe(true);
  });

  it("verifies when the platform's key is expected, in either case of hex", () => {
    expect(verifyStatement(makeStatement(), { key: TEST_KEY }).problems).toEqual([]);
    expect(verifyStatement(makeStatement(), { key: TEST_KEY.toUpperCase() }).problems).toEqual([]);
  });

  it('a period that ends before the checkpoint reaches it through the tail digests', () => {
    const s = makeStatement({ period: 'early' });
    expect(section(s, 'wallet:12').tail).toHaveLength(1);
    expect(section(s, 'withdraw_hold:12').tail).toHaveLength(1);
    const v = verifyStatement(s);
    expect(v.problems).toEqual([]);
    expect(v.accounts.map((a) => [a.account, a.checkpointSeq, a.afterCheckpoint])).toEqual([
      ['wallet:12', 5, 0],
      ['withdraw_hold:12', 3, 0],
    ]);
  });

  it('before any checkpoint: chained, nothing signed, every posting counted as newer', () => {
    const v = verifyStatement(makeStatement({ signed: null }));
    expect(v.ok).toBe(true);
    expect(v.checkpoint).toBeNull();
    expect(v.accounts.map((a) => [a.checkpointSeq, a.afterCheckpoint])).toEqual([
      [null, 5],
      [null, 3],
    ]);
  });

  it('when kept checkpoints hold the same #42, it is compared and identical', () => {
    const s = makeStatement();
    const kept = keptCheckpoint(checkpointsIn({ code: 1, data: { items: [s.checkpoint] } }), 42);
    expect(kept.kind).toBe('compared');
    if (kept.kind !== 'compared') return;
    expect(verifyStatement(s, { archived: kept.archived }).problems).toEqual([]);
  });
});

describe('each tampering is caught, by its code', () => {
  it('an amount changed: the hash no longer matches, nor does the balance after it', () => {
    const s = copy(makeStatement());
    section(s, 'wallet:12').postings[1]!.amount = 70_000;
    const v = verifyStatement(s);
    expect(v.ok).toBe(false);
    expect(v.problems).toEqual([
      { code: 'BALANCE', account: 'wallet:12', seq: 3 },
      { code: 'HASH', account: 'wallet:12', seq: 3 },
    ]);
    // A broken chain is not credited to the checkpoint.
    expect(v.accounts[0]!.checkpointSeq).toBeNull();
  });

  it('an amount and its balance changed together: the hash still tells', () => {
    const s = copy(makeStatement());
    const p = section(s, 'wallet:12').postings[1]!;
    p.amount = 70_000;
    p.balanceAfter += 10_000;
    expect(codes(verifyStatement(s).problems)).toEqual(['BALANCE', 'HASH']);
  });

  it('a posting removed: out of sequence, and the next hash does not follow', () => {
    const s = copy(makeStatement());
    section(s, 'wallet:12').postings.splice(1, 1);
    const v = verifyStatement(s);
    expect(codes(v.problems)).toEqual(['BALANCE', 'HASH', 'SEQUENCE']);
    expect(v.problems.filter((p) => p.code === 'SEQUENCE')).toEqual([
      { code: 'SEQUENCE', account: 'wallet:12', seq: 4 },
    ]);
  });

  it('the newest posting dropped: the closing is not where the postings lead', () => {
    const s = copy(makeStatement());
    section(s, 'wallet:12').postings.pop();
    expect(verifyStatement(s).problems).toEqual([{ code: 'CLOSING', account: 'wallet:12' }]);
  });

  it('two postings swapped', () => {
    const s = copy(makeStatement());
    const { postings } = section(s, 'wallet:12');
    [postings[1], postings[2]] = [postings[2]!, postings[1]!];
    const v = verifyStatement(s);
    expect(codes(v.problems)).toEqual(['BALANCE', 'HASH', 'SEQUENCE']);
    expect(v.problems[0]).toEqual({ code: 'SEQUENCE', account: 'wallet:12', seq: 4 });
  });

  it("another merchant's account, genuine and proved, slipped into the statement", () => {
    const s = copy(makeStatement());
    s.accounts.push(section(makeStatement({ merchant: 13 }), 'wallet:13'));
    expect(verifyStatement(s).problems).toEqual([{ code: 'ACCOUNT', account: 'wallet:13' }]);
  });

  it("a platform account is not a merchant's either", () => {
    const ledger = buildLedger();
    const signed = checkpointOf(ledger);
    const s = copy(makeStatement({ ledger, signed }));
    const theirs = copy(makeStatement({ ledger, signed, merchant: 12 }).accounts[0]!);
    theirs.account = 'platform:escrow';
    s.accounts = [theirs];
    expect(codes(verifyStatement(s).problems)).toContain('ACCOUNT');
  });

  it("a posting listed under an account it isn't of", () => {
    const s = copy(makeStatement());
    section(s, 'wallet:12').postings[0]!.account = 'wallet:13';
    expect(verifyStatement(s).problems).toContainEqual({ code: 'ACCOUNT', account: 'wallet:12', seq: 2 });
  });

  it("a posting outside the statement's period", () => {
    const s = copy(makeStatement());
    s.to = Date.UTC(2026, 10, 8); // wallet:12's #6 is of Nov 9
    expect(verifyStatement(s).problems).toEqual([{ code: 'PERIOD', account: 'wallet:12', seq: 6 }]);
  });

  it('a posting a moment across an edge of the period is its own (two journals of one instant), a minute is not', () => {
    const s = copy(makeStatement());
    const last = section(s, 'wallet:12').postings.at(-1)!;
    s.to = last.at - 59_999;
    expect(verifyStatement(s).problems).toEqual([]);
    s.to = last.at - PERIOD_SLACK_MS;
    expect(verifyStatement(s).problems).toEqual([{ code: 'PERIOD', account: 'wallet:12', seq: last.seq }]);
  });

  it('a wrong closing balance', () => {
    const s = copy(makeStatement());
    section(s, 'wallet:12').closing.balance += 100;
    expect(verifyStatement(s).problems).toEqual([{ code: 'CLOSING', account: 'wallet:12' }]);
  });

  it('an opening that claims to be the start of the chain but is not', () => {
    const s = copy(makeStatement());
    section(s, 'withdraw_hold:12').opening.balance = 500;
    const v = verifyStatement(s);
    expect(v.problems[0]).toEqual({ code: 'HASH', account: 'withdraw_hold:12', seq: 0 });
    expect(codes(v.problems)).toEqual(['BALANCE', 'HASH']);
  });

  it('a forged signature', () => {
    const s = copy(makeStatement());
    s.checkpoint!.signature = flip(s.checkpoint!.signature);
    const v = verifyStatement(s);
    expect(v.problems).toEqual([{ code: 'SIGNATURE' }]);
    expect(v.checkpoint?.signed).toBe(false);
  });

  it('a checkpoint whose root was changed after signing', () => {
    const s = copy(makeStatement());
    s.checkpoint!.root = flip(s.checkpoint!.root);
    expect(codes(verifyStatement(s).problems)).toEqual(['PROOF', 'SIGNATURE']);
  });

  it('signed by another key than the one expected', () => {
    const ledger = buildLedger();
    const s = makeStatement({ ledger, signed: checkpointOf(ledger, { secret: OTHER_SECRET }) });
    // Alone, a valid signature by the key it names…
    expect(verifyStatement(s).ok).toBe(true);
    expect(verifyStatement(s).checkpoint?.fingerprint).toBe(keyFingerprint(OTHER_KEY));
    // …but not the platform's.
    expect(verifyStatement(s, { key: TEST_KEY }).problems).toEqual([{ code: 'KEY' }]);
  });

  it('a Merkle path altered', () => {
    const s = copy(makeStatement());
    const { proof } = section(s, 'wallet:12');
    proof!.path[0] = flip(proof!.path[0]!);
    expect(verifyStatement(s).problems).toEqual([{ code: 'PROOF', account: 'wallet:12', seq: 5 }]);
  });

  it("a proof moved to another leaf's place, or of another tree size", () => {
    const moved = copy(makeStatement());
    section(moved, 'wallet:12').proof!.index = 0;
    expect(verifyStatement(moved).problems).toEqual([{ code: 'PROOF', account: 'wallet:12', seq: 5 }]);
    const resized = copy(makeStatement());
    section(resized, 'wallet:12').proof!.size = 4;
    expect(verifyStatement(resized).problems).toEqual([{ code: 'PROOF', account: 'wallet:12', seq: 5 }]);
  });

  it('a tail digest altered, or dropped', () => {
    const altered = copy(makeStatement({ period: 'early' }));
    const tail = section(altered, 'wallet:12').tail;
    tail[0] = flip(tail[0]!);
    expect(verifyStatement(altered).problems).toEqual([{ code: 'PROOF', account: 'wallet:12', seq: 5 }]);
    const dropped = copy(makeStatement({ period: 'early' }));
    section(dropped, 'withdraw_hold:12').tail.pop();
    expect(verifyStatement(dropped).problems).toEqual([
      { code: 'PROOF', account: 'withdraw_hold:12', seq: 3 },
    ]);
  });

  it('a history rewritten well (every hash and balance recomputed) no longer leads to the signed root', () => {
    const original = checkpointOf(buildLedger());
    const rewritten = buildLedger(
      POSTINGS.map((p) => (p.journal === 5 ? { ...p, amount: -p.amount * 10 } : p)),
    );
    const s = makeStatement({
      ledger: rewritten,
      signed: { ...checkpointOf(rewritten), checkpoint: original.checkpoint },
    });
    expect(verifyStatement(s).problems).toEqual([
      { code: 'PROOF', account: 'wallet:12', seq: 5 },
      // The hold's own chain is untouched, but its path to the root passes the rewritten wallet's leaf.
      { code: 'PROOF', account: 'withdraw_hold:12', seq: 3 },
    ]);
  });

  it('rewritten and signed again: fine alone, caught by the checkpoint kept from before', () => {
    const kept = checkpointOf(buildLedger()).checkpoint;
    const rewritten = buildLedger(
      POSTINGS.map((p) => (p.journal === 5 ? { ...p, amount: -p.amount * 10 } : p)),
    );
    const s = makeStatement({ ledger: rewritten });
    expect(verifyStatement(s).ok).toBe(true);
    expect(s.checkpoint?.id).toBe(kept.id);
    expect(verifyStatement(s, { archived: kept }).problems).toEqual([{ code: 'CHECKPOINT_DIFFERS' }]);
    // A kept checkpoint of another number is not compared (the page and the CLI say so).
    expect(verifyStatement(s, { archived: { ...kept, id: 41 } }).problems).toEqual([]);
    expect(keptCheckpoint([{ ...kept, id: 41 }], 42)).toEqual({ kind: 'other', ids: [41] });
  });

  it('a kept checkpoint that differs only in its signature bytes still differs', () => {
    const s = makeStatement();
    const twin = signCheckpoint({ ...s.checkpoint!, prev: GENESIS });
    expect(verifyStatement(s, { archived: twin }).problems).toEqual([{ code: 'CHECKPOINT_DIFFERS' }]);
  });
});

describe('what is not a statement is FORMAT, never a throw', () => {
  const genuine = makeStatement();
  const wallet = genuine.accounts[0]!;
  const shapes: Array<[string, unknown]> = [
    ['null', null],
    ['a string', 'statement'],
    ['a number', 42],
    ['an array', [genuine]],
    ['an empty object', {}],
    ['another format', { ...genuine, format: 'dropdesk-statement-v0' }],
    ['a merchant as text', { ...genuine, merchant: '12' }],
    ['a period as text', { ...genuine, from: '2026-11-02' }],
    ['accounts not a list', { ...genuine, accounts: { wallet } }],
    ['an account that is null', { ...genuine, accounts: [null] }],
    ['an account without a name', { ...genuine, accounts: [{ ...wallet, account: 12 }] }],
    ['no opening', { ...genuine, accounts: [{ ...wallet, opening: null }] }],
    [
      'a closing hash not hex',
      { ...genuine, accounts: [{ ...wallet, closing: { ...wallet.closing, hash: 'x' } }] },
    ],
    [
      'a balance as a float',
      { ...genuine, accounts: [{ ...wallet, closing: { ...wallet.closing, balance: 1.5 } }] },
    ],
    ['postings not a list', { ...genuine, accounts: [{ ...wallet, postings: 'none' }] }],
    ['a posting that is null', { ...genuine, accounts: [{ ...wallet, postings: [null] }] }],
    [
      'an amount as text',
      { ...genuine, accounts: [{ ...wallet, postings: [{ ...wallet.postings[0], amount: '1' }] }] },
    ],
    ['a tail of numbers', { ...genuine, accounts: [{ ...wallet, tail: [1, 2] }] }],
    ['a checkpoint as text', { ...genuine, checkpoint: 'signed' }],
    ['a checkpoint without a root', { ...genuine, checkpoint: { ...genuine.checkpoint, root: undefined } }],
    ['a checkpoint key not hex', { ...genuine, checkpoint: { ...genuine.checkpoint, key: 'platform' } }],
  ];
  it.each(shapes)('%s', (_, doc) => {
    const v = verifyStatement(doc as VerifiableStatement);
    expect(v.ok).toBe(false);
    expect(codes(v.problems)).toEqual(['FORMAT']);
    expect(v.accounts).toEqual([]);
  });

  it('a proof of garbage is a PROOF problem, not a throw', () => {
    for (const proof of [
      { seq: 'five', index: 1, size: 5, path: 'x' },
      { seq: 5, index: 1, size: 5, path: [123, null] },
      { seq: 5, index: 1, size: 5, path: ['ABC'] },
      'proof',
    ]) {
      const s = copy(genuine);
      (section(s, 'wallet:12') as { proof: unknown }).proof = proof;
      expect(verifyStatement(s).problems).toEqual([
        { code: 'PROOF', account: 'wallet:12', ...(typeof proof === 'object' ? { seq: proof.seq } : {}) },
      ]);
    }
  });

  it('a posting with fields of the wrong kind is a problem, not a throw', () => {
    const s = copy(genuine) as unknown as { accounts: Array<{ postings: Record<string, unknown>[] }> };
    s.accounts[0]!.postings[0]!.at = 'yesterday';
    s.accounts[0]!.postings[0]!.type = { nested: true };
    const v = verifyStatement(s as unknown as VerifiableStatement);
    expect(codes(v.problems)).toEqual(['HASH', 'PERIOD']);
  });

  it('a key option that is not text is a KEY problem, not a throw', () => {
    expect(verifyStatement(genuine, { key: 42 as unknown as string }).problems).toEqual([{ code: 'KEY' }]);
  });
});

describe('checkpoints kept from before', () => {
  const { checkpoint } = checkpointOf(buildLedger());
  it('are read from one checkpoint, a list, the API answer, its data, or an older statement', () => {
    const other = { ...checkpoint, id: 41 };
    expect(checkpointsIn(checkpoint)).toEqual([checkpoint]);
    expect(checkpointsIn([other, checkpoint])).toEqual([other, checkpoint]);
    expect(checkpointsIn({ code: 1, data: { items: [other, checkpoint] } })).toEqual([other, checkpoint]);
    expect(checkpointsIn({ items: [checkpoint] })).toEqual([checkpoint]);
    expect(checkpointsIn({ code: 1, data: { list: [checkpoint] } })).toEqual([checkpoint]);
    expect(checkpointsIn(makeStatement())).toEqual([checkpoint]);
  });

  it('anything else holds none', () => {
    for (const doc of [
      null,
      'x',
      1,
      {},
      [],
      { data: { items: [{ id: 'a' }] } },
      makeStatement({ signed: null }),
    ])
      expect(checkpointsIn(doc)).toEqual([]);
  });

  it('a period is measured in UTC epoch ms', () => {
    expect(PERIODS.week.from).toBe(Date.parse('2026-11-02T00:00:00Z'));
  });
});
