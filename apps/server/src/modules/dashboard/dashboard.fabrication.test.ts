import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dashboardRoutes as d } from '@dropdesk/contract/dashboard';
import type { RouteDef } from '@dropdesk/contract/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, type Reply } from '../../../test/client';
import { contractRows } from '../../../test/contract-rows';
import { PAY_PASSWORD, ShopHistory } from '../../../test/dashboard';
import { MERCHANT_PASSWORD } from '../../../test/factories';
import { createOperator } from '../admin/operators';
import { checkStats } from './stats.check';

type AnySchema = { _zod: { def: Record<string, any> } };

/** The schema under optional/default/nullable wrappers and transforms (a pipe's input side). */
function unwrap(schema: AnySchema): AnySchema {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch'].includes(def.type))
      s = def.innerType;
    else if (def.type === 'pipe') s = def.in;
    else return s;
  }
}

/** The ids a plausible body names: one of the shop's orders, its refund, the shop itself. */
interface Targets {
  id: number;
}

/** A plausible value for field `key` of `schema`: the ids of `targets`, a password that works, text. */
function sample(key: string, schema: AnySchema, targets: Targets): unknown {
  const s = unwrap(schema);
  const def = s._zod.def;
  switch (def.type) {
    case 'number':
    case 'int':
    case 'bigint':
      if (key === 'stars') return 5;
      if (/status/.test(key)) return 7;
      return targets.id;
    case 'boolean':
      return true;
    case 'literal':
      return def.values[0];
    case 'enum':
      return Object.values(def.entries)[0];
    case 'union':
      return sample(key, def.options[0], targets);
    case 'array':
      return [sample(key, def.element, targets)];
    case 'object':
      return bodyOf(s, targets);
    default:
      break;
  }
  if (/pay_password/.test(key)) return PAY_PASSWORD;
  if (/password/.test(key)) return MERCHANT_PASSWORD;
  if (/amount|price|cost|fee/.test(key)) return '1.00';
  if (/time_zone/.test(key)) return 'UTC';
  if (/(^|_)ids?$|shop|merchant|order|page|limit|days/.test(key)) return String(targets.id);
  if (/day/.test(key)) return '2030-01-01';
  return 'Checked by the test';
}

function bodyOf(schema: unknown, targets: Targets): Record<string, unknown> {
  if (!schema) return {};
  const s = unwrap(schema as AnySchema);
  if (s._zod.def.type !== 'object') return {};
  const shape = s._zod.def.shape as Record<string, AnySchema>;
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, sample(key, field, targets)]));
}

/**
 * docs/design.md §1: no endpoint, operator or job can create orders, visits, followers or ratings for a
 * shop. Every /merchant and /admin row of the contract (collected from its route tables, rows added
 * later included) is called with a live session of its kind and plausible bodies naming a real
 * order, refund and shop; afterwards the rows behind those figures are the same. And in the source,
 * only the storefront's modules insert orders, visits and follows or write a rating.
 */
