import type { Lang } from '@dropdesk/contract/constants';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { fetchPage, type PageOf, type Paging } from '../../db/paging';
import type { AnnouncementsTable } from '../../db/schema';

export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type Texts = Partial<Record<Lang, string>>;

/** Queries of announcements and their texts; the rules are the service's. */
export const announcementsRepository = {
  /**
   * The active announcements in Home's order (sort, then newest), each in `lang` or, when it has no
   * text in `lang`, in its fallback language.
   */
  async shown(db: Db, lang: Lang, limit: number) {
    const rows = await db
      .selectFrom('announcements as a')
      .innerJoin('announcement_texts as tm', (j) =>
        j.onRef('tm.announcement_id', '=', 'a.id').onRef('tm.lang', '=', 'a.main_lang'),
      )
      .leftJoin('announcement_texts as tl', (j) =>
        j.onRef('tl.announcement_id', '=', 'a.id').on('tl.lang', '=', lang),
      )
      .select(['a.id', 'a.created_at', 'a.main_lang', 'tm.text as main_text', 'tl.text as lang_text'])
      .where('a.active', '=', 1)
      .orderBy('a.sort', 'asc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      created_at: Number(r.created_at),
      lang: r.lang_text !== null ? lang : r.main_lang,
      text: r.lang_text ?? r.main_text,
    }));
  },

  page(db: Db, filter: { active?: boolean | undefined }, paging: Paging): Promise<PageOf<AnnouncementRow>> {
    let q = db.selectFrom('announcements');
    if (filter.active !== undefined) q = q.where('active', '=', filter.active ? 1 : 0);
    return fetchPage(
      q,
      (f) => f.selectAll().orderBy('active', 'desc').orderBy('sort', 'asc').orderBy('id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  byId(db: Db, id: number): Promise<AnnouncementRow | undefined> {
    return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The texts of each announcement named, by language. */
  async texts(db: Db, ids: number[]): Promise<Map<number, Texts>> {
    const map = new Map<number, Texts>(ids.map((id) => [id, {}]));
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom('announcement_texts')
      .select(['announcement_id', 'lang', 'text'])
      .where('announcement_id', 'in', ids)
      .execute();
    for (const r of rows) {
      const texts = map.get(r.announcement_id);
      if (texts) texts[r.lang] = r.text;
    }
    return map;
  },

  async insert(
    db: Db,
    row: { main_lang: Lang; active: boolean; sort: number; operatorId: number },
    now: number,
  ): Promise<number> {
    const inserted = await db
      .insertInto('announcements')
      .values({
        main_lang: row.main_lang,
        active: row.active ? 1 : 0,
        sort: row.sort,
        created_by: row.operatorId,
        updated_by: row.operatorId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },

  async update(
    db: Db,
    id: number,
    change: { main_lang: Lang; active: boolean; sort: number; operatorId: number },
    now: number,
  ): Promise<void> {
    await db
      .updateTable('announcements')
      .set({
        main_lang: change.main_lang,
        active: change.active ? 1 : 0,
        sort: change.sort,
        updated_by: change.operatorId,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  },

  /** Replaces every text of the announcement with `texts`. */
  async setTexts(db: Db, id: number, texts: Texts): Promise<void> {
    await db.deleteFrom('announcement_texts').where('announcement_id', '=', id).execute();
    const rows = Object.entries(texts)
      .filter((e): e is [Lang, string] => e[1] !== undefined)
      .map(([lang, text]) => ({ announcement_id: id, lang, text }));
    if (rows.length > 0) await db.insertInto('announcement_texts').values(rows).execute();
  },
};

/** Queries of operators' broadcasts (system messages) as the console lists them. */
export const broadcastsRepository = {
  async insert(
    db: Db,
    row: {
      title: string;
      body: string;
      audience: 'all' | 'chosen';
      operatorId: number;
      merchantIds: number[];
      recipients: number;
    },
    now: number,
  ): Promise<number> {
    const inserted = await db
      .insertInto('system_messages')
      .values({
        title: row.title,
        body: row.body,
        audience: row.audience,
        operator_id: row.operatorId,
        recipients: row.recipients,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (row.merchantIds.length > 0)
      await db
        .insertInto('system_message_targets')
        .values(row.merchantIds.map((merchant_id) => ({ message_id: inserted.id, merchant_id })))
        .execute();
    return inserted.id;
  },

  /** Which of these merchant ids exist. */
  async existingMerchants(db: Db, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('merchants').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  },

  page(db: Db, paging: Paging) {
    return fetchPage(
      db.selectFrom('system_messages as sm').innerJoin('operators as o', 'o.id', 'sm.operator_id'),
      (f) => f.selectAll('sm').select('o.username').orderBy('sm.id', 'desc'),
      paging,
      (rows) => rows,
    );
  },

  byId(db: Db, id: number) {
    return db
      .selectFrom('system_messages as sm')
      .innerJoin('operators as o', 'o.id', 'sm.operator_id')
      .selectAll('sm')
      .select('o.username')
      .where('sm.id', '=', id)
      .executeTakeFirstOrThrow();
  },

  /** The merchants each chosen broadcast was sent to. */
  async targets(db: Db, ids: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return map;
    const rows = await db
      .selectFrom('system_message_targets')
      .select(['message_id', 'merchant_id'])
      .where('message_id', 'in', ids)
      .orderBy('merchant_id')
      .execute();
    for (const r of rows) map.get(r.message_id)?.push(r.merchant_id);
    return map;
  },

  /** How many merchants have read each broadcast. */
  async reads(db: Db, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('system_message_reads')
      .select(['message_id', (eb) => eb.fn.countAll().as('n')])
      .where('message_id', 'in', ids)
      .groupBy('message_id')
      .execute();
    return new Map(rows.map((r) => [r.message_id, Number(r.n)]));
  },

  /** Merchants registered by now: the recipients of a broadcast to all sent now. */
  async registeredBy(db: Db, at: number): Promise<number> {
    const row = await db
      .selectFrom('merchants')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created_at', '<=', at)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
