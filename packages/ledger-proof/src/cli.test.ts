import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script (node runs it alone), without type declarations
import { writeVerifier } from '../build.mjs';
import { keyFingerprint } from './checkpoint';
import { decimal, EXIT, runVerify, utc } from './cli';
import { buildLedger, checkpointOf, copy, makeStatement, OTHER_KEY, POSTINGS, TEST_KEY } from './fixture';

/** The files of a test, by path; any other path can't be read. */
function run(argv: string[], files: Record<string, unknown>) {
  let out = '';
  let err = '';
  const code = runVerify(
    argv,
    (p) => {
      if (!(p in files)) throw new Error(`ENOENT: no such file or directory, open '${p}'`);
      const f = files[p];
      return typeof f === 'string' ? f : JSON.stringify(f);
    },
    (t) => {
      out += t;
    },
    (t) => {
      err += t;
    },
  );
  return { code, out, err };
}

const genuine = makeStatement();
const tampered = copy(genuine);
tampered.accounts[0]!.postings[1]!.amount = 70_000;

describe('dropdesk-verify, in words', () => {
  it('a genuine statement: each account, its postings and balances, the checkpoint, exit 0', () => {
    const { code, out, err } = run(['statement.json'], { 'statement.json': genuine });
    expect(code).toBe(EXIT.verified);
    expect(err).toBe('');
    expect(out).toContain('Merchant 12, 2026-11-02 00:00 UTC to 2026-11-10 00:00 UTC');
    expect(out).toContain('Checkpoint #42, signed 2026-11-08 12:00 UTC');
    expect(out).toContain(`signing key fingerprint: ${keyFingerprint(TEST_KEY)}`);
    expect(out).toContain('signature: valid');
    expect(out).toContain('key: not checked (no --key)');
    expect(out).toContain('wallet:12\n  5 postings verified\n  balance 1000.00 -> 905.00\n');
    expect(out).toContain('covered by checkpoint #42 up to posting #5');
    expect(out).toContain('1 posting is newer than the checkpoint: chained to it, not signed yet.');
    expect(out).toContain('after the next hourly checkpoint');
    expect(out).toContain('withdraw_hold:12\n  3 postings verified\n  balance 0.00 -> 100.00\n');
    expect(out).toMatch(
      /VERIFIED: every posting is intact, and each account leads to what the platform signed.\n$/,
    );
  });

  it("with the platform's key and the checkpoint kept from before (the API's answer)", () => {
    const { code, out } = run(
      ['statement.json', '--key', TEST_KEY.toUpperCase(), '--checkpoint', 'kept.json'],
      {
        'statement.json': genuine,
        'kept.json': { code: 1, data: { items: [genuine.checkpoint] } },
      },
    );
    expect(code).toBe(EXIT.verified);
    expect(out).toContain("key: the platform's key you gave (--key)");
    expect(out).toContain('kept checkpoint #42 (kept.json): identical');
  });

  it('a changed amount: each problem as a sentence, what to do, exit 1', () => {
    const { code, out } = run(['t.json'], { 't.json': tampered });
    expect(code).toBe(EXIT.problem);
    expect(out).toContain('wallet:12\n  5 postings checked: 2 problems (below)');
    expect(out).toContain('NOT VERIFIED: 2 problems found.');
    expect(out).toContain(
      '2. wallet:12, posting #3: its hash does not match its content and the posting before it: it was changed, removed or moved after it was recorded.',
    );
    expect(out).toContain(
      '1. wallet:12, posting #3: the balance after it is not the balance before it plus its amount.',
    );
    expect(out).toContain('download the statement again');
  });

  it("signed by a key that is not the platform's", () => {
    const { code, out } = run(['s.json', '--key', OTHER_KEY], { 's.json': genuine });
    expect(code).toBe(EXIT.problem);
    expect(out).toContain(`key: NOT the platform's key you gave (${keyFingerprint(OTHER_KEY)})`);
    expect(out).toContain(
      `The checkpoint was signed by key ${keyFingerprint(TEST_KEY)}, which is not the platform's key you gave.`,
    );
  });

  it('a checkpoint published twice, differently: the kept one tells', () => {
    const rewritten = buildLedger(
      POSTINGS.map((p) => (p.journal === 5 ? { ...p, amount: -p.amount * 10 } : p)),
    );
    const { code, out } = run(['s.json', '--checkpoint', 'old-statement.json'], {
      's.json': makeStatement({ ledger: rewritten }),
      // The merchant kept last month's statement: its checkpoint is the same #42.
      'old-statement.json': makeStatement({ signed: checkpointOf(buildLedger()) }),
    });
    expect(code).toBe(EXIT.problem);
    expect(out).toContain('kept checkpoint #42 (old-statement.json): DIFFERENT');
    expect(out).toContain('Checkpoint #42 is not the one you kept');
  });

  it('kept checkpoints of other numbers are said not to be compared', () => {
    const kept = [40, 41].map((id) => ({ ...genuine.checkpoint!, id }));
    const { code, out } = run(['s.json', '--checkpoint', 'kept.json'], {
      's.json': genuine,
      'kept.json': kept,
    });
    expect(code).toBe(EXIT.verified);
    expect(out).toContain('kept checkpoints (kept.json): #40 to #41, not #42: not compared');
  });

  it('before any checkpoint: verified, and said to be not signed yet', () => {
    const { code, out } = run(['s.json'], { 's.json': makeStatement({ signed: null }) });
    expect(code).toBe(EXIT.verified);
    expect(out).toContain('No checkpoint: nothing in this statement is signed yet.');
    expect(out).toContain('not covered by a checkpoint yet');
    expect(out).toContain('VERIFIED: every posting is intact and chained; no checkpoint signs them yet.');
  });

  it('JSON that is not a statement is a problem found (exit 1), not a crash', () => {
    const { code, out } = run(['s.json'], { 's.json': { hello: 'world' } });
    expect(code).toBe(EXIT.problem);
    expect(out).toContain('1. The file is not a Dropdesk statement, or it is damaged (format undefined).');
  });

  it('input that cannot be read: exit 2 and the reason, on the error stream', () => {
    const cases: Array<[string[], Record<string, unknown>, string]> = [
      [['missing.json'], {}, 'Cannot read missing.json: ENOENT'],
      [['s.json'], { 's.json': '{"format": "dropdesk-statement-v1", ' }, 's.json is not JSON'],
      [['s.json', '--key', 'abc'], { 's.json': genuine }, '--key is an Ed25519 public key: 64 hex digits.'],
      [['s.json', '--colour'], { 's.json': genuine }, "Unknown option '--colour'"],
      [['a.json', 'b.json'], {}, 'Give one statement file.'],
      [[], {}, 'Give one statement file.'],
      [['s.json', '--checkpoint', 'k.json'], { 's.json': genuine }, 'Cannot read k.json'],
      [
        ['s.json', '--checkpoint', 'k.json'],
        { 's.json': genuine, 'k.json': { items: [] } },
        'k.json holds no checkpoint.',
      ],
    ];
    for (const [argv, files, reason] of cases) {
      const { code, out, err } = run(argv, files);
      expect(code, argv.join(' ')).toBe(EXIT.unreadable);
      expect(out).toBe('');
      expect(err).toContain(reason);
    }
  });

  it('--help prints the usage; another --lang than English says it prints English', () => {
    expect(run(['--help'], {})).toMatchObject({
      code: 0,
      out: expect.stringContaining('Usage: dropdesk-verify'),
    });
    const th = run(['s.json', '--lang', 'th'], { 's.json': genuine });
    expect(th.code).toBe(EXIT.verified);
    expect(th.err).toContain('Only English is available');
    expect(run(['s.json', '--lang=en'], { 's.json': genuine }).err).toBe('');
  });

  it('writes minor units with two decimals and times in UTC', () => {
    expect([0, 5, -5, 100, 123_450, -90_500].map(decimal)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '1234.50',
      '-905.00',
    ]);
    expect(utc(Date.UTC(2026, 10, 8, 12))).toBe('2026-11-08 12:00 UTC');
    expect(utc(Date.UTC(2026, 10, 8, 12, 0, 7))).toBe('2026-11-08 12:00:07 UTC');
  });
});

