import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/crypto';
import { PayPasswords } from '../src/modules/account/paypwd.service';
import { createOperator } from '../src/modules/admin/operators';
import { post } from '../src/modules/ledger/ledger';
import { OrdersService } from '../src/modules/orders/orders.service';
import { Sessions } from '../src/modules/sessions/sessions';
import { RechargeService } from '../src/modules/wallet/recharge.service';
import {
  benchMerchant,
  benchOrderRow,
  benchProduct,
  freshDatabase,
  measure,
  orderStatusOf,
  PICKED_STATUSES,
  rng,
  startServers,
  type Target,
} from './support';

/**
 * npm run bench:orders — the order list at scale: 1,000,000 orders across 1,000 merchants, one of
 * them holding 100,000, on each engine. The real server (dist/main.js, production settings) answers
 * `order/list` (first page, page 500, a status filter), `order/orderCount`, `order/pick` and
 * `order/pick_batch`, beside a bare Fastify route in the same run; req/s, p50 and p99 through HTTP.
 *
 * The orders are written straight into the tables (a bench database, thrown away): statuses in the
 * proportions of a shop that has sold for a while (most completed, a few in every other status).
 * A second merchant holds 30,000 orders awaiting pickup and a wallet to pay for them, for the
 * pickups. Each pickup checks the payment password: an Argon2id hash at the production cost.
 *
 * BENCH_ENGINES=sqlite (or postgres), BENCH_ORDERS (1,000,000), BENCH_MERCHANTS (1,000),
 * BENCH_SECONDS (5), BENCH_CONNECTIONS (1: what one merchant waits for), BENCH_KEEP; BENCH_ONLY=pick
 * runs only the routes whose name contains it (with BENCH_PROFILE=1, a profile of just those).
 */
const ONLY = process.env.BENCH_ONLY ?? '';
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 1_000);
const BIG = Math.min(100_000, Math.floor(ORDERS / 10));
const PICKABLE = Math.min(50_000, Math.floor(ORDERS / 20));
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const PAY_PASSWORD = '246810';
const BATCH_SIZE = 100;
const PICK_CONNECTIONS = Number(process.env.BENCH_PICK_CONNECTIONS ?? 2);

