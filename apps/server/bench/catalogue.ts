import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lang } from '@dropdesk/contract/constants';
import { foldText } from '@dropdesk/contract/fold';
import { sql } from 'kysely';
import { type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { Sessions } from '../src/modules/sessions/sessions';
import { benchMerchant, freshDatabase, measure, rng, startServers, type Target } from './support';

/**
 * npm run bench:catalogue — the catalogue at scale: 100,000 products (titles in en and vi, a third
 * also in zh-CN) in 60 categories, 1,000 merchants with 100 listings each, on each engine. The real
 * server (dist/main.js, production log level) answers catalogue search by keyword (a broad word, a
 * model number, a CJK word) and by category, product management's list, and add; beside a bare
 * Fastify route in the same run. Prints req/s, p50 and p99 through HTTP and the server's memory.
 *
 * BENCH_ENGINES=sqlite (or postgres) runs one; BENCH_PRODUCTS, BENCH_MERCHANTS scale the data;
 * BENCH_SECONDS (default 5) is the time per row.
 */
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as Engine[];
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 1_000);
const LISTINGS_EACH = 100;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

// ------------------------------------------------------------------------------------ the data

const WORDS: Array<Record<'en' | 'vi' | 'zh-CN', string>> = [
  { en: 'Wireless', vi: 'Không dây', 'zh-CN': '无线' },
  { en: 'Portable', vi: 'Di động', 'zh-CN': '便携' },
  { en: 'Smart', vi: 'Thông minh', 'zh-CN': '智能' },
  { en: 'Waterproof', vi: 'Chống nước', 'zh-CN': '防水' },
  { en: 'Leather', vi: 'Da thật', 'zh-CN': '真皮' },
  { en: 'Cotton', vi: 'Vải bông', 'zh-CN': '纯棉' },
  { en: 'Stainless', vi: 'Inox', 'zh-CN': '不锈钢' },
  { en: 'Mini', vi: 'Nhỏ gọn', 'zh-CN': '迷你' },
  { en: 'Classic', vi: 'Cổ điển', 'zh-CN': '经典' },
  { en: 'Sport', vi: 'Thể thao', 'zh-CN': '运动' },
];
const NOUNS: Array<Record<'en' | 'vi' | 'zh-CN', string>> = [
  { en: 'earbuds', vi: 'tai nghe', 'zh-CN': '蓝牙耳机' },
  { en: 'speaker', vi: 'loa', 'zh-CN': '音箱' },
  { en: 'watch', vi: 'đồng hồ', 'zh-CN': '手表' },
  { en: 'backpack', vi: 'ba lô', 'zh-CN': '双肩包' },
  { en: 'wallet', vi: 'ví', 'zh-CN': '钱包' },
  { en: 'T-shirt', vi: 'áo thun', 'zh-CN': 'T恤' },
  { en: 'water bottle', vi: 'bình nước', 'zh-CN': '保温杯' },
  { en: 'desk lamp', vi: 'đèn bàn', 'zh-CN': '台灯' },
  { en: 'phone case', vi: 'ốp điện thoại', 'zh-CN': '手机壳' },
  { en: 'running shoes', vi: 'giày chạy bộ', 'zh-CN': '跑步鞋' },
  { en: 'power bank', vi: 'sạc dự phòng', 'zh-CN': '充电宝' },
  { en: 'keyboard', vi: 'bàn phím', 'zh-CN': '键盘' },
];

