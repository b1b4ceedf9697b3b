import type { Lang } from '@dropdesk/contract/constants';
import type { AnnouncementItem, BroadcastAudience, BroadcastItem } from '@dropdesk/contract/messages';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { fieldRefusal, notFound, Refusal } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import {
  type AnnouncementRow,
  announcementsRepository as announcements,
  broadcastsRepository as broadcasts,
  type Texts,
} from './announcements.repository';

export interface MessageDeskDeps {
  db: Db;
  clock: Clock;
}

type BroadcastRow = Awaited<ReturnType<typeof broadcasts.byId>>;

function announcementOf(row: AnnouncementRow, texts: Texts): AnnouncementItem {
  return {
    id: row.id,
    texts,
    main_lang: row.main_lang,
    active: row.active === 1,
    sort: row.sort,
    created_at: iso(Number(row.created_at)),
    updated_at: iso(Number(row.updated_at)),
  };
}

/** Only the languages given a text (a blank one falls back to the main language's). */
function textsOf(texts: Partial<Record<Lang, string | undefined>>): Texts {
  return Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== undefined)) as Texts;
}

/**
 * The operators' side of messages (contract `adminMessageRoutes`; roles on the rows): broadcasts
 * (system messages) and the announcements on Home. Every change is one transaction with its audit
 * entry.
 */
export class MessageDesk {
  constructor(private readonly deps: MessageDeskDeps) {}

  private async broadcastItems(db: Db, rows: BroadcastRow[]): Promise<BroadcastItem[]> {
    const ids = rows.map((r) => r.id);
    const chosen = rows.filter((r) => r.audience === 'chosen').map((r) => r.id);
    const [targets, reads] = await Promise.all([broadcasts.targets(db, chosen), broadcasts.reads(db, ids)]);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      audience: r.audience,
      merchant_ids: targets.get(r.id) ?? [],
      recipients: r.recipients,
      reads: reads.get(r.id) ?? 0,
      operator: { id: r.operator_id, username: r.username },
      created_at: iso(Number(r.created_at)),
    }));
  }

  async broadcasts(paging: Paging) {
    const { db } = this.deps;
    const page = await broadcasts.page(db, paging);
    return { ...page, list: await this.broadcastItems(db, page.list) };
  }

  /**
   * Sends a system message. `all` reaches the merchants registered now (a merchant registering
   * later doesn't get it: it was not there to be told), and writes one row whatever their number;
   * `chosen` names merchants, every one of which must exist (MERCHANT_UNKNOWN with the unknown ids).
   */
  async broadcast(
    op: SessionOperator,
    body: { title: string; body: string; audience: BroadcastAudience; merchant_ids?: number[] | undefined },
  ): Promise<BroadcastItem> {
    const { db, clock } = this.deps;
    const merchantIds = body.audience === 'chosen' ? (body.merchant_ids ?? []) : [];
    const now = clock.now();
    const id = await db.transaction().execute(async (tx) => {
      const existing = await broadcasts.existingMerchants(tx, merchantIds);
      const unknown = merchantIds.filter((m) => !existing.has(m));
      if (unknown.length > 0)
        throw new Refusal('MERCHANT_UNKNOWN', {
          fields: { merchant_ids: 'MERCHANT_UNKNOWN' },
          unknown_ids: unknown,
        });
      const recipients =
        body.audience === 'all' ? await broadcasts.registeredBy(tx, now) : merchantIds.length;
      const messageId = await broadcasts.insert(
        tx,
        {
          title: body.title,
          body: body.body,
          audience: body.audience,
          operatorId: op.id,
          merchantIds,
          recipients,
        },
        now,
      );
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'message.broadcast',
          targetType: 'system_message',
          targetId: messageId,
          before: null,
          after: {
            title: body.title,
            body: body.body,
            audience: body.audience,
            merchant_ids: merchantIds,
            recipients,
          },
        },
        now,
      );
      return messageId;
    });
    const [item] = await this.broadcastItems(db, [await broadcasts.byId(db, id)]);
    return item!;
  }

  async announcements(query: Paging & { active?: '0' | '1' | undefined }) {
    const { db } = this.deps;
    const active = query.active === undefined ? undefined : query.active === '1';
    const page = await announcements.page(db, { active }, query);
    const texts = await announcements.texts(
      db,
      page.list.map((r) => r.id),
    );
    return { ...page, list: page.list.map((r) => announcementOf(r, texts.get(r.id) ?? {})) };
  }

  private async one(db: Db, id: number): Promise<AnnouncementItem> {
    const row = await announcements.byId(db, id);
    if (!row) throw notFound();
    const texts = await announcements.texts(db, [id]);
    return announcementOf(row, texts.get(id) ?? {});
  }

  async createAnnouncement(
    op: SessionOperator,
    body: {
      texts: Partial<Record<Lang, string | undefined>>;
      main_lang: Lang;
      active: boolean;
      sort: number;
    },
  ): Promise<AnnouncementItem> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const texts = textsOf(body.texts);
    return db.transaction().execute(async (tx) => {
      const id = await announcements.insert(
        tx,
        { main_lang: body.main_lang, active: body.active, sort: body.sort, operatorId: op.id },
        now,
      );
      await announcements.setTexts(tx, id, texts);
      const after = await this.one(tx, id);
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'announcement.create',
          targetType: 'announcement',
          targetId: id,
          before: null,
          after,
        },
        now,
      );
      return after;
    });
  }

  /**
   * Changes what the body gives. The fallback language must keep a text: given texts without the
   * stored main language's, or a main language the stored texts lack, is refused on `texts`.
   */
  async updateAnnouncement(
    op: SessionOperator,
    body: {
      id: number;
      texts?: Partial<Record<Lang, string | undefined>> | undefined;
      main_lang?: Lang | undefined;
      active?: boolean | undefined;
      sort?: number | undefined;
    },
  ): Promise<AnnouncementItem> {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (tx) => {
      const before = await this.one(tx, body.id);
      const texts = body.texts ? textsOf(body.texts) : before.texts;
      const mainLang = body.main_lang ?? before.main_lang;
      if (texts[mainLang] === undefined) throw fieldRefusal('INVALID_INPUT', 'texts', 'FIELD_REQUIRED');
      await announcements.update(
        tx,
        body.id,
        {
          main_lang: mainLang,
          active: body.active ?? before.active,
          sort: body.sort ?? before.sort,
          operatorId: op.id,
        },
        now,
      );
      if (body.texts) await announcements.setTexts(tx, body.id, texts);
      const after = await this.one(tx, body.id);
      await audit(
        tx,
        {
          operatorId: op.id,
          action:
            after.active === before.active
              ? 'announcement.update'
              : after.active
                ? 'announcement.enable'
                : 'announcement.disable',
          targetType: 'announcement',
          targetId: body.id,
          before,
          after,
        },
        now,
      );
      return after;
    });
  }
}
