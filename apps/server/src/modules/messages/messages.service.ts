import type { Lang } from '@dropdesk/contract/constants';
import {
  BROADCAST_KIND,
  type MessageItem,
  type MessageType,
  NOTICE_KINDS,
  type NoticeKind,
  type UnreadCounts,
} from '@dropdesk/contract/messages';
import type { Db } from '../../db/database';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { notFound, unauthorized } from '../../lib/refusal';
import { announcementsRepository } from './announcements.repository';
import {
  type NoticeRow,
  type ReadFilter,
  type Recipient,
  messagesRepository as repo,
  type SystemMessageRow,
} from './messages.repository';

export interface MessagesDeps {
  db: Db;
  clock: Clock;
}

const READ_FILTER = { all: 'all', '0': 'unread', '1': 'read' } as const satisfies Record<string, ReadFilter>;

function paramsOf(json: string): Record<string, string | number | null> {
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value))
      return value as Record<string, string | number | null>;
  } catch {
    // A notice's params are written by notify() as JSON; anything else reads as none.
  }
  return {};
}

export function noticeItemOf(row: NoticeRow): MessageItem {
  const kind = (NOTICE_KINDS as readonly string[]).includes(row.type) ? (row.type as NoticeKind) : null;
  if (!kind) throw new Error(`notice ${row.id} has an unknown type ${row.type}`);
  return {
    id: row.id,
    type: 'notice',
    kind,
    title_key: row.title_key,
    params: paramsOf(row.params),
    title: null,
    body: null,
    sender: 'system',
    created_at: iso(Number(row.created_at)),
    read: row.read_at !== null,
    link: row.ref_type !== null && row.ref_id !== null ? { type: row.ref_type, id: row.ref_id } : null,
  };
}

export function systemItemOf(row: SystemMessageRow): MessageItem {
  return {
    id: row.id,
    type: 'system',
    kind: BROADCAST_KIND,
    title_key: null,
    params: null,
    title: row.title,
    body: row.body,
    sender: 'platform',
    created_at: iso(Number(row.created_at)),
    read: row.read_at !== null,
    link: null,
  };
}

/**
 * The merchant's messages (contract `messageRoutes`): user notices (its own rows) and system
 * messages (operators' broadcasts sent to it: to all merchants registered when sent, or to it by
 * name), their read state, and the announcements on Home.
 */
export class MessagesService {
  constructor(private readonly deps: MessagesDeps) {}

  private async recipient(merchantId: number): Promise<Recipient> {
    const registeredAt = await repo.registeredAt(this.deps.db, merchantId);
    // The session's merchant exists; a row gone under it is a session gone.
    if (registeredAt === null) throw unauthorized();
    return { id: merchantId, registeredAt };
  }

  async list(merchantId: number, query: Paging & { type: MessageType; is_see: 'all' | '0' | '1' }) {
    const { db } = this.deps;
    const r = await this.recipient(merchantId);
    const read = READ_FILTER[query.is_see];
    const paging = { page: query.page, limit: query.limit };
    const [page, unread] = await Promise.all([
      query.type === 'notice'
        ? repo.notices(db, merchantId, read, paging).then((p) => ({ ...p, list: p.list.map(noticeItemOf) }))
        : repo.systemMessages(db, r, read, paging).then((p) => ({ ...p, list: p.list.map(systemItemOf) })),
      repo.unread(db, r),
    ]);
    return { ...page, unread };
  }

  async detail(merchantId: number, query: { type: MessageType; id: number }): Promise<MessageItem> {
    const { db } = this.deps;
    if (query.type === 'notice') {
      const row = await repo.notice(db, merchantId, query.id);
      if (!row) throw notFound();
      return noticeItemOf(row);
    }
    const row = await repo.systemMessage(db, await this.recipient(merchantId), query.id);
    if (!row) throw notFound();
    return systemItemOf(row);
  }

  async unread(merchantId: number): Promise<UnreadCounts> {
    return repo.unread(this.deps.db, await this.recipient(merchantId));
  }

  /**
   * Marks messages of one type read. Ids the merchant was not sent (another merchant's notice, a
   * broadcast to others, an unknown id) change nothing and are not refused: marking read is
   * harmless to repeat, and the answer is the same whether such an id exists or not.
   */
  async see(
    merchantId: number,
    body: { type: MessageType; ids?: number[] | undefined; all?: true | undefined },
  ) {
    const { db, clock } = this.deps;
    const r = await this.recipient(merchantId);
    const ids = body.all ? 'all' : (body.ids ?? []);
    const now = clock.now();
    const marked =
      body.type === 'notice'
        ? await repo.seeNotices(db, merchantId, ids, now)
        : await repo.seeSystem(db, r, ids, now);
    return { marked, unread: await repo.unread(db, r) };
  }

  /** The active announcements in `lang` (else each one's fallback language). */
  async affiche(lang: Lang, query: { limit: number }) {
    const rows = await announcementsRepository.shown(this.deps.db, lang, query.limit);
    return {
      list: rows.map((r) => ({ id: r.id, text: r.text, lang: r.lang, created_at: iso(r.created_at) })),
    };
  }
}
