import os from 'node:os';
import { sql } from 'kysely';
import { type Db, type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { addDays, dayKey, localDay } from '../src/lib/zoned';
import { checkStats, rebuildStats } from '../src/modules/dashboard/stats.check';
import { Sessions } from '../src/modules/sessions/sessions';
import {
  benchMerchant,
  benchOrderRow,
  benchProduct,
  freshDatabase,
  type MeasuredRow,
  measure,
  orderStatusOf,
  PICKED_STATUSES,
  rng,
  startServers,
  type Target,
} from './support';

/**
 * npm run bench:home — the Home dashboard of a big shop, on each engine: one merchant with
 * 1,000,000 orders paid over two years (the status mix of a shop that has sold for a while, some
 * refunded in part or whole, some picked up late, some rated), a few hundred visitors a day, a few
 * thousand followers. The orders and events are written straight into the tables (a bench database,
 * thrown away), then the rollups are filled by `stats:rebuild` (its time is printed, and
 * `stats:check`'s). The real server (dist/main.js, production settings) answers `index/index` and
 * `index/echart` (today, seven, thirty) and the order list of today's sold orders, beside a bare
 * Fastify route in the same run: req/s, p50 and p99 through HTTP, and the server's memory.
 *
 * BENCH_ENGINES=sqlite (or postgres), BENCH_ORDERS (1,000,000), BENCH_DAYS (730), BENCH_VISITORS
 * (visitors a day, 300), BENCH_SECONDS (5), BENCH_CONNECTIONS (1: what one merchant waits for),
 * BENCH_KEEP.
 */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 730);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 300);
const FOLLOWERS = 3_000;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const ZONE = 'Asia/Ho_Chi_Minh';
const DAY = 86_400_000;
const HOUR = 3_600_000;

async function inChunks<T>(db: Db, rows: T[], write: (tx: Db, chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size * 10) {
    await db.transaction().execute(async (tx) => {
      for (let j = i; j < Math.min(rows.length, i + size * 10); j += size)
        await write(tx, rows.slice(j, j + size));
    });
  }
}

