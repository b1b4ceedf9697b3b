import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../database';
import { migrateToLatest, migrateUpTo } from '../migrate';

/**
 * Migration 015 on a database that already holds texts: every product title, shop name
 * and order title gets its folded twin, SQLite's FTS5 tables are rebuilt on the folded texts and
 * their triggers follow the twins from then on; PostgreSQL's trigram indexes move to the twins.
 */
describe(`migration 017_folded_search (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let database: Database;
  let dataDir: string;
  let dropDatabase = async () => {};
  let db: Kysely<any>;
  const now = Date.now();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-015-'));
    let databaseUrl: string | undefined;
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      const name = `dd_test_015_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      dropDatabase = async () => {
        const again = new pg.Client({ connectionString: adminUrl });
        await again.connect();
        await again.query(`drop database if exists ${name} with (force)`);
        await again.end();
      };
    }
    database = openDatabase({ databaseUrl, dataDir, poolSize: 2 });
    db = database.db;
    await migrateUpTo(database, '016_topup_manual');

    // What a platform held before 015: a Vietnamese shop, a product with titles, an order.
    const merchant = await db
      .insertInto('merchants')
      .values({
        phone: '+84900000015',
        email: 'm015@example.com',
        password_hash: 'x',
        real_name: 'Nguyễn Văn A',
        country: 'VN',
        invite_code: 'M015',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('shops')
      .values({
        merchant_id: merchant.id,
        name: 'Cửa Hàng Điện Thoại VIỆT',
        address: '1 Lê Lợi',
        phone: '+84900000015',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const category = await db
      .insertInto('categories')
      .values({ main_lang: 'vi', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const product = await db
      .insertInto('products')
      .values({
        category_id: category.id,
        top_category_id: category.id,
        main_lang: 'vi',
        cost: 100,
        stock: 5,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('product_texts')
      .values([
        { product_id: product.id, lang: 'vi', title: 'Điện thoại Việt Nam' },
        { product_id: product.id, lang: 'tr', title: 'İstanbul telefonu' },
      ])
      .execute();
    await db
      .insertInto('orders')
      .values({
        order_no: 'O015',
        merchant_id: merchant.id,
        guest_email: 'buyer015@example.com',
        product_id: product.id,
        title: 'Đồng Hồ Treo Tường',
        quantity: 1,
        unit_price: 150,
        unit_cost: 100,
        total: 150,
        cost_total: 100,
        status: 0,
        receiver_name: 'B',
        receiver_phone: '+84900000016',
        address: 'x',
        created_at: now,
        updated_at: now,
      })
      .execute();

    expect(await migrateToLatest(database)).toContain('017_folded_search');
  });

  afterAll(async () => {
    await database.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the folded twin of every title and name already there', async () => {
    expect(await db.selectFrom('shops').select('name_fold').execute()).toEqual([
      { name_fold: 'cua hang dien thoai viet' },
    ]);
    expect(
      (await db.selectFrom('product_texts').select(['lang', 'title_fold']).orderBy('lang').execute()).map(
        (r) => [r.lang, r.title_fold],
      ),
    ).toEqual([
      ['tr', 'istanbul telefonu'],
      ['vi', 'dien thoai viet nam'],
    ]);
    expect(await db.selectFrom('orders').select('title_fold').execute()).toEqual([
      { title_fold: 'dong ho treo tuong' },
    ]);
  });

  it('indexes the twins: SQLite rebuilt its FTS5 rows on them, PostgreSQL moved its trigram indexes', async () => {
    if (database.engine === 'sqlite') {
      const match = (table: string, phrase: string) =>
        sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where ${sql.table(table)} match ${`"${phrase}"`}`
          .execute(db)
          .then((r) => Number(r.rows[0]?.n));
      expect(await match('product_search', 'dien thoai')).toBe(1);
      expect(await match('product_search', 'istanbul')).toBe(1);
      expect(await match('shop_search', 'cua hang')).toBe(1);
      // From now on the triggers follow the twin: a title changed with its twin is found by it.
      await db
        .updateTable('product_texts')
        .set({ title: 'Đèn bàn', title_fold: 'den ban' })
        .where('lang', '=', 'vi')
        .execute();
      expect(await match('product_search', 'den ban')).toBe(1);
      expect(await match('product_search', 'dien thoai')).toBe(0);
    } else {
      const indexes = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where indexname like '%trgm'`.execute(db);
      expect(indexes.rows.map((r) => r.indexname).sort()).toEqual([
        'product_texts_title_fold_trgm',
        'shops_name_fold_trgm',
      ]);
    }
  });
});
