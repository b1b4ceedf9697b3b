import { adminMessageRoutes as a, messageRoutes as r } from '@dropdesk/contract/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { auditSince, lastAuditId } from '../../../test/services';

/**
 * The operators' side of messages over HTTP (contract `adminMessageRoutes`): broadcasts to all or
 * chosen merchants, announcements (texts per language with a fallback, disabled, ordered) and the
 * merchant's `affiche`, each change audited; who may call them; refusals by key and field.
 */
describe(`operator messages and announcements (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let admin: Client;
  let support: Client;
  let reviewer: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await newOperator(t, 'admin');
    support = await newOperator(t, 'support');
    reviewer = await newOperator(t, 'reviewer');
  });
  beforeEach(() => t.clock.advance(60_000));
  afterAll(() => t.close());

  it('broadcast: to chosen merchants, listed with recipients and reads, audited', async () => {
    const m1 = await newMerchant(t);
    const m2 = await newMerchant(t);
    const audit = await lastAuditId(t);
    const res = await admin.call(a.broadcast, {
      title: '  Holiday hours  ',
      body: 'Payouts pause on 1 May.\nThey resume on 2 May.',
      audience: 'chosen',
      merchant_ids: [m2.id, m1.id, m2.id],
    });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      title: 'Holiday hours',
      body: 'Payouts pause on 1 May.\nThey resume on 2 May.',
      audience: 'chosen',
      merchant_ids: [m1.id, m2.id].sort((x, y) => x - y),
      recipients: 2,
      reads: 0,
      created_at: new Date(t.clock.now()).toISOString(),
    });
    expect(res.data.operator.username).toMatch(/^op_/);

    await m1.client.call(r.seeNotice, { type: 'system', ids: [res.data.id] });
    const list = await support.call(a.broadcasts, { limit: '100' });
    expect(list.code, list.raw).toBe(1);
    expect(list.data.list.find((b) => b.id === res.data.id)).toMatchObject({ recipients: 2, reads: 1 });

    const entries = await auditSince(t, audit);
    expect(entries).toEqual([
      {
        operator_id: res.data.operator.id,
        action: 'message.broadcast',
        target_type: 'system_message',
        target_id: String(res.data.id),
        before: null,
        after: {
          title: 'Holiday hours',
          body: 'Payouts pause on 1 May.\nThey resume on 2 May.',
          audience: 'chosen',
          merchant_ids: [m2.id, m1.id],
          recipients: 2,
        },
        detail: null,
      },
    ]);
  });

  it('broadcast: to all counts the merchants registered then; an unknown chosen id is MERCHANT_UNKNOWN and stores nothing', async () => {
    const m = await newMerchant(t);
    const count = Number(
      (
        await t.database.db
          .selectFrom('merchants')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const res = await admin.call(a.broadcast, { title: 'New rules', body: 'Read them.', audience: 'all' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({ audience: 'all', merchant_ids: [], recipients: count });

    const before = await t.database.db
      .selectFrom('system_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const audit = await lastAuditId(t);
    const unknown = await admin.call(a.broadcast, {
      title: 'Hi',
      body: 'Hi',
      audience: 'chosen',
      merchant_ids: [m.id, 99_999_999],
    });
    expectRefusal(unknown, 'MERCHANT_UNKNOWN', 'merchant_ids');
    expect(unknown.data).toMatchObject({ unknown_ids: [99_999_999] });
    const after = await t.database.db
      .selectFrom('system_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await auditSince(t, audit)).toEqual([]);
    expect((await m.client.call(r.unread)).data.system).toBe(1);
  });

  it('broadcast: refuses bad inputs by key and field', async () => {
    const send = a.broadcast.path;
    const ok = { title: 'T', body: 'B', audience: 'all' };
    expectRefusal(await admin.post(send, { ...ok, title: '   ' }), 'INVALID_INPUT', 'title');
    expectRefusal(await admin.post(send, { ...ok, title: 'x'.repeat(101) }), 'INVALID_INPUT', 'title');
    expectRefusal(await admin.post(send, { ...ok, title: 'two\nlines' }), 'INVALID_INPUT', 'title');
    expectRefusal(await admin.post(send, { ...ok, body: 'bell\u0007' }), 'INVALID_INPUT', 'body');
    expectRefusal(await admin.post(send, { ...ok, body: 'cr\r\nlf' }), 'INVALID_INPUT', 'body');
    expectRefusal(await admin.post(send, { ...ok, body: 'x'.repeat(2001) }), 'INVALID_INPUT', 'body');
    expectRefusal(await admin.post(send, { ...ok, body: undefined }), 'INVALID_INPUT', 'body');
    expectRefusal(await admin.post(send, { ...ok, audience: 'some' }), 'INVALID_INPUT', 'audience');
    expectRefusal(await admin.post(send, { ...ok, audience: 'chosen' }), 'INVALID_INPUT', 'merchant_ids');
    expectRefusal(
      await admin.post(send, { ...ok, audience: 'chosen', merchant_ids: [] }),
      'INVALID_INPUT',
      'merchant_ids',
    );
    expectRefusal(await admin.post(send, { ...ok, merchant_ids: [1] }), 'INVALID_INPUT', 'merchant_ids');
    expectRefusal(
      await admin.post(send, { ...ok, audience: 'chosen', merchant_ids: [-1] }),
      'INVALID_INPUT',
      'merchant_ids.0',
    );
    expectRefusal(await admin.post(send, { ...ok, html: '<b>' }), 'INVALID_INPUT', 'html');
    const title = await admin.post(send, { ...ok, title: 'bad\u0000' });
    expect(title.fields?.title).toBe(
      (await import('@dropdesk/contract/messages/vi.json')).default.FIELD_CONTROL_CHARS,
    );
  });

  it('roles: only an admin broadcasts or changes announcements; support reads; a reviewer or merchant does neither', async () => {
    const m = await newMerchant(t);
    const broadcast = { title: 'T', body: 'B', audience: 'all' as const };
    const create = { texts: { en: 'Hello' }, main_lang: 'en' as const };
    for (const op of [support, reviewer]) {
      expectRefusal(await op.call(a.broadcast, broadcast), 'FORBIDDEN');
      expectRefusal(await op.call(a.createAnnouncement, create), 'FORBIDDEN');
      expectRefusal(await op.call(a.updateAnnouncement, { id: 1, active: false }), 'FORBIDDEN');
    }
    expectRefusal(await reviewer.call(a.broadcasts, {}), 'FORBIDDEN');
    expectRefusal(await reviewer.call(a.announcements, {}), 'FORBIDDEN');
    expect((await support.call(a.announcements, {})).code).toBe(1);
    expect((await m.client.call(a.broadcast, broadcast)).status).toBe(401);
    expect((await m.client.call(a.broadcasts, {})).status).toBe(401);
    expect((await m.client.call(r.unread)).data).toEqual({ system: 0, notice: 0 });
  });

  it('announcements: shown in the caller’s language, else the fallback language; disabled ones hidden; in order', async () => {
    const m = await newMerchant(t);
    const created = await admin.call(a.createAnnouncement, {
      texts: { en: 'Free shipping week', vi: 'Tuần miễn phí vận chuyển', ja: '' },
      main_lang: 'en',
      sort: 5,
    });
    expect(created.code, created.raw).toBe(1);
    expect(created.data).toMatchObject({
      texts: { en: 'Free shipping week', vi: 'Tuần miễn phí vận chuyển' },
      main_lang: 'en',
      active: true,
      sort: 5,
    });
    expect(Object.keys(created.data.texts).sort()).toEqual(['en', 'vi']);
    const id = created.data.id;
    const first = (
      await admin.call(a.createAnnouncement, { texts: { ko: '첫 번째' }, main_lang: 'ko', sort: 1 })
    ).data.id;
    const hidden = (
      await admin.call(a.createAnnouncement, { texts: { en: 'Draft' }, main_lang: 'en', active: false })
    ).data.id;

    const vi = await m.client.call(r.affiche, { limit: '50' }, { lang: 'vi' });
    expect(vi.code, vi.raw).toBe(1);
    const mine = (list: { id: number }[]) => list.filter((x) => [id, first, hidden].includes(x.id));
    expect(mine(vi.data.list)).toEqual([
      { id: first, text: '첫 번째', lang: 'ko', created_at: expect.any(String) },
      { id, text: 'Tuần miễn phí vận chuyển', lang: 'vi', created_at: new Date(t.clock.now()).toISOString() },
    ]);
    // Japanese was left blank: the fallback (English) shows, and says so.
    const ja = await m.client.call(r.affiche, { limit: '50' }, { lang: 'ja' });
    expect(mine(ja.data.list).find((x) => x.id === id)).toMatchObject({
      text: 'Free shipping week',
      lang: 'en',
    });

    // Disabled: gone from Home, still in the console.
    const audit = await lastAuditId(t);
    const off = await admin.call(a.updateAnnouncement, { id, active: false });
    expect(off.code, off.raw).toBe(1);
    expect(off.data).toMatchObject({ id, active: false, texts: created.data.texts, sort: 5 });
    expect(mine((await m.client.call(r.affiche, { limit: '50' })).data.list).map((x) => x.id)).toEqual([
      first,
    ]);
    const inactive = await support.call(a.announcements, { active: '0', limit: '100' });
    expect(inactive.data.list.map((x) => x.id)).toEqual(expect.arrayContaining([id, hidden]));
    expect(inactive.data.list.every((x) => !x.active)).toBe(true);
    const [entry] = await auditSince(t, audit);
    expect(entry).toMatchObject({
      action: 'announcement.disable',
      target_type: 'announcement',
      target_id: String(id),
      before: { active: true, sort: 5 },
      after: { active: false, sort: 5 },
    });

    // New texts replace the old ones; the fallback language changes with them.
    const changed = await admin.call(a.updateAnnouncement, {
      id,
      texts: { vi: 'Giảm giá', tr: 'İndirim' },
      main_lang: 'tr',
      active: true,
    });
    expect(changed.data).toMatchObject({
      texts: { vi: 'Giảm giá', tr: 'İndirim' },
      main_lang: 'tr',
      active: true,
    });
    expect(Object.keys(changed.data.texts).sort()).toEqual(['tr', 'vi']);
    const en = await m.client.call(r.affiche, { limit: '50' }, { lang: 'en' });
    expect(mine(en.data.list).find((x) => x.id === id)).toMatchObject({ text: 'İndirim', lang: 'tr' });
    expect((await auditSince(t, audit)).map((e) => e.action)).toEqual([
      'announcement.disable',
      'announcement.enable',
    ]);
  });

  it('announcements: refuses bad inputs by key and field; an unknown id is NOT_FOUND', async () => {
    const create = a.createAnnouncement.path;
    const update = a.updateAnnouncement.path;
    expectRefusal(await admin.post(create, { main_lang: 'en' }), 'INVALID_INPUT', 'texts');
    expectRefusal(await admin.post(create, { texts: { en: 'Hi' } }), 'INVALID_INPUT', 'main_lang');
    expectRefusal(
      await admin.post(create, { texts: { en: 'Hi' }, main_lang: 'fr' }),
      'INVALID_INPUT',
      'main_lang',
    );
    expectRefusal(
      await admin.post(create, { texts: { vi: 'Chào' }, main_lang: 'en' }),
      'INVALID_INPUT',
      'texts',
    );
    expectRefusal(
      await admin.post(create, { texts: { en: 'Hi', fr: 'Salut' }, main_lang: 'en' }),
      'INVALID_INPUT',
      'texts.fr',
    );
    expectRefusal(
      await admin.post(create, { texts: { en: 'x'.repeat(301) }, main_lang: 'en' }),
      'INVALID_INPUT',
      'texts.en',
    );
    expectRefusal(
      await admin.post(create, { texts: { en: 'a\nb' }, main_lang: 'en' }),
      'INVALID_INPUT',
      'texts.en',
    );
    expectRefusal(
      await admin.post(create, { texts: { en: 'Hi' }, main_lang: 'en', sort: -1 }),
      'INVALID_INPUT',
      'sort',
    );
    expectRefusal(
      await admin.post(create, { texts: { en: 'Hi' }, main_lang: 'en', sort: 1.5 }),
      'INVALID_INPUT',
      'sort',
    );
    expectRefusal(
      await admin.post(create, { texts: { en: 'Hi' }, main_lang: 'en', active: 'yes' }),
      'INVALID_INPUT',
      'active',
    );

    const made = await admin.call(a.createAnnouncement, { texts: { en: 'Hi', vi: 'Chào' }, main_lang: 'en' });
    const id = made.data.id;
    expectRefusal(await admin.post(update, { active: false }), 'INVALID_INPUT', 'id');
    // The fallback language must keep a text, whichever side of the change drops it.
    expectRefusal(await admin.post(update, { id, texts: { vi: 'Chào' } }), 'INVALID_INPUT', 'texts');
    expectRefusal(await admin.post(update, { id, main_lang: 'ko' }), 'INVALID_INPUT', 'texts');
    expectRefusal(await admin.post(update, { id: 99_999_999, active: false }), 'NOT_FOUND');
    const still = await support.call(a.announcements, { limit: '100' });
    expect(still.data.list.find((x) => x.id === id)).toMatchObject({
      texts: { en: 'Hi', vi: 'Chào' },
      main_lang: 'en',
    });
    expectRefusal(await support.get(a.announcements.path, { active: 'yes' }), 'INVALID_INPUT', 'active');
    expectRefusal(await support.get(a.broadcasts.path, { page: '0' }), 'INVALID_INPUT', 'page');
  });
});