async function fill(databaseUrl: string | undefined, dataDir: string) {
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const now = Date.now();
  const random = rng(12);
  const product = await benchProduct(db, now);
  const sessions = new Sessions(db, { now: () => Date.now() }, { idleMs: 7 * DAY, maxMs: 30 * DAY });
  const { merchant, listing, token } = await db.transaction().execute(async (tx) => {
    const id = await benchMerchant(tx, '93', 0, now);
    const { id: listing } = await tx
      .insertInto('listings')
      .values({ merchant_id: id, product_id: product, status: 'selling', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { merchant: id, listing, token: await sessions.open({ type: 'merchant', id }, tx) };
  });

  // Buyers: the followers, and a few of them the buyers of refunded orders.
  const buyers = Array.from({ length: FOLLOWERS }, (_, i) => ({
    email: `home-buyer-${i}@example.com`,
    lang: 'vi' as const,
    created_at: now,
    updated_at: now,
  }));
  await inChunks(db, buyers, (tx, chunk) => tx.insertInto('buyers').values(chunk).execute());
  const buyerIds = (await db.selectFrom('buyers').select('id').orderBy('id').execute()).map((b) => b.id);
  await inChunks(
    db,
    buyerIds.map((id) => ({ merchant_id: merchant, buyer_id: id, created_at: now })),
    (tx, chunk) => tx.insertInto('shop_follows').values(chunk).execute(),
  );

  // The orders, oldest first, paid evenly over DAYS days up to now (today has its share).
  let written = 0;
  const refunds: Array<{ serial: number; amount: number; lost: boolean; at: number }> = [];
  for (let serial = 0; serial < ORDERS; ) {
    const rows = [];
    for (let k = 0; k < 5_000 && serial < ORDERS; k++, serial++) {
      const { status, settlement } = orderStatusOf(random());
      const quantity = 1 + Math.floor(random() * 3);
      const created = now - Math.floor((1 - serial / ORDERS) * DAYS * DAY) - 60_000;
      const paid = status === 0 || (status === -1 && random() < 0.5) ? null : created + 60_000;
      const picked = PICKED_STATUSES.includes(status) ? created + (random() < 0.03 ? 49 * HOUR : HOUR) : null;
      const total = 1_150 * quantity;
      // A few refunded in part (after delivery) and a paid cancellation refunded in full.
      let refunded = 0;
      if (status === -1 && paid !== null) refunded = total;
      else if ((status === 3 || status === 4) && random() < 0.02) {
        refunded = 100 * quantity;
        refunds.push({ serial, amount: refunded, lost: random() < 0.2, at: created + 2 * DAY });
      }
      const rated = (status === 3 || status === 4) && random() < 0.3;
      rows.push({
        ...benchOrderRow({
          orderNo: `H${String(serial).padStart(12, '0')}`,
          serial,
          merchantId: merchant,
          listingId: listing,
          productId: product,
          quantity,
          status,
          settlement,
          created,
          paid,
          picked,
        }),
        refunded,
        settled_amount: status === 4 ? total - refunded : 0,
        rating_stars: rated ? 1 + Math.floor(random() * 5) : null,
        rating_comment: rated ? 'Good' : null,
        rated_at: rated ? created + 5 * DAY : null,
        cancelled_at: status === -1 ? created + 2 * HOUR : null,
      });
    }
    await inChunks(db, rows, (tx, chunk) => tx.insertInto('orders').values(chunk).execute());
    written += rows.length;
    if (written % 200_000 === 0) console.log(`  ${written.toLocaleString('en')} orders written`);
  }
  // Their refunds (one per refunded order), some lost on appeal.
  const orderIds = new Map<string, number>();
  for (let i = 0; i < refunds.length; i += 1_000) {
    const numbers = refunds.slice(i, i + 1_000).map((r) => `H${String(r.serial).padStart(12, '0')}`);
    for (const o of await db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('order_no', 'in', numbers)
      .execute())
      orderIds.set(o.order_no, o.id);
  }
  await inChunks(
    db,
    refunds.map((r) => ({
      order_id: orderIds.get(`H${String(r.serial).padStart(12, '0')}`)!,
      merchant_id: merchant,
      amount: r.amount,
      reason: 'Scratched',
      goods_received: 1,
      status: r.lost ? ('appeal_refunded' as const) : ('approved' as const),
      reject_reason: r.lost ? 'Used' : null,
      appeal_statement: r.lost ? 'Not used' : null,
      decision_reason: r.lost ? 'Photos checked' : null,
      operator_id: null,
      journal_id: null,
      appealed_at: r.lost ? r.at - HOUR : null,
      resolved_at: r.at,
      created_at: r.at - DAY,
      updated_at: r.at,
    })),
    (tx, chunk) => tx.insertInto('refunds').values(chunk).execute(),
  );

  // Visitors: VISITORS a day (each day's own), over the same DAYS days, today's so far.
  const visits = [];
  for (let d = 0; d <= DAYS; d++) {
    const at0 = now - (DAYS - d) * DAY;
    for (let v = 0; v < VISITORS; v++) {
      const at = at0 - Math.floor(random() * DAY);
      visits.push({ merchant_id: merchant, day: dayKey(localDay(at, ZONE)), visitor: `v${d}-${v}`, at });
    }
  }
  await inChunks(db, visits, (tx, chunk) => tx.insertInto('shop_visits').values(chunk).execute());

  // Statistics and (PostgreSQL) the visibility map, as autovacuum keeps them.
  await sql.raw(databaseUrl ? 'vacuum analyze' : 'analyze').execute(db);
  const rebuilt = await rebuildStats(db);
  const t0 = performance.now();
  const checked = await checkStats(db);
  const checkMs = Math.round(performance.now() - t0);
  if (checked.problems.length)
    throw new Error(`stats:check after the rebuild: ${checked.problems.join('\n')}`);
  await sql.raw(databaseUrl ? 'vacuum analyze' : 'analyze').execute(db);
  await database.close();
  return { token, rebuilt, checkMs, visits: visits.length, refunds: refunds.length };
}

async function benchEngine(engine: Engine) {
  const place = await freshDatabase(engine, 'home');
  try {
    const t0 = Date.now();
    const filled = await fill(place.databaseUrl, place.dataDir);
    const fillSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    const servers = await startServers(place.dataDir, place.databaseUrl, 18_195);
    const { api, server } = servers;
    try {
      const get = (url: string): Target => ({ url: `${api}${url}`, headers: { token: filled.token } });
      const run = (name: string, pid: number | undefined, target: Target) =>
        measure(name, pid, target, { connections: CONNECTIONS, seconds: DURATION });
      const today = dayKey(localDay(Date.now(), ZONE));
      const rows: MeasuredRow[] = [];
      rows.push(await run('bare Fastify GET', servers.bare.pid, { url: servers.bareUrl }));
      rows.push(await run('index/index', server.pid, get('/merchant/index/index')));
      rows.push(await run('index/echart today', server.pid, get('/merchant/index/echart?range=today')));
      rows.push(await run('index/echart seven', server.pid, get('/merchant/index/echart?range=seven')));
      rows.push(await run('index/echart thirty', server.pid, get('/merchant/index/echart?range=thirty')));
      rows.push(await run('index/visits 90 days', server.pid, get('/merchant/index/visits?days=90')));
      rows.push(await run('index/ratings page 1', server.pid, get('/merchant/index/ratings')));
      rows.push(
        await run(
          'order/list sold today',
          server.pid,
          get(`/merchant/order/list?sold=1&paid_day=${today}&page=1&limit=20`),
        ),
      );
      // The lists behind the figures of "all time" (docs/figures.md "Cost"): their sums read
      // every order of the shop, not the rollups; a tap away, not on Home's first paint.
      rows.push(
        await run(
          'order/list sold, all time',
          server.pid,
          get('/merchant/order/list?sold=1&page=1&limit=20'),
        ),
      );
      rows.push(
        await run(
          'order/list paid, all time',
          server.pid,
          get('/merchant/order/list?paid=1&page=1&limit=20'),
        ),
      );
      const r = filled.rebuilt.rows;
      console.log(
        `\nbench:home — ${engine}, one shop: ${ORDERS.toLocaleString('en')} orders over ${DAYS} days, ${filled.visits.toLocaleString('en')} visits, ${FOLLOWERS.toLocaleString('en')} followers, ${filled.refunds.toLocaleString('en')} refunds; filled in ${fillSeconds} s`,
      );
      console.log(
        `stats:rebuild ${(filled.rebuilt.ms / 1000).toFixed(2)} s (${r.shop_stat_slots.toLocaleString('en')} slots, ${r.shop_visit_days} visit days, ${r.shop_credit_slots.toLocaleString('en')} credit slots); stats:check ${(filled.checkMs / 1000).toFixed(2)} s, no difference`,
      );
      console.log(
        `${os.cpus().length} cores, ${CONNECTIONS} connection(s), ${DURATION}s each; target p99 ≤ 10 ms; yesterday is ${dayKey(addDays(localDay(Date.now(), ZONE), -1))} in ${ZONE}`,
      );
      console.table(rows);
    } finally {
      await servers.stop();
    }
  } finally {
    await place.drop();
  }
}

for (const engine of ENGINES) await benchEngine(engine);