describe('the built bundle (dist/dropdesk-verify.mjs)', () => {
  let dir = '';
  let bundle = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dropdesk-verify-'));
    bundle = await writeVerifier(path.join(dir, 'dropdesk-verify.mjs'));
    writeFileSync(path.join(dir, 'statement.json'), JSON.stringify(genuine));
    writeFileSync(path.join(dir, 'tampered.json'), JSON.stringify(tampered));
    writeFileSync(path.join(dir, 'broken.json'), '{');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const node = (...args: string[]) =>
    spawnSync(process.execPath, [bundle, ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });

  it('runs alone with node: same words and exit codes as runVerify', () => {
    const ok = node('statement.json');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(run(['statement.json'], { 'statement.json': genuine }).out);
    const bad = node('tampered.json', '--key', TEST_KEY);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe(run(['tampered.json', '--key', TEST_KEY], { 'tampered.json': tampered }).out);
    const unreadable = node('broken.json');
    expect(unreadable.status).toBe(2);
    expect(unreadable.stderr).toContain('broken.json is not JSON');
  });

  it('reads standard input for "-", and is one file that imports only node: built-ins', async () => {
    const piped = spawnSync(process.execPath, [bundle, '-'], {
      input: JSON.stringify(genuine),
      encoding: 'utf8',
    });
    expect(piped.status).toBe(0);
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(bundle, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const imports = [...text.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports.every((spec) => spec?.startsWith('node:'))).toBe(true);
  });
});