async function fill(databaseUrl: string | undefined, dataDir: string) {
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const now = Date.now();
  const random = rng(7);
  const product = await benchProduct(db, now, 'Wireless earbuds KQ-13');
  const config = loadConfig({ ...process.env, SECRET: 'bench-secret-0123456789abcdef0123456789' });
  const payHash = await hashPassword(PAY_PASSWORD, config.argon2);
  const sessions = new Sessions(
    db,
    { now: () => Date.now() },
    { idleMs: 7 * 86_400_000, maxMs: 30 * 86_400_000 },
  );
  const merchants: Array<{ id: number; listing: number; token: string | null }> = [];
  for (let m = 0; m < MERCHANTS; m++) {
    await db.transaction().execute(async (tx) => {
      const id = await benchMerchant(tx, '91', m, now);
      await tx.updateTable('merchants').set({ pay_password_hash: payHash }).where('id', '=', id).execute();
      const { id: listing } = await tx
        .insertInto('listings')
        .values({ merchant_id: id, product_id: product, status: 'selling', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      merchants.push({
        id,
        listing,
        token: m < 2 ? await sessions.open({ type: 'merchant', id }, tx) : null,
      });
    });
  }
  // The pick merchant's wallet: one top-up journal, enough for every order it will pick.
  const picker = merchants[1] as (typeof merchants)[number];
  await db.transaction().execute((tx) =>
    post(tx, {
      type: 'recharge',
      merchantId: picker.id,
      at: now,
      postings: [
        { account: { platform: 'deposit_clearing' }, amount: -PICKABLE * 1_000 * 2 },
        { account: { merchantId: picker.id, kind: 'wallet' }, amount: PICKABLE * 1_000 * 2 },
      ],
    }),
  );

  // Who holds each order: the big merchant BIG, the picker PICKABLE (all awaiting pickup), the
  // rest spread over the others.
  const owners: Array<{ merchant: (typeof merchants)[number]; count: number; pickable: boolean }> = [
    { merchant: merchants[0] as (typeof merchants)[number], count: BIG, pickable: false },
    { merchant: picker, count: PICKABLE, pickable: true },
  ];
  const rest = ORDERS - BIG - PICKABLE;
  const others = merchants.slice(2);
  for (const [i, merchant] of others.entries())
    owners.push({
      merchant,
      count: Math.floor(rest / others.length) + (i < rest % others.length ? 1 : 0),
      pickable: false,
    });

  const ROWS = 500;
  let serial = 0;
  const day = 86_400_000;
  for (const owner of owners) {
    for (let done = 0; done < owner.count; ) {
      await db.transaction().execute(async (tx) => {
        for (let chunk = 0; chunk < 10 && done < owner.count; chunk++) {
          const n = Math.min(ROWS, owner.count - done);
          const rows = Array.from({ length: n }, () => {
            serial++;
            const { status, settlement } = owner.pickable
              ? { status: 5, settlement: 0 }
              : orderStatusOf(random());
            const quantity = 1 + Math.floor(random() * 3);
            const created = now - Math.floor((1 - serial / ORDERS) * 365 * day);
            const paid = status === 0 || (status === -1 && random() < 0.5) ? null : created + 60_000;
            return benchOrderRow({
              orderNo: `B${String(serial).padStart(12, '0')}`,
              serial,
              merchantId: owner.merchant.id,
              listingId: owner.merchant.listing,
              productId: product,
              quantity,
              status,
              settlement,
              created,
              paid,
              picked: PICKED_STATUSES.includes(status) ? created + 3_600_000 : null,
            });
          });
          await tx.insertInto('orders').values(rows).execute();
          done += n;
        }
      });
    }
  }
  // Statistics and, on PostgreSQL, the visibility map, as autovacuum keeps them for a table that
  // grew over months: without it an index-only scan (the list's ids, the capped counts) still
  // visits every heap page of rows just bulk-inserted.
  await sql.raw(databaseUrl ? 'vacuum analyze' : 'analyze').execute(db);
  const pickIds = await db
    .selectFrom('orders')
    .select('id')
    .where('merchant_id', '=', picker.id)
    .where('status', '=', 5)
    .orderBy('id')
    .execute();
  await database.close();
  return {
    tokens: merchants.slice(0, 2).map((m) => m.token as string),
    pickerId: picker.id,
    pickIds: pickIds.map((r) => r.id),
  };
}

/**
 * docs/design.md's budget row, "pick transaction, embedded DB, one client": the same OrdersService.pick the
 * route calls (order read, payment password, the money transaction with its journal), one after
 * another from this process for BENCH_SECONDS, without HTTP. The server is idle meanwhile.
 */
async function pickThroughService(
  place: { databaseUrl: string | undefined; dataDir: string },
  merchantId: number,
  nextId: () => number,
) {
  const database = openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
  const payPasswords = new PayPasswords({
    db: database.db,
    clock: systemClock,
    argon2: loadConfig({ ...process.env, SECRET: 'bench-secret-0123456789abcdef0123456789' }).argon2,
  });
  const orders = new OrdersService({ db: database.db, clock: systemClock, payPasswords });
  const times: number[] = [];
  let failures = 0;
  const start = performance.now();
  const end = start + DURATION * 1000;
  try {
    // Until the time is up or the orders awaiting pickup run out (a refusal: the order was picked).
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await orders.pick(merchantId, { id: nextId(), pay_password: PAY_PASSWORD }, null);
      } catch {
        failures++;
        break;
      }
      times.push(performance.now() - t0);
    }
  } finally {
    await database.close();
  }
  return timingsRow('pick: service, no HTTP, 1 client', times, (performance.now() - start) / 1000, failures);
}