async function fill(databaseUrl: string | undefined, dataDir: string) {
  const database = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const now = Date.now();
  const random = rng(42);
  // 10 parents with 5 children each.
  const children: number[] = [];
  const parentOf = new Map<number, number>();
  const placed = (category: number) => ({
    category_id: category,
    top_category_id: parentOf.get(category) as number,
  });
  let firstParent = 0;
  for (let p = 0; p < 10; p++) {
    const { id: parent } = await db
      .insertInto('categories')
      .values({ parent_id: null, main_lang: 'en', sort: p, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    firstParent ||= parent;
    await db
      .insertInto('category_names')
      .values({ category_id: parent, lang: 'en', name: `Group ${p}` })
      .execute();
    for (let c = 0; c < 5; c++) {
      const { id } = await db
        .insertInto('categories')
        .values({ parent_id: parent, main_lang: 'en', sort: c, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('category_names')
        .values({ category_id: id, lang: 'en', name: `Group ${p}.${c}` })
        .execute();
      children.push(id);
      parentOf.set(id, parent);
    }
  }
  const BATCH = 1_000;
  for (let start = 0; start < PRODUCTS; start += BATCH) {
    await db.transaction().execute(async (tx) => {
      const rows = Array.from({ length: Math.min(BATCH, PRODUCTS - start) }, () => ({
        ...placed(children[Math.floor(random() * children.length)] as number),
        main_lang: 'en' as Lang,
        cost: 100 + Math.floor(random() * 50_000),
        stock: Math.floor(random() * 500),
        hot: random() < 0.02 ? 1 : 0,
        active: random() < 0.97 ? 1 : 0,
        created_at: now,
        updated_at: now,
      }));
      const ids = await tx.insertInto('products').values(rows).returning('id').execute();
      const texts = ids.flatMap(({ id }, i) => {
        const w = WORDS[Math.floor(random() * WORDS.length)]!;
        const n = NOUNS[Math.floor(random() * NOUNS.length)]!;
        const model = `${String.fromCharCode(65 + ((start + i) % 26))}${String.fromCharCode(65 + (Math.floor((start + i) / 26) % 26))}-${((start + i) * 7_919) % 100_000}`;
        const langs: Array<'en' | 'vi' | 'zh-CN'> =
          (start + i) % 3 === 0 ? ['en', 'vi', 'zh-CN'] : ['en', 'vi'];
        return langs.map((lang) => {
          const title = lang === 'zh-CN' ? `${w[lang]}${n[lang]} ${model}` : `${w[lang]} ${n[lang]} ${model}`;
          return { product_id: id, lang, title, title_fold: foldText(title), description: '' };
        });
      });
      await tx.insertInto('product_texts').values(texts).execute();
    });
  }
  // Merchants, each with LISTINGS_EACH listings and room to add more, and a session.
  const sessions = new Sessions(
    db,
    { now: () => Date.now() },
    { idleMs: 7 * 86_400_000, maxMs: 30 * 86_400_000 },
  );
  const tokens: string[] = [];
  const ids = await db.selectFrom('products').select('id').where('active', '=', 1).execute();
  for (let m = 0; m < MERCHANTS; m++) {
    await db.transaction().execute(async (tx) => {
      const id = await benchMerchant(tx, '90', m, now);
      const picked = new Set<number>();
      while (picked.size < LISTINGS_EACH) picked.add(ids[Math.floor(random() * ids.length)]!.id);
      await tx
        .insertInto('listings')
        .values(
          [...picked].map((product_id, i) => ({
            merchant_id: id,
            product_id,
            status: i % 4 === 0 ? ('warehouse' as const) : ('selling' as const),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await tx
        .updateTable('merchant_levels')
        .set({ quota: 1_000_000, listings_used: LISTINGS_EACH })
        .where('merchant_id', '=', id)
        .execute();
      if (m < 10) tokens.push(await sessions.open({ type: 'merchant', id }, tx));
    });
  }
  // Fresh statistics, as autovacuum would have them on a catalogue that grew over time.
  await sql`analyze`.execute(db);
  await database.close();
  return { tokens, firstParent };
}

// ------------------------------------------------------------------------------------ measuring

async function benchEngine(engine: Engine) {
  const place = await freshDatabase(engine, 'catalogue');
  try {
    const t0 = Date.now();
    const { tokens, firstParent } = await fill(place.databaseUrl, place.dataDir);
    const fillSeconds = ((Date.now() - t0) / 1000).toFixed(1);
    if (process.env.BENCH_FILL_ONLY) return;
    const servers = await startServers(place.dataDir, place.databaseUrl, 18_090);
    const { api, server } = servers;
    try {
      const token = tokens[0] as string;
      const get = (url: string) => ({ url: `${api}${url}`, headers: { token } });
      const run = (name: string, pid: number | undefined, target: Target) =>
        measure(name, pid, target, { connections: CONNECTIONS, seconds: DURATION });
      // Each add names the next products of the catalogue, so most are really added.
      let next = 1;
      const rows = [];
      rows.push(await run('bare Fastify GET', servers.bare.pid, { url: servers.bareUrl }));
      rows.push(
        await run('search: broad word (en)', server.pid, get('/merchant/product/product?keyword=wireless')),
      );
      rows.push(
        await run('search: model number', server.pid, get('/merchant/product/product?keyword=KQ-13')),
      );
      rows.push(
        await run('search: CJK word (zh-CN)', server.pid, {
          ...get(`/merchant/product/product?keyword=${encodeURIComponent('蓝牙耳机')}`),
          headers: { token, lang: 'zh-CN' },
        }),
      );
      rows.push(
        await run(
          'search: category',
          server.pid,
          get(`/merchant/product/product?category_id=${firstParent}`),
        ),
      );
      rows.push(
        await run(
          'search: category, by price',
          server.pid,
          get(`/merchant/product/product?category_id=${firstParent}&sort=price`),
        ),
      );
      rows.push(await run('manage: all, page 1', server.pid, get('/merchant/product/manage')));
      rows.push(await run('manage: keyword', server.pid, get('/merchant/product/manage?keyword=wireless')));
      rows.push(
        await run('add: one product', server.pid, {
          url: `${api}/merchant/product/add`,
          method: 'POST',
          headers: { token, 'content-type': 'application/json' },
          body: () => JSON.stringify({ product_ids: [next++] }),
        }),
      );
      console.log(
        `\nbench:catalogue — ${engine}, ${PRODUCTS.toLocaleString('en')} products, ${MERCHANTS.toLocaleString('en')} merchants × ${LISTINGS_EACH} listings (filled in ${fillSeconds} s), ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION}s each`,
      );
      console.table(rows);
      if (engine === 'sqlite') {
        const size = fs.statSync(path.join(place.dataDir, 'dropdesk.sqlite')).size;
        console.log(`SQLite file: ${(size / 2 ** 20).toFixed(0)} MiB`);
      }
    } finally {
      await servers.stop();
    }
  } finally {
    await place.drop();
  }
}

for (const engine of ENGINES) await benchEngine(engine);
