import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Engine, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { kit } from './migrations/kit';

/**
 * Migrates a fresh SQLite and a fresh PostgreSQL and compares what they end up with. Each schema is
 * read back from the engine's own catalogue and flattened into facts, one line each ("column
 * merchants.status text not null default 'active'"); the two sets must be equal except for the
 * differences declared in `allowed` below. This runs in both suite runs: PostgreSQL is on every
 * machine here, CI included.
 */

type Side = 'sqlite' | 'postgres';

interface Allowed {
  /** The engine that has the fact the other lacks. */
  only: Side;
  fact: string | RegExp;
  reason: string;
}

/** 001's primary keys that are not integers, declared without `not null`. */
const TEXT_KEYS_OF_001 = [
  'captchas.id',
  'deposit_addresses.network',
  'invitation_codes.code',
  'login_failures.client_key',
  'third_links.partner_uid',
  'uploads.id',
];

/** Every difference the two schemas may have, each with its reason. Anything else fails the test. */
const allowed: Allowed[] = [
  ...TEXT_KEYS_OF_001.flatMap((key): Allowed[] => [
    {
      only: 'sqlite',
      fact: `column ${key} text null`,
      reason:
        'SQLite lets a text primary key hold NULL; 001 left out `not null` and SQLite cannot add it in place',
    },
    {
      only: 'postgres',
      fact: `column ${key} text not null`,
      reason: 'the same key: a PostgreSQL primary key is never null',
    },
  ]),
  {
    only: 'postgres',
    fact: /^trigger \w+ on \w+: before truncate$/,
    reason: 'SQLite has no TRUNCATE statement, so there is nothing to refuse',
  },
  ...['postings', 'journals'].flatMap((table): Allowed[] => [
    {
      only: 'sqlite',
      fact: `trigger ${table}_no_update on ${table}: before update`,
      reason: '002 named its append-only triggers per engine; applied migrations are not rewritten',
    },
    {
      only: 'sqlite',
      fact: `trigger ${table}_no_delete on ${table}: before delete`,
      reason: '002 named its append-only triggers per engine; applied migrations are not rewritten',
    },
    {
      only: 'postgres',
      fact: `trigger ${table}_append_only on ${table}: before update`,
      reason: '002 named its append-only triggers per engine; applied migrations are not rewritten',
    },
    {
      only: 'postgres',
      fact: `trigger ${table}_append_only on ${table}: before delete`,
      reason: '002 named its append-only triggers per engine; applied migrations are not rewritten',
    },
  ]),
  // 006: catalogue search uses each engine's own trigram index (docs/design.md §3, docs/catalogue.md).
  {
    only: 'sqlite',
    fact: /^(table|column|primary key) product_search(_config|_content|_data|_docsize|_idx)?\b/,
    reason: "SQLite's FTS5 trigram index over product titles: a virtual table and its shadow tables",
  },
  {
    only: 'sqlite',
    fact: /^trigger (product_texts_search_(insert|update|delete) on product_texts|products_search_main_lang on products): after (insert|update|delete)$/,
    reason: "keep the FTS5 index's row of a product in step with its texts and main language",
  },
  {
    only: 'postgres',
    fact: 'index product_texts_title_fold_trgm on product_texts (title_fold)',
    reason:
      "PostgreSQL's pg_trgm GIN index over the folded product titles (015), the twin of SQLite's FTS5 table",
  },
  // 013: the merchants' search (docs/console-api.md "Merchants"), each engine's own way.
  {
    only: 'sqlite',
    fact: /^(table|column|primary key) shop_search(_config|_content|_data|_docsize|_idx)?\b/,
    reason: "SQLite's FTS5 trigram index over shop names: a virtual table and its shadow tables",
  },
  {
    only: 'sqlite',
    fact: /^trigger shops_search_(insert|update|delete) on shops: after (insert|update|delete)$/,
    reason: "keep the FTS5 index's row of a shop in step with its name",
  },
  {
    only: 'postgres',
    fact: 'index shops_name_fold_trgm on shops (name_fold)',
    reason:
      "PostgreSQL's pg_trgm GIN index over the folded shop names (015), the twin of SQLite's FTS5 table",
  },
  {
    only: 'sqlite',
    fact: 'index orders_id on orders (id)',
    reason:
      "SQLite stores orders in id order, so a deep page of every order walked the wide rows; PostgreSQL's primary key index already is this narrow index",
  },
  {
    only: 'postgres',
    fact: /^index merchants_(phone|email)_pattern on merchants \((phone|email)\)$/,
    reason:
      "LIKE 'x%' on PostgreSQL needs a text_pattern_ops index under any collation; SQLite reads the prefix as a range of 001's unique index (binary collation)",
  },
];