/** One row of the table from a list of timings (ms) over `seconds`. */
function timingsRow(route: string, times: number[], seconds: number, failures: number) {
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(3));
  return {
    route,
    'req/s': Math.round(times.length / seconds),
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
    'RSS MiB (peak)': '-',
    'RSS MiB (after)': '-',
    requests: times.length,
    errors: failures,
    'not code 1': 0,
  } as unknown as Awaited<ReturnType<typeof measure>>;
}

/**
 * The ledger's share of the money transactions (issue 23: "appending stays fast"), without HTTP or
 * the payment password's Argon2 hash, one after another for BENCH_SECONDS each:
 * - the pick's journal alone: one transaction posting wallet → supplier_payable, as pickupJournal does;
 * - a top-up approval through RechargeService.decide, as the console's approve calls it (the decision,
 *   its journal, the audit entry and the notice), on top-ups written pending beforehand.
 * Run on the tree before the hash chain and after it to read what hashing costs.
 */
async function ledgerThroughServices(
  place: { databaseUrl: string | undefined; dataDir: string },
  merchantId: number,
) {
  const database = openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
  const rows: Array<Awaited<ReturnType<typeof measure>>> = [];
  try {
    const { db } = database;
    let times: number[] = [];
    let start = performance.now();
    while (performance.now() < start + DURATION * 1000) {
      const t0 = performance.now();
      await db.transaction().execute((tx) =>
        post(tx, {
          type: 'order_pickup',
          merchantId,
          ref: { type: 'order', id: 1 },
          at: Date.now(),
          postings: [
            { account: { merchantId, kind: 'wallet' }, amount: -1 },
            { account: { platform: 'supplier_payable' }, amount: 1 },
          ],
        }),
      );
      times.push(performance.now() - t0);
    }
    rows.push(
      timingsRow('pick journal: post() in its transaction', times, (performance.now() - start) / 1000, 0),
    );

    const config = loadConfig({ ...process.env, SECRET: 'bench-secret-0123456789abcdef0123456789' });
    const now = Date.now();
    const operatorId = await createOperator(
      db,
      { username: `bench_${randomUUID().slice(0, 8)}`, password: 'Operator#1', role: 'reviewer' },
      config.argon2,
      now,
    );
    const pending: number[] = [];
    for (let i = 0; i < 20_000; i += 500) {
      const ids = await db
        .insertInto('recharges')
        .values(
          Array.from({ length: 500 }, () => ({
            merchant_id: merchantId,
            method: 'manual' as const,
            network: null,
            address: null,
            amount: 10_000,
            voucher: null,
            status: 'pending' as const,
            reason: null,
            journal_id: null,
            created_at: now,
            resolved_at: null,
            resolved_by: null,
          })),
        )
        .returning('id')
        .execute();
      pending.push(...ids.map((r) => r.id));
    }
    const recharges = new RechargeService({ db, clock: systemClock });
    const op = { id: operatorId, role: 'reviewer', sessionId: 0 };
    times = [];
    let failures = 0;
    start = performance.now();
    for (const id of pending) {
      if (performance.now() >= start + DURATION * 1000) break;
      const t0 = performance.now();
      try {
        await recharges.decide(op, id, { approve: true }, null, (ref) => ref);
      } catch (error) {
        failures++;
        if (failures === 1) console.error('top-up approval failed:', error);
        break;
      }
      times.push(performance.now() - t0);
    }
    rows.push(
      timingsRow('top-up approval: service, no HTTP', times, (performance.now() - start) / 1000, failures),
    );
  } finally {
    await database.close();
  }
  return rows;
}

