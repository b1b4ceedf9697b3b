import { randomBytes } from 'node:crypto';
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { inviteCodeField } from '@dropdesk/contract/account';
import { adminRoutes } from '@dropdesk/contract/admin';
import { isMessageKey } from '@dropdesk/contract/errors';
import type { z } from 'zod';
import { outboxRepository } from '../db/outbox';
import { t } from '../i18n/t';
import { iso } from '../lib/clock';
import { newInviteCode } from '../lib/crypto';
import { Refusal } from '../lib/refusal';
import { OperatorsAdmin } from '../modules/admin';
import { audit } from '../modules/audit';
import { platformInvites, signHandoff } from '../modules/auth';
import { checkStats, rebuildStats } from '../modules/dashboard';
import { checkLedger } from '../modules/ledger';
import { OrderJobs } from '../modules/orders';
import { Sessions } from '../modules/sessions';
import { ShopAdmin } from '../modules/shop';
import { openForCli } from './context';

/**
 * Operator commands: `npm run ops -- <command> [options]`. Each change is written to the audit
 * log as done by the command line (operator id null).
 */
type Ctx = Awaited<ReturnType<typeof openForCli>>;
type Command = { usage: string; run(ctx: Ctx, args: string[]): Promise<void> };

/** Closing and reopening shops as the admin API does, as the command line (operator id null). */
function shopAdmin({ db, clock, config }: Ctx): ShopAdmin {
  return new ShopAdmin({
    db,
    clock,
    sessions: sessionsOf({ db, clock, config }),
    publicUrl: config.publicUrl,
  });
}

/** Managing operators as an admin does in the console, as the command line (operator id null). */
function operatorsAdmin({ db, clock, config }: Ctx): OperatorsAdmin {
  return new OperatorsAdmin({
    db,
    clock,
    sessions: sessionsOf({ db, clock, config }),
    hashCost: config.argon2,
  });
}

function sessionsOf({ db, clock, config }: Pick<Ctx, 'db' | 'clock' | 'config'>): Sessions {
  return new Sessions(db, clock, {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    operatorIdleMs: config.operatorIdleMinutes * 60_000,
  });
}

