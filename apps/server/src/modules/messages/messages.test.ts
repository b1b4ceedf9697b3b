import { adminMessageRoutes as a, messageRoutes as r } from '@dropdesk/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import type { NoticeType } from '../notices';
import { notify } from '../notices';

/**
 * The merchant's messages over HTTP (contract `messageRoutes`): user notices and system messages
 * by type and read state, paging, unread counts, marking read by ids or all, another merchant's
 * ids, and refusals by key and field.
 */
describe(`merchant messages (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newOperator(t, 'admin');
  });
  // Each test's merchants register after every earlier test's broadcasts to all, so never see them.
  beforeEach(() => t.clock.advance(60_000));
  afterAll(() => t.close());

  /** A notice written the way every event writes one, a second after the last. */
  async function notice(
    merchantId: number,
    type: NoticeType = 'order_paid',
    params: Record<string, string | number | null> = { order_no: 'T1', amount: '11.50' },
    ref?: { type: string; id: number },
  ): Promise<number> {
    t.clock.advance(1000);
    await t.database.db
      .transaction()
      .execute((tx) => notify(tx, { merchantId, type, params, ref }, t.clock.now()));
    const row = await t.database.db
      .selectFrom('notices')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function broadcastTo(merchantIds: number[] | 'all', title = 'Maintenance tonight') {
    t.clock.advance(1000);
    const res = await admin.call(
      a.broadcast,
      merchantIds === 'all'
        ? { title, body: 'From 01:00 to 02:00.\nOrders keep their state.', audience: 'all' }
        : { title, body: 'Hello', audience: 'chosen', merchant_ids: merchantIds },
    );
    expect(res.code, res.raw).toBe(1);
    return res.data.id;
  }

  it('notice: lists the merchant’s notices newest first, translated by key, with their link and read flag', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const first = await notice(
      m.id,
      'order_paid',
      { order_no: 'T100', amount: '23.00' },
      { type: 'order', id: 7 },
    );
    const firstAt = new Date(t.clock.now()).toISOString();
    const second = await notice(m.id, 'kyc_rejected', { reason: 'photo is blurred' });
    await notice(other.id);

    const res = await m.client.call(r.notice, { type: 'notice' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ total: 2, page: 1, limit: 20, unread: { notice: 2, system: 0 } });
    expect(res.data.list.map((n) => n.id)).toEqual([second, first]);
    expect(res.data.list[1]).toEqual({
      id: first,
      type: 'notice',
      kind: 'order_paid',
      title_key: 'notice.order_paid',
      params: { order_no: 'T100', amount: '23.00' },
      title: null,
      body: null,
      sender: 'system',
      created_at: firstAt,
      read: false,
      link: { type: 'order', id: 7 },
    });
    expect(res.data.list[0]).toMatchObject({
      kind: 'kyc_rejected',
      params: { reason: 'photo is blurred' },
      link: null,
    });

    // The other tab holds only system messages.
    const system = await m.client.call(r.notice, { type: 'system' });
    expect(system.data).toMatchObject({ total: 0, list: [] });
  });

  it('notice: is_see filters unread (0) and read (1); see_notice by ids marks only those', async () => {
    const m = await newMerchant(t);
    const ids = [await notice(m.id), await notice(m.id), await notice(m.id)];

    const seen = await m.client.call(r.seeNotice, { type: 'notice', ids: [ids[0]!, ids[2]!, ids[2]!] });
    expect(seen.code, seen.raw).toBe(1);
    expect(seen.data).toEqual({ marked: 2, unread: { system: 0, notice: 1 } });

    const unread = await m.client.call(r.notice, { type: 'notice', is_see: '0' });
    expect(unread.data.list.map((n) => [n.id, n.read])).toEqual([[ids[1], false]]);
    expect(unread.data.total).toBe(1);
    const read = await m.client.call(r.notice, { type: 'notice', is_see: '1' });
    expect(read.data.list.map((n) => [n.id, n.read])).toEqual([
      [ids[2], true],
      [ids[0], true],
    ]);
    // Seeing again changes nothing.
    const again = await m.client.call(r.seeNotice, { type: 'notice', ids: [ids[0]!] });
    expect(again.data).toEqual({ marked: 0, unread: { system: 0, notice: 1 } });
  });

  it('notice: pages of `limit`, newest first, the total counting every match', async () => {
    const m = await newMerchant(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await notice(m.id));
    const newestFirst = [...ids].reverse();

    const p1 = await m.client.call(r.notice, { type: 'notice', limit: '2' });
    const p2 = await m.client.call(r.notice, { type: 'notice', limit: '2', page: '2' });
    const p3 = await m.client.call(r.notice, { type: 'notice', limit: '2', page: '3' });
    const p4 = await m.client.call(r.notice, { type: 'notice', limit: '2', page: '4' });
    expect([p1, p2, p3, p4].map((p) => p.data.total)).toEqual([5, 5, 5, 5]);
    expect([...p1.data.list, ...p2.data.list, ...p3.data.list].map((n) => n.id)).toEqual(newestFirst);
    expect(p3.data).toMatchObject({ page: 3, limit: 2 });
    expect(p4.data.list).toEqual([]);
  });

  it('see_notice: another merchant’s ids change nothing (not refused, marked 0); all is per type', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const theirs = await notice(other.id);
    const mine = await notice(m.id);
    await broadcastTo([m.id, other.id]);

    const res = await m.client.call(r.seeNotice, { type: 'notice', ids: [theirs] });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({ marked: 0, unread: { system: 1, notice: 1 } });
    const theirsAfter = await other.client.call(r.notice, { type: 'notice', is_see: '0' });
    expect(theirsAfter.data.list.map((n) => n.id)).toEqual([theirs]);
    // An id that does not exist reads the same.
    const unknown = await m.client.call(r.seeNotice, { type: 'notice', ids: [theirs + 1_000_000] });
    expect(unknown.data.marked).toBe(0);

    // All notices: the system message stays unread, and only this merchant's notices are read.
    const all = await m.client.call(r.seeNotice, { type: 'notice', all: true });
    expect(all.data).toEqual({ marked: 1, unread: { system: 1, notice: 0 } });
    expect((await m.client.call(r.notice, { type: 'notice' })).data.list.map((n) => [n.id, n.read])).toEqual([
      [mine, true],
    ]);
    expect((await other.client.call(r.unread)).data).toEqual({ system: 1, notice: 1 });

    const system = await m.client.call(r.seeNotice, { type: 'system', all: true });
    expect(system.data).toEqual({ marked: 1, unread: { system: 0, notice: 0 } });
    expect((await other.client.call(r.unread)).data).toEqual({ system: 1, notice: 1 });
  });

  it('notice_detail: the merchant’s own message; another merchant’s, or a broadcast to others, is NOT_FOUND', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const mine = await notice(
      m.id,
      'refund_asked',
      { order_no: 'T9', amount: '5.00' },
      { type: 'order', id: 3 },
    );
    const theirs = await notice(other.id);
    const toOther = await broadcastTo([other.id]);
    const toMe = await broadcastTo([m.id], 'Your shop was featured');

    const res = await m.client.call(r.noticeDetail, { type: 'notice', id: String(mine) });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      id: mine,
      kind: 'refund_asked',
      read: false,
      link: { type: 'order', id: 3 },
    });
    // Reading the detail does not mark it: the app marks it with see_notice.
    expect((await m.client.call(r.unread)).data.notice).toBe(1);

    const system = await m.client.call(r.noticeDetail, { type: 'system', id: String(toMe) });
    expect(system.data).toMatchObject({
      id: toMe,
      type: 'system',
      kind: 'broadcast',
      title: 'Your shop was featured',
      body: 'Hello',
      title_key: null,
      params: null,
      sender: 'platform',
      read: false,
      link: null,
    });

    expectRefusal(await m.client.call(r.noticeDetail, { type: 'notice', id: String(theirs) }), 'NOT_FOUND');
    expectRefusal(await m.client.call(r.noticeDetail, { type: 'system', id: String(toOther) }), 'NOT_FOUND');
    // A notice's id asked as a system message is another message.
    expectRefusal(
      await m.client.call(r.noticeDetail, { type: 'system', id: String(mine + 1_000_000) }),
      'NOT_FOUND',
    );
  });

  it('system: a broadcast to all reaches the merchants registered when sent, with one row whatever their number', async () => {
    const before = await newMerchant(t);
    const alsoBefore = await newMerchant(t);
    const id = await broadcastTo('all');
    t.clock.advance(1000);
    const after = await newMerchant(t);

    for (const m of [before, alsoBefore]) {
      const res = await m.client.call(r.notice, { type: 'system' });
      expect(res.data.list.map((s) => s.id)).toEqual([id]);
      expect(res.data.list[0]).toMatchObject({
        title: 'Maintenance tonight',
        body: 'From 01:00 to 02:00.\nOrders keep their state.',
        read: false,
      });
      expect(res.data.unread).toEqual({ system: 1, notice: 0 });
    }
    // Registered after it was sent: not told of it.
    const late = await after.client.call(r.notice, { type: 'system' });
    expect(late.data).toMatchObject({ total: 0, list: [], unread: { system: 0, notice: 0 } });
    expectRefusal(await after.client.call(r.noticeDetail, { type: 'system', id: String(id) }), 'NOT_FOUND');
    expect((await after.client.call(r.seeNotice, { type: 'system', ids: [id] })).data.marked).toBe(0);

    const db = t.database.db;
    expect(
      await db
        .selectFrom('system_message_targets')
        .select('merchant_id')
        .where('message_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('system_message_reads')
        .select('merchant_id')
        .where('message_id', '=', id)
        .execute(),
    ).toEqual([]);

    // Read by one: one read row, the other still unread.
    const seen = await before.client.call(r.seeNotice, { type: 'system', ids: [id] });
    expect(seen.data).toEqual({ marked: 1, unread: { system: 0, notice: 0 } });
    expect(
      (await before.client.call(r.notice, { type: 'system', is_see: '1' })).data.list.map((s) => s.id),
    ).toEqual([id]);
    expect(
      (await alsoBefore.client.call(r.notice, { type: 'system', is_see: '0' })).data.list.map((s) => s.id),
    ).toEqual([id]);
    expect(
      (
        await db
          .selectFrom('system_message_reads')
          .select('merchant_id')
          .where('message_id', '=', id)
          .execute()
      ).map((x) => x.merchant_id),
    ).toEqual([before.id]);
  });

  it('system: a broadcast to chosen merchants is never seen by another', async () => {
    const chosen = await newMerchant(t);
    const not = await newMerchant(t);
    const id = await broadcastTo([chosen.id]);

    expect((await chosen.client.call(r.notice, { type: 'system' })).data.list.map((s) => s.id)).toEqual([id]);
    expect((await not.client.call(r.notice, { type: 'system' })).data).toMatchObject({ total: 0, list: [] });
    expect((await not.client.call(r.unread)).data).toEqual({ system: 0, notice: 0 });
    // Marking it, by id or all, writes nothing for the merchant not chosen.
    expect((await not.client.call(r.seeNotice, { type: 'system', ids: [id] })).data.marked).toBe(0);
    expect((await not.client.call(r.seeNotice, { type: 'system', all: true })).data.marked).toBe(0);
    const reads = await t.database.db
      .selectFrom('system_message_reads')
      .select('merchant_id')
      .where('message_id', '=', id)
      .execute();
    expect(reads).toEqual([]);
    expect((await chosen.client.call(r.unread)).data).toEqual({ system: 1, notice: 0 });
  });

  it('unread: the badges’ counts follow notices and broadcasts', async () => {
    const m = await newMerchant(t);
    expect((await m.client.call(r.unread)).data).toEqual({ system: 0, notice: 0 });
    await notice(m.id);
    await notice(m.id, 'level_upgraded', { level: 'Gold' }, { type: 'level', id: 2 });
    await broadcastTo([m.id]);
    await broadcastTo([m.id]);
    await broadcastTo([m.id]);
    expect((await m.client.call(r.unread)).data).toEqual({ system: 3, notice: 2 });
  });

  it('refuses bad inputs by key and field, and asks for a session', async () => {
    const m = await newMerchant(t);
    const c = m.client;
    expectRefusal(await c.get(r.notice.path, {}), 'INVALID_INPUT', 'type');
    expectRefusal(await c.get(r.notice.path, { type: 'mail' }), 'INVALID_INPUT', 'type');
    expectRefusal(await c.get(r.notice.path, { type: 'notice', is_see: '2' }), 'INVALID_INPUT', 'is_see');
    expectRefusal(await c.get(r.notice.path, { type: 'notice', page: '0' }), 'INVALID_INPUT', 'page');
    expectRefusal(await c.get(r.notice.path, { type: 'notice', limit: '101' }), 'INVALID_INPUT', 'limit');
    expectRefusal(await c.get(r.notice.path, { type: 'notice', limit: '1e1' }), 'INVALID_INPUT', 'limit');
    expectRefusal(await c.get(r.notice.path, { type: 'notice', sort: 'x' }), 'INVALID_INPUT', 'sort');
    expectRefusal(await c.get(r.noticeDetail.path, { type: 'notice', id: 'abc' }), 'INVALID_INPUT', 'id');
    expectRefusal(await c.get(r.noticeDetail.path, { id: '1' }), 'INVALID_INPUT', 'type');
    expectRefusal(await c.get(r.affiche.path, { limit: '51' }), 'INVALID_INPUT', 'limit');

    const see = r.seeNotice.path;
    expectRefusal(await c.post(see, { type: 'notice' }), 'INVALID_INPUT', 'ids');
    expectRefusal(await c.post(see, { ids: [1] }), 'INVALID_INPUT', 'type');
    expectRefusal(await c.post(see, { type: 'notice', ids: [] }), 'INVALID_INPUT', 'ids');
    expectRefusal(await c.post(see, { type: 'notice', ids: ['1'] }), 'INVALID_INPUT', 'ids.0');
    expectRefusal(await c.post(see, { type: 'notice', ids: [0] }), 'INVALID_INPUT', 'ids.0');
    expectRefusal(
      await c.post(see, { type: 'notice', ids: Array.from({ length: 101 }, (_, i) => i + 1) }),
      'INVALID_INPUT',
      'ids',
    );
    expectRefusal(await c.post(see, { type: 'notice', ids: [1], all: true }), 'INVALID_INPUT', 'all');
    expectRefusal(await c.post(see, { type: 'notice', all: false }), 'INVALID_INPUT', 'all');
    expectRefusal(await c.post(see, { type: 'notice', all: true, extra: 1 }), 'INVALID_INPUT', 'extra');

    for (const row of [r.notice, r.unread, r.affiche, r.noticeDetail]) {
      const res = await c.get(row.path, { type: 'notice', id: '1' }, { token: null });
      expect(res.status, row.path).toBe(401);
    }
    expect((await c.post(see, { type: 'notice', all: true }, { token: null })).status).toBe(401);
    // An operator is not a merchant.
    expect((await admin.call(r.unread)).status).toBe(401);
  });
});