// ------------------------------------------------------------------------------------------ facts

/** The class of a declared type, so `integer` and `bigint` (or `text` and `varchar`) compare equal. */
function sqliteTypeClass(declared: string): string {
  // SQLite's own affinity rules (https://sqlite.org/datatype3.html §3.1), in their order.
  const t = declared.toLowerCase();
  if (t.includes('int')) return 'int';
  if (/char|clob|text/.test(t)) return 'text';
  if (t === '' || t.includes('blob')) return 'blob';
  if (/real|floa|doub/.test(t)) return 'real';
  return `numeric(${t})`;
}

function postgresTypeClass(dataType: string): string {
  if (['smallint', 'integer', 'bigint'].includes(dataType)) return 'int';
  if (['text', 'character varying', 'character'].includes(dataType)) return 'text';
  if (dataType === 'bytea') return 'blob';
  if (['real', 'double precision'].includes(dataType)) return 'real';
  // Anything else (numeric, boolean, timestamps, json) has no SQLite twin: it shows as itself.
  return `numeric(${dataType})`;
}

/** Splits SQL into tokens, lower-casing all but string literals. */
function tokens(text: string): string[] {
  const out: string[] = [];
  const re = /'(?:[^']|'')*'|"(?:[^"]|"")*"|[A-Za-z_][A-Za-z0-9_$]*|\d+(?:\.\d+)?|<>|!=|>=|<=|\|\||\S/g;
  for (const m of text.matchAll(re)) {
    const t = m[0];
    if (t.startsWith("'")) out.push(t);
    else if (t.startsWith('"')) out.push(t.slice(1, -1).toLowerCase());
    else out.push(t === '!=' ? '<>' : t.toLowerCase());
  }
  return out;
}

/**
 * One spelling for an expression on both engines. PostgreSQL answers its own rewrite of what was
 * written: casts on literals (`'a'::text`), `x in (a, b)` as `x = ANY (ARRAY[a, b])`, and its own
 * parentheses around every operation. Casts are dropped, ANY/ALL turned back into IN/NOT IN, and
 * all parentheses dropped on both sides; so two checks that differ only in grouping compare equal,
 * which is the price of not writing an SQL parser here.
 */
function normaliseExpression(text: string): string {
  const expr = text
    .replace(/::(?:character varying|double precision|[a-z_]+)(?:\[\])?/gi, '')
    .replace(/=\s*ANY\s*\(\s*(?:ARRAY\[)?(.*?)\]?\s*\)/gi, 'in ($1)')
    .replace(/<>\s*ALL\s*\(\s*(?:ARRAY\[)?(.*?)\]?\s*\)/gi, 'not in ($1)');
  return tokens(expr)
    .filter((t) => t !== '(' && t !== ')')
    .join(' ');
}

function normaliseDefault(text: string | null): string | null {
  if (text === null) return null;
  const expr = normaliseExpression(text);
  // PostgreSQL quotes a negative number with its cast ('-1'::integer); SQLite keeps -1.
  return /^'-?\d+(\.\d+)?'$/.test(expr) ? expr.slice(1, -1) : expr;
}

/** The `check (...)` clauses of a CREATE TABLE statement (SQLite keeps the statement as written). */
function checkClauses(createSql: string): string[] {
  const out: string[] = [];
  const re = /'(?:[^']|'')*'|\bcheck\s*\(/gi;
  for (let m = re.exec(createSql); m; m = re.exec(createSql)) {
    if (m[0].startsWith("'")) continue;
    let depth = 1;
    let i = m.index + m[0].length;
    const start = i;
    for (; i < createSql.length && depth > 0; i++) {
      const c = createSql[i];
      if (c === "'") i = createSql.indexOf("'", i + 1);
      else if (c === '(') depth++;
      else if (c === ')') depth--;
    }
    out.push(createSql.slice(start, i - 1));
    re.lastIndex = i;
  }
  return out;
}