/** A schema's refusals as one line of English: `username: 3 to 32 lower-case letters…`. */
function fieldProblems(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.join('.') || 'input'}: ${isMessageKey(i.message) ? t('en', i.message) : i.message}`)
    .join('; ');
}

/** A service's refusal in English, for the terminal. */
function explain(error: unknown): never {
  if (error instanceof Refusal) throw new Error(t('en', error.key, error.vars as Record<string, unknown>));
  throw error;
}

/**
 * The new operator's password: typed without echo on a terminal (twice), or the first line of the
 * standard input when it is piped (`echo "$PW" | npm run ops -- operator:create …`).
 */
async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    throw new Error('a password on standard input, or --password');
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      const out = new Writable({ write: (_chunk, _enc, done) => done() });
      const rl = readline.createInterface({ input: process.stdin, output: out, terminal: true });
      process.stdout.write(prompt);
      rl.question('', (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('password: ');
  if ((await ask('again: ')) !== first) throw new Error(t('en', 'PASSWORDS_DO_NOT_MATCH'));
  return first;
}

function options(args: string[], spec: Record<string, { type: 'string' | 'boolean' }>) {
  return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
}

const commands: Record<string, Command> = {
  'operator:create': {
    usage:
      'operator:create <username> <reviewer|catalogue|support|admin> [--password P]  (asks for the password when not given; the first login enrols the second factor)',
    async run(ctx, args) {
      const { positionals, values } = options(args, { password: { type: 'string' } });
      const [username, role] = positionals;
      const password = typeof values.password === 'string' ? values.password : await askPassword();
      const body = adminRoutes.createOperator.body.safeParse({ username, role, password });
      if (!body.success) throw new Error(fieldProblems(body.error));
      const op = await operatorsAdmin(ctx).create(null, body.data).catch(explain);
      console.log(
        `operator #${op.id} ${op.username} (${op.role}) created; its first login (POST /admin/login) enrols its authenticator app`,
      );
    },
  },
  'operator:reset-totp': {
    usage:
      'operator:reset-totp <username>  (removes its second factor and ends its sessions: its next login enrols again)',
    async run(ctx, args) {
      const [username] = args;
      if (!username) throw new Error('username required');
      const admin = operatorsAdmin(ctx);
      const found = await admin.byUsername(username);
      if (!found) throw new Error(`no operator named ${username}`);
      await admin.resetTotp(null, found.id).catch(explain);
      console.log(
        `operator #${found.id} ${found.username}: second factor removed, sessions ended; the next login enrols`,
      );
    },
  },
  'invite:create': {
    usage: 'invite:create [--code CODE] [--max-uses N] [--note TEXT]',
    async run({ db, clock }, args) {
      const { values } = options(args, {
        code: { type: 'string' },
        'max-uses': { type: 'string' },
        note: { type: 'string' },
      });
      const code = inviteCodeField.parse(typeof values.code === 'string' ? values.code : newInviteCode());
      const maxUses = values['max-uses'] === undefined ? null : Number(values['max-uses']);
      if (maxUses !== null && (!Number.isInteger(maxUses) || maxUses < 1))
        throw new Error('--max-uses takes a whole number ≥ 1');
      await platformInvites.create(db, {
        code,
        merchant_id: null,
        created_by: null,
        note: String(values.note ?? ''),
        max_uses: maxUses,
        revoked_at: null,
        created_at: clock.now(),
      });
      await audit(
        db,
        {
          operatorId: null,
          action: 'invite.create',
          targetType: 'invitation_code',
          targetId: code,
          before: null,
          after: { code, max_uses: maxUses, note: String(values.note ?? '') },
        },
        clock.now(),
      );
      console.log(`platform invitation code ${code}${maxUses ? ` (${maxUses} uses)` : ''}`);
    },
  },
  'invite:list': {
    usage: 'invite:list',
    async run({ db }) {
      const rows = await platformInvites.list(db);
      for (const r of rows) {
        console.log(
          `${r.code}\tuses ${r.uses}${r.max_uses ? `/${r.max_uses}` : ''}\t${r.revoked_at ? 'revoked' : 'active'}\t${r.note}`,
        );
      }
    },
  },
  outbox: {
    usage: 'outbox [--limit N]',
    async run({ db }, args) {
      const { values } = options(args, { limit: { type: 'string' } });
      const rows = await outboxRepository.latest(db, Number(values.limit ?? 20));
      for (const r of rows.reverse()) {
        const state = r.sent_at ? 'sent' : r.error ? `failed: ${r.error}` : 'not sent (no transport)';
        console.log(
          `#${r.id} ${iso(r.created_at)} ${r.channel} to ${r.recipient} [${state}]\n  ${r.subject}: ${r.body}`,
        );
      }
    },
  },
  'handoff:sign': {
    usage: 'handoff:sign <partner-uid> [--mer REF]  (signs with SECRET, as a partner site would)',
    async run({ config, clock }, args) {
      const { positionals, values } = options(args, { mer: { type: 'string' } });
      const uid = positionals[0];
      if (!uid) throw new Error('partner uid required');
      if (!process.env.SECRET) throw new Error('set SECRET to the server secret');
      const nonce = randomBytes(12).toString('base64url');
      console.log(
        signHandoff(config.secret, {
          uid,
          nonce,
          iat: clock.now(),
          ...(typeof values.mer === 'string' ? { mer: values.mer } : {}),
        }),
      );
    },
  },
  'ledger:check': {
    usage: 'ledger:check  (every journal sums to 0, every cached balance equals its postings)',
    async run({ db }) {
      const report = await checkLedger(db);
      console.log(
        `ledger: ${report.journals} journals, ${report.postings} postings, ${report.accounts} accounts`,
      );
      for (const problem of report.problems) console.log(`  DIFFERENCE ${problem}`);
      if (report.problems.length > 0) {
        console.log(`ledger check FAILED: ${report.problems.length} differences`);
        process.exitCode = 1;
      } else {
        console.log('ledger check passed: every journal sums to 0 and every balance equals its postings');
      }
    },
  },
  'stats:check': {
    usage:
      'stats:check  (every dashboard rollup equals what the orders, visits, follows and ratings add up to)',
    async run({ db }) {
      const report = await checkStats(db);
      const rows = Object.entries(report.rows).map(([table, count]) => `${count} ${table}`);
      console.log(`stats: ${rows.join(', ')} rows`);
      for (const problem of report.problems) console.log(`  DIFFERENCE ${problem}`);
      if (report.problems.length > 0) {
        console.log(
          `stats check FAILED: ${report.problems.length} differences (npm run ops -- stats:rebuild)`,
        );
        process.exitCode = 1;
      } else {
        console.log('stats check passed: every rollup equals its events');
      }
    },
  },
  'stats:rebuild': {
    usage: 'stats:rebuild  (refills the dashboard rollups from the events, in one transaction)',
    async run({ db }) {
      const report = await rebuildStats(db);
      const rows = Object.entries(report.rows).map(([table, count]) => `${count} ${table}`);
      console.log(`stats rebuilt in ${report.ms} ms: ${rows.join(', ')} rows`);
    },
  },
  'orders:tick': {
    usage:
      'orders:tick  (runs the periodic jobs once: unpaid timeout, auto-confirm, settlement, express-lane expiry)',
    async run({ db, clock }) {
      const jobs = new OrderJobs({ db, clock, log: (message, error) => console.error(message, error) });
      const report = await jobs.runOnce();
      console.log(
        report.ran
          ? `orders: ${report.cancelled} unpaid cancelled, ${report.confirmed} auto-confirmed, ${report.settled} settled; ${report.promotionsEnded} express promotions ended`
          : 'orders: another instance is running the jobs; nothing done',
      );
    },
  },
  'shop:close': {
    usage: 'shop:close <merchant-id> <reason...>',
    async run(ctx, args) {
      const [idText, ...reason] = args;
      const id = Number(idText);
      if (!Number.isInteger(id) || reason.join(' ').trim() === '')
        throw new Error('merchant id and a reason the merchant can read');
      // The same as an operator's /admin/shop/close: sessions ended, a notice, the closure and the audit entry.
      await shopAdmin(ctx).close(null, id, reason.join(' ').trim());
      console.log(`shop of merchant #${id} closed; its sessions ended (it may log in again and read)`);
    },
  },
  'shop:open': {
    usage: 'shop:open <merchant-id> [note...]',
    async run(ctx, args) {
      const [idText, ...note] = args;
      const id = Number(idText);
      if (!Number.isInteger(id)) throw new Error('merchant id');
      await shopAdmin(ctx).reopen(null, id, note.join(' ').trim());
      console.log(`shop of merchant #${id} open`);
    },
  },
};

function help(): void {
  console.log('npm run ops -- <command>\n');
  for (const c of Object.values(commands)) console.log(`  ${c.usage}`);
}

const [name, ...rest] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  help();
  process.exit(name && name !== 'help' ? 2 : 0);
}
const ctx = await openForCli();
try {
  await command.run(ctx, rest);
} catch (error) {
  console.error(`ops ${name}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await ctx.database.close();
}