async function benchEngine(engine: Engine) {
  const place = await freshDatabase(engine, 'orders');
  try {
    const t0 = Date.now();
    const { tokens, pickerId, pickIds } = await fill(place.databaseUrl, place.dataDir);
    const fillSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    const servers = await startServers(place.dataDir, place.databaseUrl, 18_095);
    const { api, server } = servers;
    try {
      const [big, picker] = tokens as [string, string];
      const skipped = { 'req/s': 0 } as Awaited<ReturnType<typeof measure>>;
      const run = async (name: string, pid: number | undefined, target: Target, connections = CONNECTIONS) =>
        name.includes(ONLY) ? measure(name, pid, target, { connections, seconds: DURATION }) : skipped;
      const get = (url: string) => ({ url: `${api}${url}`, headers: { token: big } });
      const rows: Array<Awaited<ReturnType<typeof measure>>> = [];
      rows.push(await run('bare Fastify GET', servers.bare.pid, { url: servers.bareUrl }));
      rows.push(await run('list: page 1', server.pid, get('/merchant/order/list?page=1&limit=20')));
      rows.push(await run('list: page 500', server.pid, get('/merchant/order/list?page=500&limit=20')));
      rows.push(
        await run('list: status 5, page 1', server.pid, get('/merchant/order/list?status=5&page=1&limit=10')),
      );
      rows.push(
        await run(
          'list: status 4, page 500',
          server.pid,
          get('/merchant/order/list?status=4&page=500&limit=20'),
        ),
      );
      rows.push(
        await run('orderCount', server.pid, {
          url: `${api}/merchant/order/orderCount`,
          method: 'POST',
          headers: { token: big, 'content-type': 'application/json' },
          body: () => '{}',
        }),
      );
      // Pickups: each request names the next order awaiting pickup, with a new Idempotency-Key.
      let next = 0;
      const pickTarget = (batch: boolean): Target => ({
        url: `${api}/merchant/order/${batch ? 'pick_batch' : 'pick'}`,
        method: 'POST',
        headers: { token: picker, 'content-type': 'application/json' },
        headersFor: () => ({ 'idempotency-key': randomUUID() }),
        body: () => {
          if (!batch)
            return JSON.stringify({ id: pickIds[next++ % pickIds.length], pay_password: PAY_PASSWORD });
          const ids = Array.from({ length: BATCH_SIZE }, () => pickIds[next++ % pickIds.length]);
          return JSON.stringify({ ids, pay_password: PAY_PASSWORD });
        },
      });
      // Two connections: the server hashes one password while the other request's transaction runs.
      rows.push(await run('pick (one order)', server.pid, pickTarget(false), PICK_CONNECTIONS));
      if ('pick: service'.includes(ONLY)) {
        const service = await pickThroughService(
          place,
          pickerId,
          () => pickIds[next++ % pickIds.length] as number,
        );
        rows.push(service);
      }
      if ('ledger'.includes(ONLY)) rows.push(...(await ledgerThroughServices(place, pickerId)));
      const batch = await run(
        `pick_batch (${BATCH_SIZE} orders)`,
        server.pid,
        pickTarget(true),
        PICK_CONNECTIONS,
      );
      rows.push(batch);
      console.log(
        `\nbench:orders — ${engine}, ${ORDERS.toLocaleString('en')} orders, ${MERCHANTS.toLocaleString('en')} merchants (one with ${BIG.toLocaleString('en')}), filled in ${fillSeconds} s; ${os.cpus().length} cores, ${CONNECTIONS} connection(s) for reads, ${DURATION}s each`,
      );
      console.table(rows.filter((row) => row !== skipped));
      console.log(
        `pick_batch picks ${(batch['req/s'] * BATCH_SIZE).toLocaleString('en')} orders/s (${next.toLocaleString('en')} pickups asked of ${pickIds.length.toLocaleString('en')} awaiting).`,
      );
    } finally {
      await servers.stop();
    }
  } finally {
    await place.drop();
  }
}

for (const engine of ENGINES) await benchEngine(engine);