function column(
  table: string,
  c: { name: string; type: string; notNull: boolean; identity: boolean; dflt: string | null },
) {
  const parts = [`column ${table}.${c.name} ${c.type}`, c.notNull ? 'not null' : 'null'];
  if (c.identity) parts.push('identity');
  if (c.dflt !== null) parts.push(`default ${c.dflt}`);
  return parts.join(' ');
}

const IGNORED_TABLES = /^(sqlite_|kysely_migration)/;

async function sqliteFacts(database: Database): Promise<string[]> {
  const db = database.db;
  const facts: string[] = [];
  const tables = (
    await sql<{
      name: string;
      sql: string;
    }>`select name, sql from sqlite_master where type = 'table'`.execute(db)
  ).rows.filter((t) => !IGNORED_TABLES.test(t.name));
  for (const table of tables) {
    facts.push(`table ${table.name}`);
    const cols = (
      await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
        select * from pragma_table_info(${table.name})`.execute(db)
    ).rows;
    const pk = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    // `integer primary key` is the rowid: never null, though table_info does not say so.
    const rowid = pk.length === 1 && pk[0]!.type.toLowerCase() === 'integer' ? pk[0]!.name : null;
    const autoincrement = /\bautoincrement\b/i.test(table.sql);
    for (const c of cols) {
      facts.push(
        column(table.name, {
          name: c.name,
          type: sqliteTypeClass(c.type),
          notNull: c.notnull === 1 || c.name === rowid,
          identity: c.name === rowid && autoincrement,
          dflt: normaliseDefault(c.dflt_value),
        }),
      );
    }
    if (pk.length > 0) facts.push(`primary key ${table.name} (${pk.map((c) => c.name).join(', ')})`);

    const indexes = (
      await sql<{ name: string; unique: number; origin: string; partial: number }>`
        select * from pragma_index_list(${table.name})`.execute(db)
    ).rows;
    for (const index of indexes) {
      if (index.origin === 'pk') continue;
      const cols = (
        await sql<{
          seqno: number;
          name: string | null;
        }>`select * from pragma_index_info(${index.name})`.execute(db)
      ).rows
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name ?? '<expression>');
      if (index.origin === 'u') {
        facts.push(`unique ${table.name} (${cols.join(', ')})`);
        continue;
      }
      const def = (
        await sql<{
          sql: string;
        }>`select sql from sqlite_master where type = 'index' and name = ${index.name}`.execute(db)
      ).rows[0]!.sql;
      const where = index.partial
        ? ` where ${normaliseExpression(def.replace(/^[\s\S]*?\bwhere\b/i, ''))}`
        : '';
      facts.push(
        `index ${index.name} on ${table.name} (${cols.join(', ')})${index.unique ? ' unique' : ''}${where}`,
      );
    }

    for (const check of checkClauses(table.sql))
      facts.push(`check ${table.name}: ${normaliseExpression(check)}`);

    const fks = (
      await sql<{
        id: number;
        seq: number;
        table: string;
        from: string;
        to: string | null;
        on_delete: string;
        on_update: string;
      }>`
        select * from pragma_foreign_key_list(${table.name})`.execute(db)
    ).rows;
    for (const id of new Set(fks.map((f) => f.id))) {
      const parts = fks.filter((f) => f.id === id).sort((a, b) => a.seq - b.seq);
      const first = parts[0]!;
      const refPk = (
        await sql<{
          name: string;
          pk: number;
        }>`select name, pk from pragma_table_info(${first.table})`.execute(db)
      ).rows
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name);
      // `references merchants` without columns means the referenced table's primary key.
      const to = parts.map((p, i) => p.to ?? refPk[i]);
      facts.push(
        `foreign key ${table.name} (${parts.map((p) => p.from).join(', ')}) -> ${first.table} (${to.join(', ')})` +
          ` on delete ${first.on_delete.toLowerCase()} on update ${first.on_update.toLowerCase()}`,
      );
    }
  }

  const triggers = (
    await sql<{ name: string; tbl_name: string; sql: string }>`
      select name, tbl_name, sql from sqlite_master where type = 'trigger'`.execute(db)
  ).rows;
  for (const trigger of triggers) {
    const m =
      /\btrigger\s+(?:if\s+not\s+exists\s+)?\S+\s+(before|after|instead\s+of)?\s*(delete|insert|update)\b/i.exec(
        trigger.sql,
      );
    const timing = (m?.[1] ?? 'before').toLowerCase().replace(/\s+/g, ' ');
    const event = m?.[2]?.toLowerCase() ?? '<unparsed>';
    facts.push(`trigger ${trigger.name} on ${trigger.tbl_name}: ${timing} ${event}`);
  }
  return facts;
}

async function postgresFacts(database: Database): Promise<string[]> {
  const db = database.db;
  const facts: string[] = [];
  const tables = (
    await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db)
  ).rows
    .map((t) => t.table_name)
    .filter((t) => !IGNORED_TABLES.test(t));
  for (const table of tables) facts.push(`table ${table}`);
  const keep = (t: string) => tables.includes(t);

  const cols = (
    await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
    }>`
      select table_name, column_name, data_type, is_nullable, column_default, is_identity
      from information_schema.columns where table_schema = 'public'`.execute(db)
  ).rows.filter((c) => keep(c.table_name));
  for (const c of cols) {
    // A serial column is an identity spelled the old way.
    const serial = c.column_default?.startsWith('nextval(') ?? false;
    facts.push(
      column(c.table_name, {
        name: c.column_name,
        type: postgresTypeClass(c.data_type),
        notNull: c.is_nullable === 'NO',
        identity: c.is_identity === 'YES' || serial,
        dflt: serial ? null : normaliseDefault(c.column_default),
      }),
    );
  }

  const constraints = (
    await sql<{
      table: string;
      contype: string;
      def: string;
      cols: string[];
      ref_table: string | null;
      ref_cols: string[] | null;
      confdeltype: string;
      confupdtype: string;
    }>`
      select c.conrelid::regclass::text as table, c.contype, pg_get_constraintdef(c.oid) as def,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
        c.confrelid::regclass::text as ref_table,
        array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as ref_cols,
        c.confdeltype, c.confupdtype
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.conrelid <> 0`.execute(db)
  ).rows.filter((c) => keep(c.table));
  const action: Record<string, string> = {
    a: 'no action',
    r: 'restrict',
    c: 'cascade',
    n: 'set null',
    d: 'set default',
  };
  for (const c of constraints) {
    if (c.contype === 'p') facts.push(`primary key ${c.table} (${c.cols.join(', ')})`);
    else if (c.contype === 'u') facts.push(`unique ${c.table} (${c.cols.join(', ')})`);
    else if (c.contype === 'c')
      facts.push(`check ${c.table}: ${normaliseExpression(c.def.replace(/^CHECK\s*|\s+NOT VALID$/gi, ''))}`);
    else if (c.contype === 'f')
      facts.push(
        `foreign key ${c.table} (${c.cols.join(', ')}) -> ${c.ref_table} (${c.ref_cols!.join(', ')})` +
          ` on delete ${action[c.confdeltype]} on update ${action[c.confupdtype]}`,
      );
    else facts.push(`constraint ${c.table}: ${c.def}`);
  }

  // Indexes of their own: those behind a primary key or unique constraint are counted above.
  const indexes = (
    await sql<{ name: string; table: string; unique: boolean; cols: string[]; predicate: string | null }>`
      select i.relname as name, ix.indrelid::regclass::text as table, ix.indisunique as unique,
        array(select pg_get_indexdef(ix.indexrelid, k, true) from generate_series(1, ix.indnkeyatts) k
              order by k) as cols,
        pg_get_expr(ix.indpred, ix.indrelid) as predicate
      from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_namespace n on n.oid = i.relnamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid and c.contype in ('p', 'u'))`.execute(
      db,
    )
  ).rows.filter((i) => keep(i.table));
  for (const i of indexes) {
    const where = i.predicate ? ` where ${normaliseExpression(i.predicate)}` : '';
    facts.push(`index ${i.name} on ${i.table} (${i.cols.join(', ')})${i.unique ? ' unique' : ''}${where}`);
  }

  const triggers = (
    await sql<{ name: string; table: string; tgtype: number }>`
      select t.tgname as name, t.tgrelid::regclass::text as table, t.tgtype
      from pg_trigger t where not t.tgisinternal`.execute(db)
  ).rows.filter((t) => keep(t.table));
  for (const t of triggers) {
    // tgtype bits (pg_trigger.h): 2 before, 64 instead of; 4 insert, 8 delete, 16 update, 32 truncate.
    const timing = t.tgtype & 2 ? 'before' : t.tgtype & 64 ? 'instead of' : 'after';
    const events = (
      [
        [4, 'insert'],
        [8, 'delete'],
        [16, 'update'],
        [32, 'truncate'],
      ] as const
    ).filter(([bit]) => t.tgtype & bit);
    for (const [, event] of events) facts.push(`trigger ${t.name} on ${t.table}: ${timing} ${event}`);
  }
  return facts;
}

// ------------------------------------------------------------------------------------------- test

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-parity-'));
const dbName = `dd_parity_${process.pid}_${randomBytes(4).toString('hex')}`;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const readFacts = { sqlite: sqliteFacts, postgres: postgresFacts };
const databases = {} as Record<Side, Database>;
const facts: Record<Side, string[]> = { sqlite: [], postgres: [] };

beforeAll(async () => {
  await admin(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databases.sqlite = openDatabase({ dataDir });
  databases.postgres = openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 2 });
  for (const side of ['sqlite', 'postgres'] as const) {
    await migrateToLatest(databases[side]);
    facts[side] = (await readFacts[side](databases[side])).sort();
  }
});

afterAll(async () => {
  await databases.sqlite?.close();
  await databases.postgres?.close();
  await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const matches = (a: Allowed, side: Side, fact: string) =>
  a.only === side && (typeof a.fact === 'string' ? a.fact === fact : a.fact.test(fact));

/** The facts of each side the other lacks and `allowed` does not explain. */
function unexplained(of: Record<Side, string[]>) {
  const only = (side: Side, other: Side) => {
    const there = new Set(of[other]);
    return of[side].filter((f) => !there.has(f) && !allowed.some((a) => matches(a, side, f)));
  };
  return { onlyInSqlite: only('sqlite', 'postgres'), onlyInPostgres: only('postgres', 'sqlite') };
}

/**
 * What `db/schema.ts` (the Kysely types, written by hand) says of each table: its columns, which
 * may hold null (`| null`) and which an insert may leave out (`Generated<…>`), read from the file's
 * text so that the types are checked against what the migrations make on each engine.
 */
function typedSchema(): Map<string, Map<string, { nullable: boolean; generated: boolean }>> {
  const text = fs.readFileSync(path.join(import.meta.dirname, 'schema.ts'), 'utf8');
  const block = (name: string) => {
    const m = new RegExp(`^export interface ${name} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(text);
    if (!m) throw new Error(`schema.ts has no interface ${name}`);
    return [...m[1]!.matchAll(/^ {2}(\w+): (.+);$/gm)].map(([, key, type]) => [key!, type!] as const);
  };
  return new Map(
    block('DB').map(([table, iface]) => [
      table,
      new Map(
        block(iface).map(([column, type]) => [
          column,
          { nullable: /\bnull\b/.test(type), generated: /^(Generated|ColumnType)</.test(type) },
        ]),
      ),
    ]),
  );
}

