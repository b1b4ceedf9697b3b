import { accountRoutes } from '@dropdesk/contract/account';
import { adminShopRoutes as a, shopRoutes as r } from '@dropdesk/contract/shop';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { contractRows } from '../../../test/contract-rows';
import { newMerchant, newOperator, png, type TestMerchant } from '../../../test/factories';
import { noticesOf } from '../../../test/services';
import { t as message } from '../../i18n/t';
import { sha256 } from '../../lib/crypto';
import { checkLedger } from '../ledger/ledger.check';

/**
 * Operators close and reopen shops; a closed shop reads but writes nothing; the platform's
 * customer-service contact (docs/shop.md).
 */
describe(`closing shops and the service contact (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let support: Client;
  let admin: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    support = await newOperator(t, 'support');
    admin = await newOperator(t, 'admin');
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const operatorIdOf = async (op: Client) =>
    (
      await t.database.db
        .selectFrom('sessions')
        .select('subject_id')
        .where('token_hash', '=', sha256(op.token as string))
        .executeTakeFirstOrThrow()
    ).subject_id;
  const auditOf = (merchantId: number) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['operator_id', 'action', 'target_type', 'target_id', 'before', 'after', 'detail'])
      .where('target_type', '=', 'merchant')
      .where('target_id', '=', String(merchantId))
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          ...row,
          before: JSON.parse(row.before ?? 'null'),
          after: JSON.parse(row.after ?? 'null'),
          detail: JSON.parse(row.detail),
        })),
      );
  /** Logs in again as a closed shop may: a fresh session (closing ended the others). */
  const logIn = async (m: TestMerchant, lang = 'en') => {
    const res = await new Client(t.app).call(accountRoutes.login, { account: m.email, password: m.password });
    expect(res.code, res.raw).toBe(1);
    return new Client(t.app, res.data.merinfo.token, { lang });
  };
  const close = (m: TestMerchant, reason = 'Counterfeit goods reported by buyers') =>
    support.call(a.close, { merchant_id: m.id, reason });

  it('closing: the status and reason, sessions ended, a notice with the reason, a closure and an audit entry', async () => {
    const m = await newMerchant(t);
    const res = await close(m);
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      merchant_id: m.id,
      status: 'closed',
      closed_reason: 'Counterfeit goods reported by buyers',
      closures: [
        {
          reason: 'Counterfeit goods reported by buyers',
          closed_by: await operatorIdOf(support),
          reopened_at: null,
        },
      ],
    });
    expect(res.data.shop.name).toMatch(/^Shop /);
    // Every session of the shop ended at once (decision 3): the old token is refused.
    const old = await m.client.call(accountRoutes.getMerInfo);
    expect(old.status).toBe(401);
    expect(old.error).toBe('UNAUTHORIZED');
    // The merchant is told why, in a notice it reads in its own language.
    expect(await noticesOf(t, m.id)).toEqual([
      {
        type: 'shop_closed',
        title_key: 'notice.shop_closed',
        params: { reason: 'Counterfeit goods reported by buyers' },
        ref_type: 'shop_closure',
        ref_id: res.data.closures[0]!.id,
      },
    ]);
    expect(await auditOf(m.id)).toEqual([
      {
        operator_id: await operatorIdOf(support),
        action: 'shop.close',
        target_type: 'merchant',
        target_id: String(m.id),
        before: { status: 'active', closed_reason: null },
        after: { status: 'closed', closed_reason: 'Counterfeit goods reported by buyers' },
        detail: { closure_id: res.data.closures[0]!.id, sessions_revoked: true },
      },
    ]);
    // It may log in again and read: its info says it is closed, and why.
    const again = await logIn(m);
    const info = await again.call(accountRoutes.getMerInfo);
    expect(info.data).toMatchObject({
      status: 'closed',
      closed_reason: 'Counterfeit goods reported by buyers',
    });
  });

  it('a closed shop: every writing /merchant row answers SHOP_CLOSED in the caller language; reads work', async () => {
    const m = await newMerchant(t);
    await close(m);
    const writing = contractRows().filter(
      (row) =>
        row.path.startsWith('/merchant/') &&
        row.writes &&
        t.app.hasRoute({ method: row.method, url: row.path }),
    );
    // The shop rows are among them, and the other domains' writing rows too.
    expect(writing.map((row) => row.path)).toEqual(
      expect.arrayContaining([
        r.store.path,
        r.storeBanner.path,
        '/merchant/merchant/extract',
        '/merchant/order/pick',
      ]),
    );
    const before = await t.database.db
      .selectFrom('shops')
      .selectAll()
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    for (const lang of ['en', 'ja', 'tr'] as const) {
      const client = await logIn(m, lang);
      for (const row of writing) {
        // Whatever the body: the shop is closed before anything is read of it.
        const res =
          row.method === 'GET'
            ? await client.get(row.path, {})
            : await client.post(
                row.path,
                { name: 'Hijacked' },
                { headers: { 'Idempotency-Key': `k-${row.path}-${lang}` } },
              );
        expect({ row: row.path, status: res.status, error: res.error, msg: res.msg }).toEqual({
          row: row.path,
          status: 200,
          error: 'SHOP_CLOSED',
          msg: message(lang, 'SHOP_CLOSED'),
        });
      }
      // Uploads are refused too (an image for a form that would be refused).
      const upload = await client.upload('logo', await png());
      expect(upload.error).toBe('SHOP_CLOSED');
    }
    expect(message('en', 'SHOP_CLOSED')).toBe('The store is closed, please contact customer service');
    expect(
      await t.database.db
        .selectFrom('shops')
        .selectAll()
        .where('merchant_id', '=', m.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);

    // Reads answer (some ask for a query the loop doesn't give): never SHOP_CLOSED, never a crash.
    const client = await logIn(m);
    const reads = contractRows().filter(
      (row) =>
        row.path.startsWith('/merchant/') &&
        row.method === 'GET' &&
        !row.writes &&
        (row.auth === 'merchant' || row.auth === 'optional') &&
        t.app.hasRoute({ method: row.method, url: row.path }),
    );
    expect(reads.length).toBeGreaterThan(10);
    for (const row of reads) {
      const res = await client.get(row.path, {});
      expect({ row: row.path, status: res.status, shopClosed: res.error === 'SHOP_CLOSED' }).toEqual({
        row: row.path,
        status: 200,
        shopClosed: false,
      });
    }
    expect((await client.call(accountRoutes.getMerInfo)).data.status).toBe('closed');
  });

  it('reopening: writes work again, the merchant is told, the closure ends, the audit keeps the reason', async () => {
    const m = await newMerchant(t);
    await close(m, 'Missing documents');
    const res = await support.call(a.reopen, { merchant_id: m.id, note: 'Documents received, thank you' });
    expect(res.data).toMatchObject({
      status: 'active',
      closed_reason: null,
      closures: [
        {
          reason: 'Missing documents',
          reopened_by: await operatorIdOf(support),
          reopen_note: 'Documents received, thank you',
        },
      ],
    });
    expect(res.data.closures[0]!.reopened_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const client = await logIn(m);
    expect((await client.call(r.store, { name: 'Back in business' })).data.name).toBe('Back in business');
    expect((await noticesOf(t, m.id)).map((n) => [n.type, n.params])).toEqual([
      ['shop_closed', { reason: 'Missing documents' }],
      ['shop_reopened', { note: 'Documents received, thank you' }],
    ]);
    const entries = await auditOf(m.id);
    expect(entries.map((e) => e.action)).toEqual(['shop.close', 'shop.reopen']);
    expect(entries[1]).toMatchObject({
      detail: { note: 'Documents received, thank you' },
      before: { status: 'closed', closed_reason: 'Missing documents' },
      after: { status: 'active', closed_reason: null },
    });
    // Reopening keeps the sessions: only closing ends them.
    expect((await client.call(accountRoutes.getMerInfo)).data.status).toBe('active');
    // A note is optional.
    await close(m);
    expect((await admin.call(a.reopen, { merchant_id: m.id })).data.status).toBe('active');
  });

  it('refusals: closing a closed shop, reopening an open one, an unknown merchant, a reason missing or too long', async () => {
    const m = await newMerchant(t);
    const en = new Client(t.app, support.token, { lang: 'en' });
    expectRefusal(await en.call(a.reopen, { merchant_id: m.id }), 'SHOP_NOT_CLOSED');
    await close(m);
    const twice = await en.call(a.close, { merchant_id: m.id, reason: 'again' });
    expectRefusal(twice, 'SHOP_ALREADY_CLOSED');
    expect(twice.msg).toBe('This shop is already closed');
    expectRefusal(await en.call(a.close, { merchant_id: 999_999_999, reason: 'x' }), 'NOT_FOUND');
    expectRefusal(await en.call(a.reopen, { merchant_id: 999_999_999 }), 'NOT_FOUND');
    expectRefusal(await en.call(a.shop, { merchant_id: '999999999' }), 'NOT_FOUND');
    const other = await newMerchant(t);
    for (const reason of ['', '   ']) {
      const res = await en.call(a.close, { merchant_id: other.id, reason });
      expectRefusal(res, 'INVALID_INPUT', 'reason');
      expect(res.fields?.reason).toBe('Required');
    }
    expectRefusal(
      await en.call(a.close, { merchant_id: other.id, reason: 'x'.repeat(501) }),
      'INVALID_INPUT',
      'reason',
    );
    expectRefusal(
      await en.call(a.close, { merchant_id: other.id, reason: 'a\u0000b' }),
      'INVALID_INPUT',
      'reason',
    );
    expectRefusal(
      await en.post(a.close.path, { merchant_id: 'x', reason: 'y' }),
      'INVALID_INPUT',
      'merchant_id',
    );
    expectRefusal(await en.get(a.shop.path, { merchant_id: 'x' }), 'INVALID_INPUT', 'merchant_id');
    expectRefusal(await en.post(a.reopen.path, { merchant_id: 0 }), 'INVALID_INPUT', 'merchant_id');
    // Nothing happened to the other shop, and one closure only to the first.
    expect((await en.call(a.shop, { merchant_id: String(other.id) })).data).toMatchObject({
      status: 'active',
      closures: [],
    });
    expect((await en.call(a.shop, { merchant_id: String(m.id) })).data.closures).toHaveLength(1);
    expect((await noticesOf(t, m.id)).map((n) => n.type)).toEqual(['shop_closed']);
  });

  it('two operators closing at once: one closes, the other is told it is closed already', async () => {
    const m = await newMerchant(t);
    const results = await Promise.all([
      close(m, 'first'),
      admin.call(a.close, { merchant_id: m.id, reason: 'second' }),
    ]);
    expect(results.map((res) => res.error ?? 'ok').sort()).toEqual(['SHOP_ALREADY_CLOSED', 'ok']);
    const shop = await support.call(a.shop, { merchant_id: String(m.id) });
    expect(shop.data.closures).toHaveLength(1);
    expect(shop.data.closed_reason).toBe(shop.data.closures[0]!.reason);
    expect(await noticesOf(t, m.id)).toHaveLength(1);
  });

  it('GET /admin/shop: the status, the face and the closures newest first', async () => {
    const m = await newMerchant(t);
    await close(m, 'one');
    await support.call(a.reopen, { merchant_id: m.id });
    await close(m, 'two');
    const res = await support.call(a.shop, { merchant_id: String(m.id) });
    expect(res.data.status).toBe('closed');
    expect(res.data.closures.map((c) => [c.reason, c.reopened_at === null])).toEqual([
      ['two', true],
      ['one', false],
    ]);
    expect(res.data.shop).toMatchObject({ banner_url: null, ad_banner_url: null, twitter: '' });
  });

  it('roles: support and admin close and reopen; reviewers and catalogue operators may not; a merchant is no operator', async () => {
    const m = await newMerchant(t);
    const reviewer = await newOperator(t, 'reviewer');
    const catalogue = await newOperator(t, 'catalogue');
    for (const op of [reviewer, catalogue]) {
      expectRefusal(await op.call(a.close, { merchant_id: m.id, reason: 'x' }), 'FORBIDDEN');
      expectRefusal(await op.call(a.reopen, { merchant_id: m.id }), 'FORBIDDEN');
      expectRefusal(await op.call(a.shop, { merchant_id: String(m.id) }), 'FORBIDDEN');
      expectRefusal(await op.call(a.serviceContact), 'FORBIDDEN');
      expectRefusal(await op.call(a.setServiceContact, { url: '', text: '' }), 'FORBIDDEN');
    }
    expect((await support.call(a.serviceContact)).code).toBe(1);
    expectRefusal(await support.call(a.setServiceContact, { url: '', text: 'x' }), 'FORBIDDEN');
    const asMerchant = await m.client.call(a.close, { merchant_id: m.id, reason: 'x' });
    expect(asMerchant.status).toBe(401);
    expect((await admin.call(a.close, { merchant_id: m.id, reason: 'by an admin' })).data.status).toBe(
      'closed',
    );
    expect((await admin.call(a.reopen, { merchant_id: m.id })).data.status).toBe('active');
    // Refused calls changed nothing: the admin's close and reopen are the only entries.
    expect((await auditOf(m.id)).map((e) => e.action)).toEqual(['shop.close', 'shop.reopen']);
  });

  describe('the customer-service contact', () => {
    // One app of its own: the contact is one row for the whole platform.
    let own: TestApp;
    let ownAdmin: Client;
    beforeAll(async () => {
      own = await buildTestApp({ serviceUrl: 'https://t.me/deployment_support' });
      ownAdmin = await newOperator(own, 'admin');
    });
    afterAll(() => own.close());
    const config = () => new Client(own.app).call(accountRoutes.config);

    it('is the deployment SERVICE_URL until an admin sets one; then common/config answers the setting', async () => {
      expect((await config()).data).toMatchObject({
        service_url: 'https://t.me/deployment_support',
        service_text: '',
      });
      expect((await ownAdmin.call(a.serviceContact)).data).toEqual({
        url: 'https://t.me/deployment_support',
        text: '',
        source: 'env',
        updated_at: null,
      });
      const set = await ownAdmin.call(a.setServiceContact, {
        url: ' https://wa.me/84900000000 ',
        text: 'Every day 8:00–20:00\nsupport@dropdesk.example',
      });
      expect(set.data).toMatchObject({
        url: 'https://wa.me/84900000000',
        text: 'Every day 8:00–20:00\nsupport@dropdesk.example',
        source: 'setting',
      });
      expect((await config()).data).toMatchObject({
        service_url: 'https://wa.me/84900000000',
        service_text: 'Every day 8:00–20:00\nsupport@dropdesk.example',
      });
      // Empty is none: the app then says customer service is not available.
      await ownAdmin.call(a.setServiceContact, { url: '', text: '' });
      expect((await config()).data).toMatchObject({ service_url: '', service_text: '' });
      const entries = await own.database.db
        .selectFrom('audit_log')
        .select(['action', 'before', 'after'])
        .where('action', '=', 'settings.service_contact')
        .orderBy('id')
        .execute();
      expect(entries.map((e) => ({ before: JSON.parse(e.before!), after: JSON.parse(e.after!) }))).toEqual([
        {
          before: { url: 'https://t.me/deployment_support', text: '' },
          after: { url: 'https://wa.me/84900000000', text: 'Every day 8:00–20:00\nsupport@dropdesk.example' },
        },
        {
          before: {
            url: 'https://wa.me/84900000000',
            text: 'Every day 8:00–20:00\nsupport@dropdesk.example',
          },
          after: { url: '', text: '' },
        },
      ]);
    });

    it('takes only an https link, and a text of at most 500 characters', async () => {
      const en = new Client(own.app, ownAdmin.token, { lang: 'en' });
      const before = (await en.call(a.serviceContact)).data;
      for (const [url, key] of [
        ['http://t.me/x', 'FIELD_HTTPS'],
        ['javascript:alert(1)', 'FIELD_HTTPS'],
        ['t.me/support', 'FIELD_HTTPS'],
        ['https://t.me/our support', 'FIELD_URL'],
      ] as const) {
        const res = await en.call(a.setServiceContact, { url, text: '' });
        expectRefusal(res, 'INVALID_INPUT', 'url', url);
        expect(res.fields?.url).toBe(message('en', key));
      }
      expectRefusal(
        await en.call(a.setServiceContact, { url: '', text: 'x'.repeat(501) }),
        'INVALID_INPUT',
        'text',
      );
      expect((await en.call(a.serviceContact)).data).toEqual(before);
    });
  });
});
