import { type Kysely, sql } from 'kysely';
import type { Engine } from '../database';
import { kit } from './kit';

const LANGS = ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr'];

/**
 * Messages and announcements (docs/design.md §5 "Express lane, alliance, messages";
 * docs/messages.md).
 *
 * - `system_messages`: an operator's broadcast, plain title and body as typed, sent to every
 *   merchant (`all`: those registered when it was sent) or to the merchants of
 *   `system_message_targets`. A broadcast to all writes one row, whatever the number of merchants.
 * - `system_message_reads`: one row per merchant and system message, written when that merchant
 *   reads it (so unread = no row). Notices keep their own `read_at` (002); a partial index serves
 *   the unread counts.
 * - `announcements` and `announcement_texts`: the lines scrolling on Home, a text per language and
 *   a fallback language (`main_lang`, which must have one), an active flag and an order.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const k = kit(db, engine);

  await db.schema
    .createTable('system_messages')
    .$call(k.id())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull().check(k.oneOf('audience', ['all', 'chosen'])))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    // The merchants it reached, counted when sent (the audience is fixed then).
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', k.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('system_messages_audience')
    .on('system_messages')
    .columns(['audience', 'id'])
    .execute();

  await db.schema
    .createTable('system_message_targets')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('system_messages.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addPrimaryKeyConstraint('system_message_targets_pkey', ['message_id', 'merchant_id'])
    .execute();
  await db.schema
    .createIndex('system_message_targets_merchant')
    .on('system_message_targets')
    .columns(['merchant_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('system_message_reads')
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('message_id', 'integer', (c) => c.notNull().references('system_messages.id'))
    .addColumn('read_at', k.bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('system_message_reads_pkey', ['merchant_id', 'message_id'])
    .execute();

  await db.schema
    .createIndex('notices_unread')
    .on('notices')
    .columns(['merchant_id', 'id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('announcements')
    .$call(k.id())
    .addColumn('main_lang', 'text', (c) => c.notNull().check(k.oneOf('main_lang', LANGS)))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('updated_by', 'integer', (c) => c.notNull().references('operators.id'))
    .$call(k.timestamps)
    .execute();
  await db.schema
    .createIndex('announcements_active')
    .on('announcements')
    .columns(['active', 'sort', 'id'])
    .execute();

  await db.schema
    .createTable('announcement_texts')
    .addColumn('announcement_id', 'integer', (c) => c.notNull().references('announcements.id'))
    .addColumn('lang', 'text', (c) => c.notNull().check(k.oneOf('lang', LANGS)))
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('announcement_texts_pkey', ['announcement_id', 'lang'])
    .execute();
}