describe('db/schema.ts, the types every query is checked against, is the migrated schema', () => {
  it.each(['sqlite', 'postgres'] as const)('%s: the same tables, columns, nulls and defaults', (side) => {
    const typed = typedSchema();
    const made = new Map<string, Map<string, { nullable: boolean; generated: boolean }>>();
    for (const fact of facts[side]) {
      const m = /^column (\w+)\.(\w+) \S+ (null|not null)(.*)$/.exec(fact);
      if (!m) continue;
      const [, table, column, nulls, rest] = m as unknown as [string, string, string, string, string];
      if (!made.has(table)) made.set(table, new Map());
      made.get(table)!.set(column, {
        nullable: nulls === 'null' && !TEXT_KEYS_OF_001.includes(`${table}.${column}`),
        // An insert may leave it out: the engine numbers it, or fills in its default.
        generated: / default | identity/.test(` ${rest} `),
      });
    }
    // The full-text indexes of SQLite (FTS5 virtual tables, migration 006 and 017): typed for the
    // SQLite search, absent on PostgreSQL (which searches with pg_trgm); FTS5 keeps each in shadow
    // tables of its own (`<name>_data`, ...) the server never names.
    const fts = ['product_search', 'shop_search'];
    const shadow = new RegExp(`^(${fts.join('|')})_(config|content|data|docsize|idx)$`);
    const untyped = [...made.keys()].filter((t) => !typed.has(t) && !shadow.test(t)).sort();
    expect(untyped).toEqual(['kysely_migration', 'kysely_migration_lock'].filter((t) => made.has(t)));
    expect([...typed.keys()].filter((t) => !made.has(t) && !fts.includes(t))).toEqual([]);
    // Columns with a default that the server writes at every insert all the same, on purpose: the
    // folded search keys (migration 017's default '' only filled the rows already there: a row
    // written without its key would never be found) and the merchant's language (registration
    // writes the one chosen).
    const alwaysWritten = [
      'merchants.lang',
      'shops.name_fold',
      'product_texts.title_fold',
      'orders.title_fold',
    ];
    const differences: string[] = [];
    for (const [table, columns] of typed) {
      const real = made.get(table);
      if (!real) continue; // a full-text index on PostgreSQL (above)
      for (const [column, c] of columns) {
        // FTS5: `rowid` is implicit and every column untyped, so nullable to the catalogue.
        if (fts.includes(table) && (column === 'rowid' || real.has(column))) continue;
        const r = real.get(column);
        if (!r) differences.push(`${table}.${column}: typed, not in the database`);
        else {
          if (c.nullable !== r.nullable)
            differences.push(
              `${table}.${column}: typed ${c.nullable ? '' : 'not '}null, made ${r.nullable ? '' : 'not '}null`,
            );
          // Generated<…> lets an insert leave the column out: only right when the engine fills it.
          if (c.generated && !r.generated && !r.nullable)
            differences.push(`${table}.${column}: typed Generated, but the database has no default`);
          if (!c.generated && r.generated && !c.nullable && !alwaysWritten.includes(`${table}.${column}`))
            differences.push(`${table}.${column}: has a default, typed as always written`);
        }
      }
      for (const column of real.keys())
        if (!columns.has(column)) differences.push(`${table}.${column}: in the database, not typed`);
    }
    expect(differences).toEqual([]);
  });
});

