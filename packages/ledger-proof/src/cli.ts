import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkpointsIn, keptCheckpoint } from './archive';
import type { Checkpoint } from './checkpoint';
import { keyFingerprint } from './checkpoint';
import { type Problem, type VerifiableStatement, type Verification, verifyStatement } from './statement';

/**
 * dropdesk-verify: the offline check of a verifiable statement, for a merchant or an auditor, in
 * plain English (the merchant app's Verify page says the same in the reader's language). Built by
 * build.mjs into one dependency-free file, dist/dropdesk-verify.mjs, which the merchant app also
 * offers for download (docs/ledger-proof.md).
 *
 *     dropdesk-verify <statement.json> [--key <hex>] [--checkpoint <checkpoint.json>] [--lang en]
 *
 * Exit code: 0 verified, 1 a problem found, 2 input that could not be read (no file, not JSON, a
 * wrong option): then nothing was judged.
 */

export const USAGE = `Usage: dropdesk-verify <statement.json> [--key <hex>] [--checkpoint <file.json>] [--lang en]

Checks a Dropdesk verifiable statement offline: every posting's hash, each account's chain
from opening to closing balance, and the link to the checkpoint the platform signed.

  <statement.json>      the statement downloaded from the merchant app ("-" reads standard input)
  --key <hex>           the platform's public key (64 hex digits, from GET /ledger/key):
                        the checkpoint must be signed by it
  --checkpoint <file>   checkpoints you kept from before (one, a list, the answer of
                        GET /ledger/checkpoints, or an older statement): the statement's
                        checkpoint must be identical to the kept one of the same number
  --lang <code>         only English (en) is available for now
  -h, --help            this text

Exit code: 0 verified, 1 a problem found, 2 the input could not be read.
`;

export const EXIT = { verified: 0, problem: 1, unreadable: 2 } as const;

/** Reads a file as text (a path, or "-" for standard input); throws when it can't. */
export type ReadFile = (path: string) => string;
export type Write = (text: string) => void;

/** Minor units as a decimal with two places, the way the API writes money: 123450 → "1234.50". */
export function decimal(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Epoch ms as UTC, to the minute or second: "2026-11-08 12:00 UTC". */
export function utc(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  const iso = new Date(ms).toISOString();
  const seconds = iso.slice(17, 19) === '00' ? '' : iso.slice(16, 19);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds} UTC`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const where = (p: Problem) =>
  p.account ? (p.seq !== undefined ? `${p.account}, posting #${p.seq}: ` : `${p.account}: `) : '';

/** One problem in words. */
export function problemSentence(p: Problem, s: VerifiableStatement | null, v: Verification): string {
  const at = where(p);
  switch (p.code) {
    case 'FORMAT':
      return `The file is not a Dropdesk statement, or it is damaged${p.detail ? ` (${p.detail})` : ''}.`;
    case 'ACCOUNT':
      return p.seq !== undefined
        ? `${at}it is listed under this account but names another one.`
        : `${at}this is not an account of merchant ${s?.merchant}: a statement holds only its merchant's own accounts.`;
    case 'SEQUENCE':
      return `${at}out of order: a posting before it is missing, or postings were moved.`;
    case 'PERIOD':
      return `${at}it is dated outside the statement's period.`;
    case 'HASH':
      return p.seq === 0
        ? `${at}the chain is said to start here, but its opening is not the start of a chain.`
        : `${at}its hash does not match its content and the posting before it: it was changed, removed or moved after it was recorded.`;
    case 'BALANCE':
      return `${at}the balance after it is not the balance before it plus its amount.`;
    case 'CLOSING':
      return `${at}the closing balance is not where the postings lead.`;
    case 'SIGNATURE':
      return `The checkpoint's signature is not valid: it was changed, or not signed by the key it names.`;
    case 'KEY':
      return `The checkpoint was signed by key ${v.checkpoint?.fingerprint || '?'}, which is not the platform's key you gave.`;
    case 'PROOF':
      return `${at}the chain does not lead to what checkpoint #${v.checkpoint?.id} signed: this history is not the one the platform published.`;
    case 'CHECKPOINT_DIFFERS':
      return `Checkpoint #${v.checkpoint?.id} is not the one you kept: the platform published two different versions of it, so its history was rewritten after you kept it.`;
  }
}

interface Args {
  statement: string;
  key?: string;
  checkpoint?: string;
  lang?: string;
}

/** The arguments, or the words of what is wrong with them. */
function readArgs(argv: readonly string[]): Args | { error: string } | { help: true } {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    return { error: (e as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length !== 1) return { error: 'Give one statement file.' };
  if (values.key !== undefined && !/^[0-9a-fA-F]{64}$/.test(values.key))
    return { error: '--key is an Ed25519 public key: 64 hex digits.' };
  return {
    statement: positionals[0]!,
    ...(values.key ? { key: values.key.toLowerCase() } : {}),
    ...(values.checkpoint ? { checkpoint: values.checkpoint } : {}),
    ...(values.lang ? { lang: values.lang } : {}),
  };
}

const parse = (argv: readonly string[]) =>
  parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      key: { type: 'string' },
      checkpoint: { type: 'string' },
      lang: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });

function readJson(readFile: ReadFile, path: string): { value: unknown } | { error: string } {
  let text: string;
  try {
    text = readFile(path);
  } catch (e) {
    return { error: `Cannot read ${path}: ${(e as Error).message}` };
  }
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { error: `${path} is not JSON: it is not a statement the platform made.` };
  }
}

/**
 * The CLI without its process: reads through `readFile`, writes through `write` (and what went wrong
 * with the input through `writeError`), and returns the exit code.
 */
export function runVerify(
  argv: readonly string[],
  readFile: ReadFile,
  write: Write,
  writeError: Write = write,
): number {
  const args = readArgs(argv);
  if ('help' in args) {
    write(USAGE);
    return EXIT.verified;
  }
  if ('error' in args) {
    writeError(`${args.error}\n\n${USAGE}`);
    return EXIT.unreadable;
  }
  if (args.lang && !/^en(-|$)/i.test(args.lang))
    writeError(
      'Only English is available in the command line for now; the Verify page speaks 7 languages.\n',
    );

  const doc = readJson(readFile, args.statement);
  if ('error' in doc) {
    writeError(`${doc.error}\n`);
    return EXIT.unreadable;
  }
  let kept: Checkpoint[] | null = null;
  if (args.checkpoint) {
    const k = readJson(readFile, args.checkpoint);
    if ('error' in k) {
      writeError(`${k.error}\n`);
      return EXIT.unreadable;
    }
    kept = checkpointsIn(k.value);
    if (kept.length === 0) {
      writeError(`${args.checkpoint} holds no checkpoint.\n`);
      return EXIT.unreadable;
    }
  }

  const s = doc.value as VerifiableStatement;
  const cpId = (s as { checkpoint?: { id?: unknown } } | null)?.checkpoint?.id;
  const comparison = keptCheckpoint(kept, typeof cpId === 'number' ? cpId : undefined);
  const v = verifyStatement(s, {
    ...(args.key ? { key: args.key } : {}),
    ...(comparison.kind === 'compared' ? { archived: comparison.archived } : {}),
  });
  write(report(args, s, v, comparison));
  return v.ok ? EXIT.verified : EXIT.problem;
}

