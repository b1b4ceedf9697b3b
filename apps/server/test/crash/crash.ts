/**
 * Crash test: on each engine, SIGKILL the real server at random moments while a stream of money
 * requests runs, restart it, and check that every acknowledged request survived, that retrying any
 * request with its Idempotency-Key has one effect, that balances match the reviewed top-ups and
 * withdrawals, and that `ops ledger:check` passes. Exits non-zero on any loss or mismatch.
 *
 *   npm run test:crash                      both engines (PostgreSQL from TEST_DATABASE_URL)
 *   CRASH_ENGINES=sqlite CRASH_KILLS=5 npm run test:crash --workspace apps/server
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
// @ts-expect-error: a plain ES module without types (it builds dist/main.js when stale).
import { builtServer } from '../../built.mjs';
import { totpCode } from '../../src/lib/totp';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const KILLS = Number(process.env.CRASH_KILLS ?? 20);
const WORKERS = Number(process.env.CRASH_WORKERS ?? 4);
const ENGINES = (process.env.CRASH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const cents = (s: string) => Math.round(Number(s) * 100);

class Down extends Error {}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ...args],
      { cwd: serverDir, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

interface Reply {
  status: number;
  code: number;
  msg: string;
  error?: string;
  data: any;
  replayed: boolean;
}

class Server {
  child: ChildProcess | null = null;
  constructor(
    readonly env: NodeJS.ProcessEnv,
    readonly base: string,
  ) {}
  log = '';

  async start() {
    const child = spawn(process.execPath, ['--enable-source-maps', builtServer()], {
      cwd: serverDir,
      env: this.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (d) => {
      this.log = (this.log + d).slice(-4000);
    });
    this.child = child;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${this.log}`);
      try {
        const res = await fetch(`${this.base}/healthz`);
        if (res.ok) return;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${this.log}`);
      await sleep(50);
    }
  }

  async kill() {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  }

  async stop() {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  }
}

class Api {
  constructor(
    readonly base: string,
    public token: string | null = null,
  ) {}

  private async send(
    method: string,
    url: string,
    body: string | FormData | undefined,
    headers: Record<string, string>,
  ) {
    let res: Response;
    try {
      res = await fetch(`${this.base}${url}`, {
        method,
        body,
        headers: { ...(this.token ? { token: this.token } : {}), ...headers },
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new Down(String(error));
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw new Down(String(error));
    }
    let parsed: any = {};
    try {
      parsed = JSON.parse(text);
    } catch {}
    return {
      status: res.status,
      replayed: res.headers.get('idempotent-replayed') === 'true',
      ...parsed,
    } as Reply;
  }

  get(url: string, query: Record<string, string | number> = {}) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]));
    return this.send('GET', `${url}${Object.keys(query).length ? `?${qs}` : ''}`, undefined, {});
  }

  post(url: string, body: unknown, key?: string) {
    return this.send('POST', url, JSON.stringify(body), {
      'content-type': 'application/json',
      ...(key ? { 'Idempotency-Key': key } : {}),
    });
  }

  async upload(kind: string): Promise<string> {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'a.png');
    const res = await this.send('POST', '/merchant/common/upload', form, {});
    return must(res, `upload ${kind}`).id;
  }

  /** Every page of a list. */
  async all(url: string, query: Record<string, string | number> = {}): Promise<any[]> {
    const items: any[] = [];
    for (let page = 1; ; page++) {
      const res = must(await this.get(url, { ...query, page, limit: 100 }), url);
      items.push(...res.list);
      if (items.length >= res.total || res.list.length === 0) return items;
    }
  }
}

let pngCache: Buffer | null = null;
async function png() {
  pngCache ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  return pngCache;
}

function must(res: Reply, what: string): any {
  if (res.code !== 1) throw new Error(`${what} failed: ${JSON.stringify(res)}`);
  return res.data;
}

// ---------------------------------------------------------------- the stream

type Kind =
  | 'recharge'
  | 'recharge.approve'
  | 'recharge.reject'
  | 'extract'
  | 'extract.approve'
  | 'extract.reject';

interface Sent {
  kind: Kind;
  merchant: number;
  url: string;
  body: unknown;
  key: string;
  client: Api;
  /** The acknowledged answer, if one came back with code 1. */
  ack?: Reply;
  /** The answer of any other kind (a refusal), which is also final for the key. */
  refused?: Reply;
  /** The connection died before an answer: the server was killed with it in flight. */
  inFlight?: boolean;
}

