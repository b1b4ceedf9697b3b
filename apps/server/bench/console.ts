import os from 'node:os';
import { foldText } from '@dropdesk/contract/fold';
import { sql } from 'kysely';
import { type Db, type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { levelsRepository } from '../src/modules/catalogue/levels.repository';
import { rebuildStats } from '../src/modules/dashboard/stats.check';
import { Sessions } from '../src/modules/sessions/sessions';
import {
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
 * npm run bench:console — the operator console's lists at platform scale, on each engine: 100,000
 * merchants (shops, levels, wallets) and 200,000 orders spread over them (a few shops sell most),
 * paid over the last 60 days in the status mix of shops that have sold for a while. Everything is
 * written straight into the tables (a bench database, thrown away), the dashboard's rollups filled by
 * `stats:rebuild`. The real server (dist/main.js, production settings) answers, with an admin's
 * session, through HTTP:
 *
 * - `/admin/merchants`: the first page with no filter, a deep page (page 4,000 of 20: 80,000 index
 *   entries skipped), a search by phone, by email and by shop name, and a filter by identity status;
 * - `/admin/orders`: the first page, a deep page, one merchant's, one buyer's (email, and phone), one
 *   order by number;
 * - `/admin/overview` (today and this month in a zone, orders by status, queues, money by account), as
 *   operators read it (the platform-wide sums at most OVERVIEW_MAX_AGE_SECONDS old) and with
 *   `fresh=1` (those sums computed for every request).
 *
 * req/s, p50 and p99, and the server's memory. BENCH_ENGINES=sqlite (or postgres), BENCH_MERCHANTS
 * (100,000), BENCH_ORDERS (200,000), BENCH_SECONDS (5), BENCH_CONNECTIONS (1: what one operator
 * waits for), BENCH_KEEP.
 */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const DAYS = 60;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const TAG = '95';

const phoneOf = (m: number) => `+84${TAG}${String(m).padStart(7, '0')}`;
const emailOf = (m: number) => `console-${m}@bench.dropdesk.local`;

async function inChunks<T>(db: Db, rows: T[], write: (tx: Db, chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size * 20) {
    await db.transaction().execute(async (tx) => {
      for (let j = i; j < Math.min(rows.length, i + size * 20); j += size)
        await write(tx, rows.slice(j, j + size));
    });
  }
}

async function fill(databaseUrl: string | undefined, dataDir: string) {
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const now = Date.now();
  const random = rng(13);
  const product = await benchProduct(db, now, 'Wireless earbuds KQ-13');
  const base = await levelsRepository.base(db);

  // Merchants, as registration writes them (an invitation code, the base level, a shop), a tenth
  // closed and the identities in every state; each with a wallet account.
  const kycStates = [
    'unverified',
    'unverified',
    'pending',
    'verified',
    'verified',
    'verified',
    'rejected',
  ] as const;
  const merchants = Array.from({ length: MERCHANTS }, (_, i) => {
    const m = i + 1;
    return {
      phone: phoneOf(m),
      email: emailOf(m),
      password_hash: 'x',
      pay_password_hash: null,
      pay_locked_until: null,
      real_name: `Bench ${m}`,
      country: 'VN',
      time_zone: 'Asia/Ho_Chi_Minh',
      lang: 'vi' as const,
      status: m % 10 === 0 ? ('closed' as const) : ('active' as const),
      closed_reason: m % 10 === 0 ? 'Bench closure' : null,
      parent_id: null,
      invite_code: `C${m}`,
      kyc_status: kycStates[m % kycStates.length]!,
      id_card_front: null,
      id_card_back: null,
      id_card_hand: null,
      business_license: null,
      created_at: now - (MERCHANTS - m) * 60_000,
      updated_at: now,
    };
  });
  await inChunks(db, merchants, (tx, chunk) => tx.insertInto('merchants').values(chunk).execute());
  const ids = Array.from({ length: MERCHANTS }, (_, i) => i + 1);
  await inChunks(db, ids, (tx, chunk) =>
    tx
      .insertInto('invitation_codes')
      .values(
        chunk.map((m) => ({
          code: `C${m}`,
          merchant_id: m,
          created_by: null,
          max_uses: null,
          revoked_at: null,
          created_at: now,
        })),
      )
      .execute(),
  );
  await inChunks(db, ids, (tx, chunk) =>
    tx
      .insertInto('shops')
      .values(
        chunk.map((m) => ({
          merchant_id: m,
          name: `Shop ${m}`,
          name_fold: foldText(`Shop ${m}`),
          logo: null,
          address: 'Bench Street',
          phone: phoneOf(m),
          banner: null,
          ad_banner: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute(),
  );
  await inChunks(db, ids, (tx, chunk) =>
    tx
      .insertInto('merchant_levels')
      .values(
        chunk.map((m) => ({
          merchant_id: m,
          level_id: base.id,
          margin_bps: base.margin_bps,
          quota: base.quota,
          price_paid: 0,
          bought_at: null,
          updated_at: now,
        })),
      )
      .execute(),
  );
  await inChunks(db, ids, (tx, chunk) =>
    tx
      .insertInto('accounts')
      .values(
        chunk.map((m) => ({ key: `wallet:${m}`, merchant_id: m, kind: 'wallet' as const, created_at: now })),
      )
      .execute(),
  );

  // The orders: a few shops sell most (the square of a uniform draw picks low ids more often).
  for (let serial = 0; serial < ORDERS; ) {
    const rows = [];
    for (let k = 0; k < 10_000 && serial < ORDERS; k++, serial++) {
      const { status, settlement } = orderStatusOf(random());
      const created = now - Math.floor((1 - serial / ORDERS) * DAYS * DAY) - 60_000;
      const paid = status === 0 || status === -1 ? null : created + 60_000;
      rows.push({
        ...benchOrderRow({
          orderNo: `K${String(serial).padStart(12, '0')}`,
          serial,
          merchantId: 1 + Math.floor(random() ** 2 * MERCHANTS),
          listingId: 0,
          productId: product,
          quantity: 1,
          status,
          settlement,
          created,
          paid,
          picked: PICKED_STATUSES.includes(status) ? created + HOUR : null,
        }),
        listing_id: null,
        receiver_phone: `+8491${String(serial % 5_000).padStart(7, '0')}`,
        cancelled_at: status === -1 ? created + 2 * HOUR : null,
      });
    }
    await inChunks(db, rows, (tx, chunk) => tx.insertInto('orders').values(chunk).execute());
  }
  const busiest = await db
    .selectFrom('orders')
    .select(['merchant_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('merchant_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

  const { id: operatorId } = await db
    .insertInto('operators')
    .values({
      username: 'bench-admin',
      password_hash: 'x',
      role: 'admin',
      disabled_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessions = new Sessions(db, { now: () => Date.now() }, { idleMs: 7 * DAY, maxMs: 30 * DAY });
  const token = await sessions.open({ type: 'operator', id: operatorId });

  await sql.raw(databaseUrl ? 'vacuum analyze' : 'analyze').execute(db);
  const rebuilt = await rebuildStats(db);
  await sql.raw(databaseUrl ? 'vacuum analyze' : 'analyze').execute(db);
  const orderNo = `K${String(Math.floor(ORDERS / 3)).padStart(12, '0')}`;
  await database.close();
  return { token, busiest: busiest.merchant_id, orders: Number(busiest.n), rebuilt, orderNo };
}

async function benchEngine(engine: Engine) {
  const place = await freshDatabase(engine, 'console');
  try {
    const t0 = Date.now();
    const filled = await fill(place.databaseUrl, place.dataDir);
    const fillSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    const servers = await startServers(place.dataDir, place.databaseUrl, 18_295);
    const { api, server } = servers;
    try {
      const get = (url: string): Target => ({ url: `${api}${url}`, headers: { token: filled.token } });
      const run = (name: string, url: string) =>
        measure(name, server.pid, get(url), { connections: CONNECTIONS, seconds: DURATION });
      const m = Math.floor(MERCHANTS * 0.54321);
      const deep = Math.floor((MERCHANTS * 0.8) / 20);
      const rows: MeasuredRow[] = [];
      rows.push(
        await measure(
          'bare Fastify GET',
          servers.bare.pid,
          { url: servers.bareUrl },
          { connections: CONNECTIONS, seconds: DURATION },
        ),
      );
      rows.push(await run('merchants page 1', '/admin/merchants'));
      rows.push(await run(`merchants page ${deep}`, `/admin/merchants?page=${deep}`));
      rows.push(await run('merchants by phone', `/admin/merchants?q=${encodeURIComponent(phoneOf(m))}`));
      rows.push(await run('merchants by email', `/admin/merchants?q=${encodeURIComponent(emailOf(m))}`));
      rows.push(await run('merchants by shop name', `/admin/merchants?q=${encodeURIComponent(`Shop ${m}`)}`));
      rows.push(await run('merchants kyc pending', '/admin/merchants?kyc=pending'));
      rows.push(await run('orders page 1', '/admin/orders'));
      rows.push(
        await run(`orders page ${Math.floor(ORDERS / 40)}`, `/admin/orders?page=${Math.floor(ORDERS / 40)}`),
      );
      rows.push(
        await run(`orders of a merchant (${filled.orders})`, `/admin/orders?merchant_id=${filled.busiest}`),
      );
      rows.push(
        await run(
          'orders by buyer email',
          `/admin/orders?buyer=${encodeURIComponent('buyer1234@example.com')}`,
        ),
      );
      rows.push(
        await run('orders by buyer phone', `/admin/orders?buyer=${encodeURIComponent('+84910001234')}`),
      );
      rows.push(await run('orders by number', `/admin/orders?order_no=${filled.orderNo}`));
      rows.push(await run('overview', '/admin/overview?tz=Asia%2FHo_Chi_Minh'));
      // The platform-wide sums computed for every request (what the cache saves an operator).
      rows.push(await run('overview fresh=1', '/admin/overview?tz=Asia%2FHo_Chi_Minh&fresh=1'));
      console.log(
        `\nbench:console — ${engine}: ${MERCHANTS.toLocaleString('en')} merchants, ${ORDERS.toLocaleString('en')} orders over ${DAYS} days (the busiest shop ${filled.orders.toLocaleString('en')}); filled in ${fillSeconds} s, stats:rebuild ${(filled.rebuilt.ms / 1000).toFixed(1)} s`,
      );
      console.log(
        `${os.cpus().length} cores, ${CONNECTIONS} connection(s), ${DURATION}s each; target p99 ≤ 50 ms`,
      );
      console.table(rows);
    } finally {
      await servers.stop();
    }
  } finally {
    await place.drop();
  }
}

const started = Date.now();
for (const engine of ENGINES) await benchEngine(engine);
console.log(`bench:console took ${((Date.now() - started) / 1000).toFixed(0)} s`);