describe('schema parity: a fresh SQLite and a fresh PostgreSQL end up with the same schema', () => {
  it('reads a whole schema from each engine', () => {
    // So that the comparison can't pass by reading nothing: the wallet's tables and their parts.
    for (const side of ['sqlite', 'postgres'] as const) {
      const kinds = new Set(facts[side].map((f) => f.split(' ')[0]));
      expect(kinds, side).toEqual(
        new Set(['table', 'column', 'primary', 'unique', 'index', 'check', 'foreign', 'trigger']),
      );
      expect(facts[side], side).toContain('column postings.amount int not null');
      expect(facts[side], side).toContain(
        "check operators: role in 'reviewer' , 'catalogue' , 'support' , 'admin'",
      );
      expect(facts[side], side).toContain('index postings_account on postings (account_id, id)');
      expect(facts[side], side).toContain('unique merchants (invite_code)');
    }
  });

  it('differs only where declared', () => {
    expect(unexplained(facts)).toEqual({ onlyInSqlite: [], onlyInPostgres: [] });
  });

  it('declares no difference that is no longer there', () => {
    const stale = allowed.filter((a) => {
      const other: Side = a.only === 'sqlite' ? 'postgres' : 'sqlite';
      return !facts[a.only].some((f) => matches(a, a.only, f) && !facts[other].includes(f));
    });
    expect(stale.map((a) => String(a.fact))).toEqual([]);
  });
});