describe(`nothing but the storefront makes figures (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const counts = async () => {
    const db = t.database.db;
    const count = async (table: 'orders' | 'shop_visits' | 'shop_follows', rated = false) => {
      let q = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
      if (rated) q = (q as typeof q).where('rating_stars' as never, 'is not', null);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    return {
      orders: await count('orders'),
      paid: Number(
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('paid_at', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),
      visits: await count('shop_visits'),
      follows: await count('shop_follows'),
      rated: await count('orders', true),
    };
  };

  it('every /merchant and /admin call, with a session and plausible bodies, leaves orders, visits, follows and ratings as they were', async () => {
    // A shop with orders in most states, a refund pending and one appealed, visits and followers;
    // and a shop with nothing at all.
    const shop = await ShopHistory.open(t);
    const [paid, picked, received, pending, appealed] = [
      await shop.order(0),
      await shop.order(0),
      await shop.order(1),
      await shop.order(1),
      await shop.order(2),
    ];
    const unpaid = await shop.order(0, 1, false);
    for (const id of [picked, received, pending, appealed]) await shop.pick(id);
    await shop.ship(received);
    await shop.confirm(received);
    await shop.rate(received, 4);
    await shop.askRefund(pending);
    await shop.askRefund(appealed);
    await shop.audit(appealed, false);
    await shop.appeal(appealed);
    await shop.visit('one');
    await shop.follow(0, true);
    const empty = await ShopHistory.open(t);
    const emptyBefore = (await (await empty.merchantClient()).call(d.index)).data;

    const refunds = await t.database.db
      .selectFrom('refunds')
      .select('id')
      .where('merchant_id', '=', shop.id)
      .execute();
    const operatorId = await createOperator(
      t.database.db,
      { username: `op_${randomUUID().slice(0, 8)}`, password: 'Operator#1', role: 'admin' },
      t.config.argon2,
      t.clock.now(),
    );
    const before = await counts();
    expect(before).toMatchObject({ orders: 6, paid: 5, visits: 1, follows: 1, rated: 1 });

    const rows = contractRows().filter(
      (row: RouteDef) => row.path.startsWith('/merchant') || row.path.startsWith('/admin'),
    );
    expect(rows.length).toBeGreaterThan(60);
    const targets: Targets[] = [
      { id: paid },
      { id: picked },
      { id: received },
      { id: unpaid },
      { id: refunds[0]!.id },
      { id: refunds[1]!.id },
      { id: shop.id },
    ];
    const answers: string[] = [];
    for (const row of rows) {
      for (const body of [
        {},
        ...targets.map((target) => bodyOf(row.method === 'POST' ? row.body : row.query, target)),
      ]) {
        const client = new Client(t.app);
        client.token =
          row.auth === 'operator'
            ? await t.app.sessions.open({ type: 'operator', id: operatorId })
            : await t.app.sessions.open({ type: 'merchant', id: shop.id });
        const opts = { headers: row.idempotent ? { 'Idempotency-Key': randomUUID() } : {} };
        const query = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
        const res: Reply =
          row.method === 'POST'
            ? await client.post(row.path, body, opts)
            : await client.get(row.path, query, opts);
        answers.push(`${row.method} ${row.path} ${res.code === 1 ? 'ok' : res.error}`);
      }
    }
    // The calls did things: some succeeded, on both sides.
    expect(answers.filter((a) => a.startsWith('POST /admin') && a.endsWith(' ok')).length).toBeGreaterThan(3);
    expect(answers.filter((a) => a.startsWith('POST /merchant') && a.endsWith(' ok')).length).toBeGreaterThan(
      3,
    );

    expect(await counts()).toEqual(before);
    expect((await (await empty.merchantClient()).call(d.index)).data).toEqual(emptyBefore);
    expect((await checkStats(t.database.db)).problems).toEqual([]);
  }, 120_000);

  it('in the source, only the storefront inserts orders, visits and follows, or writes a rating', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(full);
      }
    };
    walk(src);
    expect(files.length).toBeGreaterThan(50);
    const storefront = (file: string) => file.startsWith(path.join(src, 'modules', 'store') + path.sep);
    const rules: Array<{ what: string; re: RegExp; allowed: (file: string) => boolean }> = [
      {
        what: 'an order, visit or follow inserted',
        re: /insertInto\(\s*['"](orders|shop_visits|shop_follows)['"]|insert\s+into\s+(orders|shop_visits|shop_follows)\b/i,
        allowed: storefront,
      },
      {
        what: 'a visit or follow changed or deleted',
        re: /(updateTable|deleteFrom)\(\s*['"](shop_visits|shop_follows)['"]|(update|delete\s+from)\s+(shop_visits|shop_follows)\b/i,
        allowed: storefront,
      },
      {
        what: 'a rating written',
        re: /\b(rating_stars|rating_comment|rated_at)\b/,
        allowed: storefront,
      },
    ];
    // A rating is written by the columns set in a query (`.set(…)`, `.values(…)`, a transition's
    // `set: {…}`) or raw SQL (`rating_stars = …`); anywhere else the names are reads.
    const writes = (text: string) => {
      const parts: string[] = [...text.matchAll(/\b(rating_stars|rating_comment|rated_at)\s*=[^=]/g)].map(
        (m) => m[0],
      );
      for (const m of text.matchAll(/\.(set|values)\(|\bset:\s*\{/g)) {
        let depth = 0;
        let i = m.index + m[0].length - 1;
        const start = i;
        for (; i < text.length; i++) {
          if (text[i] === '(' || text[i] === '{') depth++;
          else if (text[i] === ')' || text[i] === '}') depth--;
          if (depth === 0) break;
        }
        parts.push(text.slice(start, i + 1));
      }
      return parts.join('\n');
    };
    const found: string[] = [];
    const seen = new Set<string>();
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const rule of rules) {
        if (!rule.re.test(rule.what === 'a rating written' ? writes(text) : text)) continue;
        const rel = path.relative(src, file);
        seen.add(`${rule.what}: ${rel}`);
        if (!rule.allowed(file)) found.push(`${rule.what} in ${rel}`);
      }
    }
    expect(found).toEqual([]);
    // The rules see what they look for: the storefront's own writes.
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'an order, visit or follow inserted: modules/store/store-orders.repository.ts',
        'an order, visit or follow inserted: modules/store/storefront.repository.ts',
        'a visit or follow changed or deleted: modules/store/storefront.repository.ts',
        'a rating written: modules/store/store-orders.repository.ts',
      ]),
    );
  });
});