interface Stats {
  kills: number;
  sent: number;
  acked: number;
  inFlight: number;
  retried: number;
  verified: number;
}

async function runEngine(engine: string): Promise<Stats & { ledger: string; ms: number }> {
  const t0 = Date.now();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dropdesk-crash-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (engine === 'postgres') {
    dbName = `dropdesk_crash_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(PG_ADMIN);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  } else if (engine !== 'sqlite') throw new Error(`unknown engine ${engine}`);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    SECRET: randomBytes(32).toString('hex'),
    SEED_DEMO: '0',
    RATE_LIMIT_SCALE: '10000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
  };
  const server = new Server(env, base);
  const stats: Stats = { kills: 0, sent: 0, acked: 0, inFlight: 0, retried: 0, verified: 0 };
  const problems: string[] = [];
  let ledger = 'not run';
  try {
    const opName = `crash_${randomBytes(3).toString('hex')}`;
    const invite = `CRASH${randomBytes(3).toString('hex').toUpperCase()}`;
    for (const args of [
      ['src/cli/ops.ts', 'operator:create', opName, 'admin', '--password', 'Operator#1'],
      ['src/cli/ops.ts', 'invite:create', '--code', invite],
    ]) {
      const r = await run(args, env);
      if (r.code !== 0) throw new Error(`ops ${args[1]} failed:\n${r.out}`);
    }
    await server.start();

    const op = new Api(base);
    // A new operator enrols its second factor at its first login; the code is computed from the
    // secret the login answers, as the authenticator app would.
    const enrol = must(await op.post('/admin/login', { username: opName, password: 'Operator#1' }), 'login');
    op.token = must(
      await op.post('/admin/login/totp', { ticket: enrol.ticket, code: totpCode(enrol.secret, Date.now()) }),
      'login code',
    ).token;
    // Manual top-ups are closed until an admin writes their instructions, bank-card ones
    // until the receiving bank account is set.
    must(
      await op.post('/admin/topup_bank_account', {
        bank_name: 'Crash Bank',
        holder_name: 'Dropdesk Crash',
        account_number: '000000000000',
        reference_rule: 'DD{merchant_id}',
      }),
      'topup bank account',
    );
    must(
      await op.post('/admin/topup_manual', { instructions: 'Cash at the crash desk.' }),
      'manual instructions',
    );
    const merchants: { id: number; api: Api }[] = [];
    for (let i = 0; i < WORKERS; i++) merchants.push(await newMerchant(base, op, invite));

    const sent: Sent[] = [];
    let running = true;
    let up = true;
    let waitUp: Promise<void> = Promise.resolve();

    async function call(s: Omit<Sent, 'key'> & { key?: string }): Promise<Sent> {
      const item: Sent = { ...s, key: s.key ?? randomUUID() };
      sent.push(item);
      stats.sent++;
      try {
        const res = await item.client.post(item.url, item.body, item.key);
        if (res.code === 1) {
          item.ack = res;
          stats.acked++;
        } else item.refused = res;
      } catch (error) {
        if (!(error instanceof Down)) throw error;
        item.inFlight = true;
        stats.inFlight++;
      }
      return item;
    }

    /** Runs a preparatory step (an upload), waiting out the server's restarts. */
    async function steady<T>(fn: () => Promise<T>): Promise<T> {
      for (;;) {
        if (!up) await waitUp;
        try {
          return await fn();
        } catch (error) {
          if (!(error instanceof Down) && !/failed: \{"status":5/.test(String(error))) throw error;
          await sleep(20);
        }
      }
    }

    async function worker(m: { id: number; api: Api }) {
      while (running) {
        if (!up) await waitUp;
        const amount = `${rand(100, 500)}.00`;
        const voucher = await steady(() => m.api.upload('voucher'));
        const r = await call({
          kind: 'recharge',
          merchant: m.id,
          client: m.api,
          url: '/merchant/merchant/recharge',
          body: { method: 'manual', amount, voucher },
        });
        if (!r.ack) continue;
        const approve = Math.random() < 0.8;
        await call({
          kind: approve ? 'recharge.approve' : 'recharge.reject',
          merchant: m.id,
          client: op,
          url: approve ? '/admin/recharges/approve' : '/admin/recharges/reject',
          body: approve ? { id: r.ack.data.id } : { id: r.ack.data.id, reason: 'voucher unreadable' },
        });
        if (Math.random() < 0.6) {
          const w = await call({
            kind: 'extract',
            merchant: m.id,
            client: m.api,
            url: '/merchant/merchant/extract',
            body: { method: 'bank', amount: `${rand(10, 120)}.00`, pay_password: '123456' },
          });
          if (w.ack) {
            const ok = Math.random() < 0.7;
            await call({
              kind: ok ? 'extract.approve' : 'extract.reject',
              merchant: m.id,
              client: op,
              url: ok ? '/admin/withdrawals/approve' : '/admin/withdrawals/reject',
              body: ok ? { id: w.ack.data.id } : { id: w.ack.data.id, reason: 'bank refused' },
            });
          }
        }
      }
    }

    async function killer() {
      while (stats.kills < KILLS) {
        await sleep(rand(50, 400));
        let release!: () => void;
        waitUp = new Promise((r) => {
          release = r;
        });
        up = false;
        await server.kill();
        stats.kills++;
        await server.start();
        up = true;
        release();
        await sleep(rand(0, 150));
      }
      running = false;
    }

    await Promise.all([killer(), ...merchants.map(worker)]);

    // Clean restart, then verification.
    await server.kill();
    await server.start();

    // 1. Retry every request with its key: acknowledged ones replay their answer; ones that were in
    //    flight get a final answer now (never "still in progress" once the server has restarted).
    //    A key reserved by a killed request is taken over once its lease ends, so "in progress"
    //    is retried (as a client would) for up to a minute.
    const retry = async (s: Sent) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const res = await s.client.post(s.url, s.body, s.key);
        if (res.error !== 'IDEMPOTENCY_IN_PROGRESS' || Date.now() > deadline) return res;
        await sleep(500);
      }
    };
    // In-flight ones first and in sent order (an approval after its top-up), then the replays.
    for (const s of sent.filter((x) => x.inFlight)) {
      stats.retried++;
      const res = await retry(s);
      if (res.code === 1) s.ack = res;
      else if (res.error?.startsWith('IDEMPOTENCY') || res.status >= 500)
        problems.push(`retry of in-flight ${s.kind} ${s.key} got ${JSON.stringify(res)}`);
      else s.refused = res;
    }
    await Promise.all(
      sent
        .filter((x) => x.ack && !x.inFlight)
        .map(async (s) => {
          const res = await retry(s);
          if (res.code !== 1 || !res.replayed || JSON.stringify(res.data) !== JSON.stringify(s.ack?.data))
            problems.push(`replay of acknowledged ${s.kind} ${s.key} differs: ${JSON.stringify(res)}`);
          else stats.verified++;
        }),
    );

    // 2. Every acknowledged record is there in the acknowledged (or a later acknowledged) state,
    //    and there is exactly one record per effective key.
    for (const m of merchants) {
      const recharges = new Map(
        (await op.all('/admin/recharges', { merchant_id: m.id })).map((r) => [r.id, r]),
      );
      const withdrawals = new Map(
        (await op.all('/admin/withdrawals', { merchant_id: m.id })).map((w) => [w.id, w]),
      );
      const mine = sent.filter((s) => s.merchant === m.id && s.ack);
      const expectState = new Map<string, string>();
      for (const s of mine) {
        const id = s.ack?.data.id as number;
        const table = s.kind.startsWith('recharge') ? recharges : withdrawals;
        const tag = `${s.kind.startsWith('recharge') ? 'recharge' : 'withdrawal'} #${id}`;
        const row = table.get(id);
        if (!row) {
          problems.push(`acknowledged ${s.kind} ${s.key}: ${tag} is missing`);
          continue;
        }
        const state = s.kind.endsWith('approve') ? 'approved' : s.kind.endsWith('reject') ? 'rejected' : null;
        if (state) expectState.set(tag, state);
        else if (!expectState.has(tag)) expectState.set(tag, 'pending');
        if (!s.kind.includes('.') && cents(row.amount) !== cents((s.body as { amount: string }).amount))
          problems.push(
            `${tag}: amount ${row.amount}, acknowledged ${(s.body as { amount: string }).amount}`,
          );
      }
      for (const [tag, state] of expectState) {
        const [kind, id] = tag.split(' #');
        const row = (kind === 'recharge' ? recharges : withdrawals).get(Number(id));
        if (row && row.status !== state) problems.push(`${tag}: status ${row.status}, acknowledged ${state}`);
      }
      const created = (k: Kind) => mine.filter((s) => s.kind === k).length;
      if (recharges.size !== created('recharge'))
        problems.push(
          `merchant ${m.id}: ${recharges.size} recharges for ${created('recharge')} effective keys`,
        );
      if (withdrawals.size !== created('extract'))
        problems.push(
          `merchant ${m.id}: ${withdrawals.size} withdrawals for ${created('extract')} effective keys`,
        );

      // 3. The balance is what the reviewed top-ups and withdrawals make it.
      let expected = 0;
      for (const r of recharges.values()) if (r.status === 'approved') expected += cents(r.amount);
      for (const w of withdrawals.values())
        if (w.status === 'pending' || w.status === 'approved') expected -= cents(w.amount);
      const info = must(await m.api.get('/merchant/merchant/getMerInfo'), 'getMerInfo');
      if (cents(info.balance) !== expected)
        problems.push(`merchant ${m.id}: balance ${info.balance}, expected ${(expected / 100).toFixed(2)}`);
    }

    await server.stop();
    const check = await run(['src/cli/ops.ts', 'ledger:check'], env);
    ledger = check.code === 0 ? 'passed' : 'FAILED';
    if (check.code !== 0) problems.push(`ledger:check exited ${check.code}:\n${check.out}`);
  } finally {
    await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG_ADMIN });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
  const ms = Date.now() - t0;
  console.log(
    `${engine}: kills ${stats.kills}, requests sent ${stats.sent}, acknowledged ${stats.acked}, ` +
      `in flight at kill ${stats.inFlight}, retried ${stats.retried}, verified ${stats.verified}, ` +
      `ledger check ${ledger}, problems ${problems.length}, ${(ms / 1000).toFixed(1)}s`,
  );
  for (const p of problems.slice(0, 30)) console.log(`  ${engine} PROBLEM ${p}`);
  if (problems.length > 0) process.exitCode = 1;
  return { ...stats, ledger, ms };
}