describe('a migration written once with the kit', () => {
  // Runs after the parity checks above (same files run their tests in order): it adds tables.
  async function up(db: Kysely<any>, engine: Engine) {
    const k = kit(db, engine);
    await db.schema
      .createTable('kit_probe')
      .$call(k.id('bigint'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('merchant_id', 'integer', (c) => c.references('merchants.id'))
      .addColumn('amount', k.bigint, (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('draft')
          .check(k.oneOf('status', ['draft', 'live', "it's"])),
      )
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .$call(k.timestamps)
      .addCheckConstraint('kit_probe_hidden_flag', sql`hidden in (0, 1)`)
      .execute();
    await db.schema
      .createIndex('kit_probe_merchant')
      .on('kit_probe')
      .columns(['merchant_id', 'id'])
      .execute();
    await db.schema
      .createIndex('kit_probe_live')
      .on('kit_probe')
      .column('code')
      .unique()
      .where(sql.ref('status'), '=', sql.lit('live'))
      .execute();
    await db.schema.createTable('kit_probe_keys').addColumn('code', 'text', k.key).execute();
    await k.appendOnly('kit_probe');
    // The same column added to an existing table, as an alterTable migration does.
    await db.schema
      .alterTable('kit_probe_keys')
      .addColumn('uses', k.bigint, (c) => c.notNull().defaultTo(0))
      .execute();
  }

  it('gives both engines the same tables, columns, checks, indexes and triggers', async () => {
    const after = {} as Record<Side, string[]>;
    for (const side of ['sqlite', 'postgres'] as const) {
      await up(databases[side].db, side);
      after[side] = (await readFacts[side](databases[side])).filter((f) => f.includes('kit_probe')).sort();
    }
    expect(unexplained(after)).toEqual({ onlyInSqlite: [], onlyInPostgres: [] });
    expect(after.sqlite).toEqual([
      'check kit_probe: amount > 0',
      'check kit_probe: hidden in 0 , 1',
      "check kit_probe: status in 'draft' , 'live' , 'it''s'",
      'column kit_probe.amount int not null',
      'column kit_probe.code text not null',
      'column kit_probe.created_at int not null',
      'column kit_probe.hidden int not null default 0',
      'column kit_probe.id int not null identity',
      'column kit_probe.merchant_id int null',
      "column kit_probe.status text not null default 'draft'",
      'column kit_probe.updated_at int not null',
      'column kit_probe_keys.code text not null',
      'column kit_probe_keys.uses int not null default 0',
      'foreign key kit_probe (merchant_id) -> merchants (id) on delete no action on update no action',
      "index kit_probe_live on kit_probe (code) unique where status = 'live'",
      'index kit_probe_merchant on kit_probe (merchant_id, id)',
      'primary key kit_probe (id)',
      'primary key kit_probe_keys (code)',
      'table kit_probe',
      'table kit_probe_keys',
      'trigger kit_probe_no_delete on kit_probe: before delete',
      'trigger kit_probe_no_update on kit_probe: before update',
      'unique kit_probe (code)',
    ]);
  });

  it('numbers ids and keeps an append-only table append-only, on both engines', async () => {
    for (const side of ['sqlite', 'postgres'] as const) {
      const db = databases[side].db as unknown as Kysely<any>;
      const row = { code: `c-${side}`, amount: 100, created_at: 1, updated_at: 1 };
      const first = await db.insertInto('kit_probe').values(row).returning('id').executeTakeFirstOrThrow();
      const second = await db
        .insertInto('kit_probe')
        .values({ ...row, code: `d-${side}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(Number(second.id), side).toBe(Number(first.id) + 1);
      await expect(sql`update kit_probe set amount = 1`.execute(db), side).rejects.toThrow(
        'kit_probe are append-only',
      );
      await expect(sql`delete from kit_probe`.execute(db), side).rejects.toThrow('kit_probe are append-only');
      if (side === 'postgres') {
        await expect(sql`truncate kit_probe`.execute(db)).rejects.toThrow('kit_probe are append-only');
      }
      await expect(
        db
          .insertInto('kit_probe')
          .values({ ...row, code: 'x', amount: 0 })
          .execute(),
        side,
      ).rejects.toThrow(/check/i);
      await expect(db.insertInto('kit_probe_keys').values({ code: null }).execute(), side).rejects.toThrow(
        /null/i,
      );
    }
  });
});
