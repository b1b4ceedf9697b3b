import { accountRoutes } from '@dropdesk/contract/account';
import type { MessageKey } from '@dropdesk/contract/errors';
import { shopRoutes as r, SHOP_LIMITS } from '@dropdesk/contract/shop';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant, newUpload, type TestMerchant } from '../../../test/factories';
import { t as message } from '../../i18n/t';
import { checkLedger } from '../ledger/ledger.check';

/** merchant/store and merchant/store_banner over HTTP (docs/shop.md). */
describe(`shop settings (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const shopRow = (id: number) =>
    t.database.db.selectFrom('shops').selectAll().where('merchant_id', '=', id).executeTakeFirstOrThrow();
  const shopOf = async (m: TestMerchant) => (await m.client.call(accountRoutes.getMerInfo)).data.shop;
  const en = (m: TestMerchant) => new Client(t.app, m.token, { lang: 'en' });

  const basic = {
    name: 'Lotus Goods',
    phone: '+84 901 234 567',
    address: '12 Le Loi, District 1, Ho Chi Minh City',
    intro: 'Home things, shipped fast.\nOpen every day.',
    welcome: 'Welcome to Lotus Goods!',
    service_link: 'https://t.me/lotus_goods',
  };

  it('store: saves each field of the basic info and the social links; getMerInfo shows them', async () => {
    const m = await newMerchant(t);
    const logo = await newUpload(t, m.id, 'logo');
    const res = await m.client.call(r.store, {
      ...basic,
      logo,
      twitter: 'https://twitter.com/lotus_goods',
      google: 'https://g.page/lotus-goods',
    });
    expect(res.code, res.raw).toBe(1);
    const expected = {
      name: 'Lotus Goods',
      logo_url: `/uploads/${logo}`,
      // The contract's phone field keeps digits and the leading +.
      phone: '+84901234567',
      address: basic.address,
      intro: basic.intro,
      welcome: basic.welcome,
      service_link: basic.service_link,
      twitter: 'https://twitter.com/lotus_goods',
      google: 'https://g.page/lotus-goods',
      banner_url: null,
      ad_banner_url: null,
    };
    expect(res.data).toEqual(expected);
    expect(await shopOf(m)).toEqual(expected);
    expect(await shopRow(m.id)).toMatchObject({ logo, name: 'Lotus Goods', phone: '+84901234567' });
  });

  it('store: a field left out keeps its value, so each screen sends only its own', async () => {
    const m = await newMerchant(t);
    expect((await m.client.call(r.store, basic)).code).toBe(1);
    const social = await m.client.call(r.store, { twitter: 'https://x.com/lotus', google: '' });
    expect(social.data).toMatchObject({
      ...basic,
      phone: '+84901234567',
      twitter: 'https://x.com/lotus',
      google: '',
    });
    // Saving the basic info again leaves the social links alone; the logo stays without a new one.
    const logo = await newUpload(t, m.id, 'logo');
    await m.client.call(r.store, { logo });
    const again = await m.client.call(r.store, { ...basic, name: 'Lotus Goods 2' });
    expect(again.data).toMatchObject({
      name: 'Lotus Goods 2',
      twitter: 'https://x.com/lotus',
      logo_url: `/uploads/${logo}`,
    });
    // An empty link means none.
    expect((await m.client.call(r.store, { twitter: '' })).data.twitter).toBe('');
    // Nothing sent changes nothing.
    const before = await shopRow(m.id);
    expect((await m.client.call(r.store, {})).code).toBe(1);
    expect(await shopRow(m.id)).toEqual(before);
  });

  it('store: text is kept as typed, markup included, and answered as JSON', async () => {
    const m = await newMerchant(t);
    const intro = '<script>alert("x")</script>\n<b>bold</b> & <img src=x onerror=alert(1)>';
    const res = await m.client.call(r.store, { intro, welcome: '"quotes" & <i>tags</i>' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.data.intro).toBe(intro);
    expect((await shopRow(m.id)).intro).toBe(intro);
    expect((await shopRow(m.id)).welcome).toBe('"quotes" & <i>tags</i>');
  });

  describe('links: https only, empty for none', () => {
    const refused: [string, string, MessageKey][] = [
      ['http', 'http://twitter.com/lotus', 'FIELD_HTTPS'],
      ['javascript', 'javascript:alert(1)', 'FIELD_HTTPS'],
      ['javascript in caps', 'JavaScript:alert(document.cookie)', 'FIELD_HTTPS'],
      ['data', 'data:text/html,<script>alert(1)</script>', 'FIELD_HTTPS'],
      ['plain text', 'twitter.com/lotus', 'FIELD_HTTPS'],
      ['a handle', '@lotus', 'FIELD_HTTPS'],
      ['protocol-relative', '//twitter.com/lotus', 'FIELD_HTTPS'],
      ['an https URL with spaces', 'https://twitter.com/lotus goods', 'FIELD_URL'],
      ['an https URL with a space in the host', 'https://twit ter.com/lotus', 'FIELD_URL'],
      ['no host', 'https://', 'FIELD_URL'],
      ['a bare host name', 'https://localhost/lotus', 'FIELD_URL'],
      ['a user and password', 'https://user:pass@twitter.com/lotus', 'FIELD_URL'],
    ];
    for (const field of ['twitter', 'google', 'service_link'] as const) {
      it.each(refused)(
        `${field}: refuses %s with its message, and saves nothing`,
        async (_name, value, key) => {
          const m = await newMerchant(t);
          const before = await shopRow(m.id);
          const res = await en(m).call(r.store, { [field]: value, name: 'Changed' });
          expectRefusal(res, 'INVALID_INPUT', field);
          expect(res.fields?.[field]).toBe(message('en', key));
          expect(await shopRow(m.id)).toEqual(before);
        },
      );
    }

    it('takes an https link (trimmed, any case of the scheme) and an empty one', async () => {
      const m = await newMerchant(t);
      const res = await m.client.call(r.store, {
        twitter: '  https://twitter.com/lotus?ref=shop#top  ',
        google: 'HTTPS://maps.google.com/?cid=123',
        service_link: 'https://wa.me/84901234567',
      });
      expect(res.data).toMatchObject({
        twitter: 'https://twitter.com/lotus?ref=shop#top',
        google: 'HTTPS://maps.google.com/?cid=123',
        service_link: 'https://wa.me/84901234567',
      });
      expect((await m.client.call(r.store, { service_link: '' })).data.service_link).toBe('');
    });
  });

  it('lengths: each text field at its limit is kept, one character more is refused at the field', async () => {
    const m = await newMerchant(t);
    const link = (n: number) => `https://example.com/${'a'.repeat(n - 'https://example.com/'.length)}`;
    const cases: [
      keyof typeof SHOP_LIMITS | 'twitter' | 'google' | 'service_link',
      number,
      (n: number) => string,
    ][] = [
      ['name', SHOP_LIMITS.name, (n) => 'N'.repeat(n)],
      ['address', SHOP_LIMITS.address, (n) => 'A'.repeat(n)],
      ['intro', SHOP_LIMITS.intro, (n) => 'I'.repeat(n)],
      ['welcome', SHOP_LIMITS.welcome, (n) => 'W'.repeat(n)],
      ['twitter', SHOP_LIMITS.link, link],
      ['google', SHOP_LIMITS.link, link],
      ['service_link', SHOP_LIMITS.link, link],
    ];
    for (const [field, max, make] of cases) {
      const ok = await m.client.call(r.store, { [field]: make(max) });
      expect(ok.code, `${field} ${ok.raw}`).toBe(1);
      const long = await en(m).call(r.store, { [field]: make(max + 1) });
      expectRefusal(long, 'INVALID_INPUT', field, field);
      expect(long.fields?.[field]).toBe(message('en', 'FIELD_TOO_LONG'));
    }
    // Required ones: empty or blank is refused, and a phone must be one.
    for (const field of ['name', 'address'] as const) {
      const blank = await en(m).call(r.store, { [field]: '   ' });
      expect(blank.fields?.[field], field).toBe(message('en', 'FIELD_REQUIRED'));
    }
    expect((await en(m).call(r.store, { phone: 'call me' })).fields?.phone).toBe(
      message('en', 'FIELD_PHONE'),
    );
    // Unknown fields are refused, not ignored.
    const unknown = await en(m).post(r.store.path, { name: 'x', banner: 'u_x', merchant_id: 1 });
    expectRefusal(unknown, 'INVALID_INPUT', 'merchant_id');
  });

  it('control characters are refused (line breaks and tabs only in the introduction and welcome)', async () => {
    const m = await newMerchant(t);
    const before = await shopRow(m.id);
    for (const [field, value] of [
      ['name', 'Lotus\u0000Goods'],
      ['address', 'Le Loi\u0007'],
      ['name', 'Lotus\nGoods'],
      ['intro', 'first\r\nsecond'],
      ['intro', 'bell\u0007'],
      ['welcome', 'del\u007f'],
      ['twitter', 'https://twitter.com/\u0000lotus'],
    ] as const) {
      const res = await en(m).call(r.store, { [field]: value });
      expectRefusal(res, 'INVALID_INPUT', field, `${field} ${JSON.stringify(value)}`);
      expect(res.fields?.[field]).toBe(message('en', 'FIELD_CONTROL_CHARS'));
    }
    expect(await shopRow(m.id)).toEqual(before);
    const lines = await m.client.call(r.store, { intro: 'one\n\ttwo', welcome: 'hi\nthere' });
    expect(lines.data).toMatchObject({ intro: 'one\n\ttwo', welcome: 'hi\nthere' });
  });

  it("store: the logo must be this merchant's own upload of kind logo", async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const before = await shopRow(m.id);
    const refs = {
      "another merchant's logo": await newUpload(t, other.id, 'logo'),
      'a banner upload': await newUpload(t, m.id, 'banner'),
      'a private ID photo': await newUpload(t, m.id, 'id_card'),
      'a private voucher': await newUpload(t, m.id, 'voucher'),
      'an unclaimed anonymous upload': await newUpload(t, null, 'logo'),
      'a reference that does not exist': 'u_AAAAAAAAAAAAAAAAAAAAAA',
    };
    for (const [what, logo] of Object.entries(refs)) {
      const res = await en(m).call(r.store, { ...basic, logo });
      expectRefusal(res, 'UPLOAD_INVALID', 'logo', what);
      expect(res.msg).toBe(message('en', 'UPLOAD_INVALID'));
    }
    expectRefusal(await m.client.call(r.store, { logo: 'not-a-ref' }), 'UPLOAD_INVALID', 'logo');
    expect(await shopRow(m.id)).toEqual(before);
  });

  it('store_banner: saves both banners, keeps one left out, removes one sent as null', async () => {
    const m = await newMerchant(t);
    const banner = await newUpload(t, m.id, 'banner');
    const ad = await newUpload(t, m.id, 'banner');
    const res = await m.client.call(r.storeBanner, { banner, ad_banner: ad });
    expect(res.data).toMatchObject({ banner_url: `/uploads/${banner}`, ad_banner_url: `/uploads/${ad}` });
    expect(await shopOf(m)).toMatchObject({
      banner_url: `/uploads/${banner}`,
      ad_banner_url: `/uploads/${ad}`,
    });
    const next = await newUpload(t, m.id, 'banner');
    expect((await m.client.call(r.storeBanner, { banner: next })).data).toMatchObject({
      banner_url: `/uploads/${next}`,
      ad_banner_url: `/uploads/${ad}`,
    });
    expect((await m.client.call(r.storeBanner, { ad_banner: null })).data).toMatchObject({
      banner_url: `/uploads/${next}`,
      ad_banner_url: null,
    });
    expect(await shopRow(m.id)).toMatchObject({ banner: next, ad_banner: null });
  });

  it("store_banner: each banner must be this merchant's own banner upload; nothing is saved otherwise", async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const mine = await newUpload(t, m.id, 'banner');
    const before = await shopRow(m.id);
    for (const [field, ref] of [
      ['banner', await newUpload(t, other.id, 'banner')],
      ['ad_banner', await newUpload(t, other.id, 'banner')],
      ['banner', await newUpload(t, m.id, 'logo')],
      ['ad_banner', await newUpload(t, m.id, 'product')],
      ['banner', await newUpload(t, m.id, 'license')],
      ['ad_banner', 'u_BBBBBBBBBBBBBBBBBBBBBB'],
    ] as const) {
      // The good one beside it is not saved either: a refusal changes nothing.
      const body = field === 'banner' ? { banner: ref, ad_banner: mine } : { banner: mine, ad_banner: ref };
      expectRefusal(await en(m).call(r.storeBanner, body), 'UPLOAD_INVALID', field, `${field} ${ref}`);
    }
    expectRefusal(
      await m.client.call(r.storeBanner, { banner: 'javascript:alert(1)' }),
      'UPLOAD_INVALID',
      'banner',
    );
    expectRefusal(await m.client.post(r.storeBanner.path, { banner: 42 }), 'INVALID_INPUT', 'banner');
    expect(await shopRow(m.id)).toEqual(before);
  });

  it('a merchant changes only its own shop, and needs a session', async () => {
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    const bBefore = await shopRow(b.id);
    await a.client.call(r.store, { name: 'Only mine', merchant_id: b.id } as never);
    await a.client.call(r.store, { name: 'Only mine' });
    expect(await shopRow(b.id)).toEqual(bBefore);
    expect((await shopRow(a.id)).name).toBe('Only mine');
    for (const row of [r.store, r.storeBanner]) {
      const anon = await new Client(t.app).post(row.path, {});
      expect(anon.status).toBe(401);
      expect(anon.error).toBe('UNAUTHORIZED');
    }
  });
});