function report(
  args: Args,
  s: VerifiableStatement,
  v: Verification,
  comparison: ReturnType<typeof keptCheckpoint>,
): string {
  const out: string[] = [`Dropdesk statement check: ${args.statement}`];
  const formatOk = !v.problems.some((p) => p.code === 'FORMAT');
  if (formatOk) {
    out.push(
      `Merchant ${s.merchant}, ${utc(s.from)} to ${utc(s.to)}${Number.isSafeInteger(s.generatedAt) ? ` (made ${utc(s.generatedAt)})` : ''}`,
    );
    out.push('', ...checkpointLines(args, v, comparison));
    for (const a of v.accounts) {
      const own = v.problems.filter((p) => p.account === a.account).length;
      out.push('', a.account);
      out.push(
        own === 0
          ? `  ${plural(a.postings, 'posting')} verified`
          : `  ${plural(a.postings, 'posting')} checked: ${plural(own, 'problem')} (below)`,
      );
      out.push(`  balance ${decimal(a.opening)} -> ${decimal(a.closing)}`);
      if (a.checkpointSeq !== null && v.checkpoint) {
        out.push(`  covered by checkpoint #${v.checkpoint.id} up to posting #${a.checkpointSeq}`);
        if (a.afterCheckpoint > 0)
          out.push(
            `  ${plural(a.afterCheckpoint, 'posting is', 'postings are')} newer than the checkpoint: chained to it, not signed yet.`,
            '  Download the statement again after the next hourly checkpoint to have them signed.',
          );
      } else if (own === 0 && a.postings > 0) {
        out.push(
          '  not covered by a checkpoint yet: the chain is intact, but no signature covers it.',
          '  Download the statement again after the next hourly checkpoint.',
        );
      }
    }
  }
  out.push('');
  if (v.ok) {
    out.push(
      v.checkpoint
        ? 'VERIFIED: every posting is intact, and each account leads to what the platform signed.'
        : 'VERIFIED: every posting is intact and chained; no checkpoint signs them yet.',
    );
  } else {
    out.push(`NOT VERIFIED: ${plural(v.problems.length, 'problem')} found.`);
    v.problems.forEach((p, i) => {
      out.push(`  ${i + 1}. ${problemSentence(p, formatOk ? s : null, v)}`);
    });
    out.push(
      '',
      'Keep this file as it is and download the statement again. If the new one fails too, send both',
      'files to customer service.',
    );
  }
  return `${out.join('\n')}\n`;
}

function checkpointLines(args: Args, v: Verification, comparison: ReturnType<typeof keptCheckpoint>) {
  const cp = v.checkpoint;
  if (!cp) return ['No checkpoint: nothing in this statement is signed yet.'];
  const lines = [
    `Checkpoint #${cp.id}, signed ${utc(cp.at)}`,
    `  signing key fingerprint: ${cp.fingerprint}`,
    `  signature: ${cp.signed ? 'valid' : 'NOT valid'}`,
  ];
  if (args.key)
    lines.push(
      cp.key === args.key
        ? "  key: the platform's key you gave (--key)"
        : `  key: NOT the platform's key you gave (${keyFingerprint(args.key)})`,
    );
  else
    lines.push(
      "  key: not checked (no --key): compare the fingerprint with the platform's, on the Verify page",
      '  or from GET /ledger/key',
    );
  if (comparison.kind === 'compared')
    lines.push(
      v.problems.some((p) => p.code === 'CHECKPOINT_DIFFERS')
        ? `  kept checkpoint #${cp.id} (${args.checkpoint}): DIFFERENT`
        : `  kept checkpoint #${cp.id} (${args.checkpoint}): identical`,
    );
  else if (comparison.kind === 'other')
    lines.push(
      `  kept checkpoints (${args.checkpoint}): ${idRange(comparison.ids)}, not #${cp.id}: not compared`,
    );
  return lines;
}

const idRange = (ids: number[]) => {
  const sorted = [...ids].sort((a, b) => a - b);
  return sorted.length === 1 ? `#${sorted[0]}` : `#${sorted[0]} to #${sorted.at(-1)}`;
};

/** The process: what dist/dropdesk-verify.mjs runs (build.mjs). */
export function main(): void {
  process.exitCode = runVerify(
    process.argv.slice(2),
    (path) => readFileSync(path === '-' ? 0 : path, 'utf8'),
    (text) => process.stdout.write(text),
    (text) => process.stderr.write(text),
  );
}
