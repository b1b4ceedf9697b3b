import { shopRoutes as r } from '@dropdesk/contract/shop';
import { storeRoutes } from '@dropdesk/contract/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newMerchant, newOperator, newUpload } from '../../../test/factories';
import { guest } from '../../../test/store';
import { checkLedger } from '../ledger/ledger.check';

/** What a merchant saves in the shop settings is what buyers see on the shop page (/store/shop). */
describe(`shop settings in the storefront (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => expect((await checkLedger(t.database.db)).problems).toEqual([]));
  afterAll(() => t.close());

  const shopPage = (id: number) => guest(t).call(storeRoutes.shop, { shop: String(id) });

  it('the shop page shows the saved name, logo, banners, introduction, welcome and links', async () => {
    const m = await newMerchant(t);
    const [logo, banner, ad] = await Promise.all([
      newUpload(t, m.id, 'logo'),
      newUpload(t, m.id, 'banner'),
      newUpload(t, m.id, 'banner'),
    ]);
    expect(
      (
        await m.client.call(r.store, {
          logo,
          name: 'Lotus Goods',
          phone: '+84901234567',
          address: '12 Le Loi, District 1',
          intro: 'Home things.\nShipped fast.',
          welcome: 'Welcome!',
          service_link: 'https://t.me/lotus_goods',
          twitter: 'https://twitter.com/lotus_goods',
          google: 'https://g.page/lotus-goods',
        })
      ).code,
    ).toBe(1);
    expect((await m.client.call(r.storeBanner, { banner, ad_banner: ad })).code).toBe(1);
    const res = await shopPage(m.id);
    expect(res.data).toMatchObject({
      id: m.id,
      name: 'Lotus Goods',
      logo_url: `/uploads/${logo}`,
      banner_url: `/uploads/${banner}`,
      ad_banner_url: `/uploads/${ad}`,
      intro: 'Home things.\nShipped fast.',
      welcome: 'Welcome!',
      service_link: 'https://t.me/lotus_goods',
      twitter: 'https://twitter.com/lotus_goods',
      google: 'https://g.page/lotus-goods',
      closed: false,
    });
    // The shop's address and phone are the merchant's business, not on the buyers' page.
    expect(res.data).not.toHaveProperty('phone');
    // The banners are public images anyone can load.
    const image = await t.app.inject({ method: 'GET', url: `/uploads/${ad}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  });

  it('markup in the introduction is stored verbatim and served as JSON text, never as HTML', async () => {
    const m = await newMerchant(t);
    const intro = '<script>alert("owned")</script><img src=x onerror=alert(1)>';
    await m.client.call(r.store, { intro, welcome: '</script><b>hi</b>' });
    const stored = await t.database.db
      .selectFrom('shops')
      .select(['intro', 'welcome'])
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ intro, welcome: '</script><b>hi</b>' });
    const res = await shopPage(m.id);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    // A JSON string value: the reader gets the characters back, to show as text.
    expect(JSON.parse(res.raw).data.intro).toBe(intro);
    expect(res.data.welcome).toBe('</script><b>hi</b>');
    // The API never answers HTML a browser would run (nosniff keeps it JSON).
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('only https links reach buyers, whatever an older row holds', async () => {
    const m = await newMerchant(t);
    await t.database.db
      .updateTable('shops')
      .set({
        service_link: 'javascript:alert(1)',
        twitter: 'http://twitter.com/x',
        google: 'data:text/html,hi',
      })
      .where('merchant_id', '=', m.id)
      .execute();
    expect((await shopPage(m.id)).data).toMatchObject({ service_link: '', twitter: '', google: '' });
    await t.database.db
      .updateTable('shops')
      .set({ twitter: 'https://twitter.com/ok', google: 'https://exa mple.com' })
      .where('merchant_id', '=', m.id)
      .execute();
    expect((await shopPage(m.id)).data).toMatchObject({ twitter: 'https://twitter.com/ok', google: '' });
  });

  it('a closed shop still shows its page, marked closed; reopened, it is open again', async () => {
    const m = await newMerchant(t);
    const support = await newOperator(t, 'support');
    await support.post('/admin/shop/close', { merchant_id: m.id, reason: 'Under review' });
    const closed = await shopPage(m.id);
    expect(closed.data.closed).toBe(true);
    // The reason is between the platform and the merchant: buyers are not told it.
    expect(closed.raw).not.toContain('Under review');
    await support.post('/admin/shop/reopen', { merchant_id: m.id });
    expect((await shopPage(m.id)).data.closed).toBe(false);
  });
});