async function newMerchant(base: string, op: Api, invite: string) {
  const anon = new Api(base);
  const n = randomBytes(4).toString('hex');
  const body = {
    store_logo: await anon.upload('logo'),
    store_name: `Crash ${n}`,
    store_address: '12 Nguyen Hue, District 1',
    country: 'VN',
    phone: `+849${String(rand(0, 99_999_999)).padStart(8, '0')}`,
    real_name: 'Nguyen Van A',
    id_card_front: await anon.upload('id_card'),
    id_card_back: await anon.upload('id_card'),
    id_card_hand: await anon.upload('id_card'),
    email: `crash${n}@example.com`,
    password: 'Secret#123',
    password_confirm: 'Secret#123',
    invite_code: invite,
    business_license: await anon.upload('license'),
  };
  const reg = must(await anon.post('/merchant/merchant/register', body), 'register');
  const api = new Api(base, reg.merinfo.token);
  const id = reg.merinfo.id as number;
  must(
    await api.post('/merchant/merchant/setPaypwd', {
      pay_password: '123456',
      pay_password_confirm: '123456',
    }),
    'setPaypwd',
  );
  must(
    await api.post('/merchant/merchant/idcard', {
      real_name: 'Nguyen Van A',
      id_number: '079123456789',
      id_card_front: await api.upload('id_card'),
      id_card_back: await api.upload('id_card'),
      id_card_hand: await api.upload('id_card'),
    }),
    'idcard',
  );
  const kyc = must(await op.get('/admin/kyc', { status: 'pending', limit: 100 }), 'kyc list');
  const sub = kyc.list.find((s: any) => s.merchant.id === id);
  must(await op.post('/admin/kyc/approve', { id: sub.id }), 'kyc approve');
  must(
    await api.post('/merchant/merchant/changeBank', {
      holder_name: 'Nguyen Van A',
      bank_name: 'Vietcombank',
      account_number: '0071000123456',
      pay_password: '123456',
    }),
    'changeBank',
  );
  return { id, api };
}

const t0 = Date.now();
// The engines run side by side, each on its own server, port and data: the same kills and checks,
// in half the wall time (each engine spends most of it starting servers again after a kill).
// Each ends (and stops its server) before a failure of the other is thrown.
const runs = await Promise.allSettled(ENGINES.map((engine) => runEngine(engine)));
for (const r of runs) if (r.status === 'rejected') throw r.reason;
console.log(
  `crash test ${process.exitCode ? 'FAILED' : 'passed'} on ${ENGINES.join(' and ')} in ${((Date.now() - t0) / 1000).toFixed(1)}s`,
);
