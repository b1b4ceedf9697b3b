/**
 * `npm run bench:statement`: a merchant's statement of 100,000 journals and 10,000 orders
 * (BENCH_JOURNALS, BENCH_ORDERS), rendered from generators to /dev/null as CSV (vi) and as PDF (vi,
 * then zh-CN for the CJK font), one after the other in this process. No database: the rows are made
 * as the renderer asks for them, as the statement service's pages of a cursor would be. Prints, per
 * file: time, bytes, rows per second, and the process's peak RSS and heap used (sampled every 50 ms)
 * against what they were before that file began.
 *
 * Then the same from a database, end to end: a merchant given BENCH_JOURNALS journals through the
 * ledger's post() (hashed and chained as in production, in transactions of 5,000), and its year's
 * statement produced by the StatementService as the route does (JSON, CSV, PDF), read a page at a
 * time as the file is written. BENCH_ENGINES=sqlite (default) or sqlite,postgres.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Lang } from '@dropdesk/contract/constants';
import { JOURNAL_TYPES } from '@dropdesk/contract/ledger';
import { type Engine, openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { post } from '../src/modules/ledger/ledger';
import {
  renderCsv,
  renderPdf,
  type StatementHeader,
  type StatementJournal,
  type StatementOrder,
} from '../src/modules/statements';
import { StatementService } from '../src/modules/statements/statement.service';
import { benchMerchant, freshDatabase } from './support';

const JOURNALS = Number(process.env.BENCH_JOURNALS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const FROM = Date.UTC(2025, 11, 31, 17);
const TO = Date.UTC(2026, 11, 31, 17);
const MiB = 2 ** 20;

const SHOPS: Partial<Record<Lang, string>> = { vi: 'Cửa hàng Mặt Trời Đỏ', 'zh-CN': '阳光小店' };

function headerOf(lang: Lang): StatementHeader {
  return {
    lang,
    timeZone: 'Asia/Ho_Chi_Minh',
    currency: 'USDT',
    merchant: { id: 4242, shopName: SHOPS[lang] ?? 'Sunny Corner', email: 'owner@example.com' },
    from: FROM,
    to: TO,
    generatedAt: TO + 60_000,
    opening: 1_234_500,
    closing: 9_876_500,
    moneyIn: 123_456_700,
    moneyOut: 114_814_700,
    heads: [
      { account: 'wallet:4242', seq: JOURNALS, hash: 'ab'.repeat(32) },
      { account: 'withdraw_hold:4242', seq: 812, hash: 'cd'.repeat(32) },
    ],
    checkpoint: { id: 365, at: TO + 3_600_000, root: 'ef'.repeat(32), fingerprint: '0123456789abcdef' },
  };
}

async function* journals(): AsyncGenerator<StatementJournal> {
  let balance = 1_234_500;
  const step = Math.floor((TO - FROM) / JOURNALS);
  for (let i = 0; i < JOURNALS; i++) {
    const amount = (i % 3 === 0 ? -1 : 1) * (100 + ((i * 7_919) % 250_000));
    balance += amount;
    yield {
      at: FROM + i * step,
      journalId: 10_000 + i,
      seq: i + 1,
      account: i % 50 === 0 ? 'withdraw_hold:4242' : 'wallet:4242',
      type: JOURNAL_TYPES[i % JOURNAL_TYPES.length]!,
      billType: 'order',
      amount,
      balanceAfter: balance,
      reason: i % 1_000 === 0 ? 'Điều chỉnh phí vận chuyển theo yêu cầu hỗ trợ, phiếu 2291' : null,
      ref: i % 2 ? `DD${2026_0000_0000 + i}` : null,
      hash: createHash('sha256').update(String(i)).digest('hex'),
    };
  }
}

async function* orders(): AsyncGenerator<StatementOrder> {
  const statuses = ['completed', 'received', 'shipped', 'cancelled'];
  for (let i = 0; i < ORDERS; i++) {
    yield {
      orderNo: `DD${2026_0000_0000 + i}`,
      createdAt: FROM + i * 3_000_000,
      status: statuses[i % statuses.length]!,
      paid: 10_000 + i,
      cost: 7_000,
      refunded: i % 10 ? 0 : 1_000,
      settled: i % 10 ? 3_000 + i : 2_000 + i,
      profit: i % 10 ? 3_000 + i : 2_000 + i,
    };
  }
}

async function run(name: string, render: () => Readable) {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  const started = performance.now();
  await pipeline(render(), counter, createWriteStream('/dev/null'));
  const ms = performance.now() - started;
  clearInterval(sampler);
  return {
    file: name,
    seconds: Number((ms / 1000).toFixed(2)),
    MiB: Number((bytes / MiB).toFixed(1)),
    'journals/s': Math.round(JOURNALS / (ms / 1000)),
    'RSS MiB (before)': Math.round(before.rss / MiB),
    'RSS MiB (peak)': Math.round(peakRss / MiB),
    'heap MiB (before)': Math.round(before.heapUsed / MiB),
    'heap MiB (peak)': Math.round(peakHeap / MiB),
  };
}

const rows = [
  await run('CSV vi', () => renderCsv(headerOf('vi'), journals(), orders())),
  await run('PDF vi', () => renderPdf(headerOf('vi'), journals(), orders())),
  await run('PDF zh-CN', () => renderPdf(headerOf('zh-CN'), journals(), orders())),
];
console.log(
  `bench:statement — ${JOURNALS.toLocaleString('en')} journals and ${ORDERS.toLocaleString('en')} orders from generators to /dev/null; ${os.cpus().length} cores, Node ${process.version}`,
);
console.table(rows);

/** A merchant with JOURNALS journals on its wallet in 2026, through post(): top-ups and fees. */
async function filled(engine: Engine) {
  const place = await freshDatabase(engine, 'statement');
  const database = openDatabase({ databaseUrl: place.databaseUrl, dataDir: place.dataDir });
  await migrateToLatest(database);
  const { db } = database;
  const start = Date.UTC(2026, 0, 1, 3);
  const step = Math.floor((Date.UTC(2026, 11, 30) - start) / JOURNALS);
  const merchantId = await db.transaction().execute((tx) => benchMerchant(tx, '77', 1, start));
  const t0 = performance.now();
  for (let i = 0; i < JOURNALS; i += 5_000) {
    await db.transaction().execute(async (tx) => {
      for (let k = i; k < Math.min(i + 5_000, JOURNALS); k++) {
        const credit = k % 3 !== 2;
        // Fees are small, so the wallet never runs short.
        const amount = credit ? 100 + ((k * 7_919) % 25_000) : 1 + (k % 50);
        await post(tx, {
          type: credit ? 'recharge' : 'fee',
          merchantId,
          ref: credit ? { type: 'recharge', id: k + 1 } : null,
          at: start + k * step,
          postings: [
            { account: { merchantId, kind: 'wallet' }, amount: credit ? amount : -amount },
            {
              account: { platform: credit ? 'deposit_clearing' : 'revenue' },
              amount: credit ? -amount : amount,
            },
          ],
        });
      }
    });
  }
  const fillSeconds = ((performance.now() - t0) / 1000).toFixed(1);
  return { place, database, merchantId, fillSeconds };
}

for (const engine of (process.env.BENCH_ENGINES ?? 'sqlite').split(',') as Engine[]) {
  const { place, database, merchantId, fillSeconds } = await filled(engine);
  try {
    const service = new StatementService({ db: database.db, clock: systemClock, currency: 'USD' });
    const produce = (format: 'json' | 'csv' | 'pdf') => async () =>
      (await service.produce({ merchantId, from: '2026-01-01', to: '2026-12-31', format, lang: 'vi' }))
        .body as Readable;
    const e2e = [];
    for (const format of ['json', 'csv', 'pdf'] as const) {
      const make = await produce(format)();
      e2e.push(await run(`${format.toUpperCase()} from ${engine}`, () => make));
    }
    console.log(
      `\nbench:statement — end to end on ${engine}: ${JOURNALS.toLocaleString('en')} journals posted through post() in ${fillSeconds} s, then the year's statement by the StatementService (setup before each file not timed: the merchant, the chain edges, the checkpoint)`,
    );
    console.table(e2e);
  } finally {
    await database.close();
    await place.drop();
  }
}
