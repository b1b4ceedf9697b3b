import { accountRoutes } from '@dropdesk/contract/account';
import { storeRoutes as r } from '@dropdesk/contract/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { newImage, setMerchantLevel, setProduct } from '../../../test/catalogue';
import { expectBooksBalanced } from '../../../test/checks';
import { Client, expectRefusal } from '../../../test/client';
import { featureListings } from '../../../test/express';
import { newMerchant } from '../../../test/factories';
import { guest, newBuyer, onShelf, paidOrder, placeOrder } from '../../../test/store';

/** A shop's face and shelf, and follows, over HTTP (docs/orders.md "Storefront API"; visits: visits.test.ts). */
describe(`storefront (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    await expectBooksBalanced(t);
  });
  afterAll(() => t.close());

  it("shop: the shop's face, with followers and rating counted from events; a missing shop is NOT_FOUND", async () => {
    const m = await newMerchant(t);
    await t.database.db
      .updateTable('shops')
      .set({ intro: 'Kitchen things', welcome: 'Welcome!', logo: 'u_logo.webp', banner: 'u_banner.webp' })
      .where('merchant_id', '=', m.id)
      .execute();
    const res = await guest(t).call(r.shop, { shop: String(m.id) });
    expect(res.data).toMatchObject({
      id: m.id,
      logo_url: '/uploads/u_logo.webp',
      banner_url: '/uploads/u_banner.webp',
      intro: 'Kitchen things',
      welcome: 'Welcome!',
      followers: 0,
      following: false,
      rating: null,
      ratings: 0,
      closed: false,
      lang: 'vi',
    });
    expect(res.data.name).toMatch(/^Shop /);
    expectRefusal(await guest(t).call(r.shop, { shop: String(999_999_999) }), 'NOT_FOUND');
    expectRefusal(await guest(t).get(r.shop.path, { shop: 'x' }), 'INVALID_INPUT', 'shop');
    expectRefusal(await guest(t).get(r.shop.path, {}), 'INVALID_INPUT', 'shop');
    await t.database.db.updateTable('merchants').set({ status: 'closed' }).where('id', '=', m.id).execute();
    expect((await guest(t).call(r.shop, { shop: String(m.id) })).data.closed).toBe(true);
  });

  it('products: on shelf and active only, recommended first then newest, at the shop margin, in the buyer language', async () => {
    const m = await newMerchant(t);
    await setMerchantLevel(t, m.id, { margin_bps: 2_000 });
    const a = await onShelf(t, { merchant: m, cost: '10.00', titles: { en: 'Alpha', vi: 'An pha' } });
    await newImage(t, a.productId);
    const b = await onShelf(t, { merchant: m, cost: '3.33', titles: { en: 'Beta' } });
    const warehouse = await onShelf(t, { merchant: m });
    await m.client.post('/merchant/product/setSwitch', { ids: [warehouse.listingId], status: 'warehouse' });
    const off = await onShelf(t, { merchant: m });
    await setProduct(t, off.productId, { active: false });
    // Featured by an express-lane purchase: recommended, and first while the purchase lasts.
    await featureListings(t, m.id, [a.listingId]);
    // Another shop's products are not this shop's.
    await onShelf(t);

    const res = await new Client(t.app, null, { lang: 'en' }).call(r.products, { shop: String(m.id) });
    expect(res.data.total).toBe(2);
    expect(res.data.list).toEqual([
      {
        id: a.listingId,
        title: 'Alpha',
        image: { url: expect.stringMatching(/^\/media\//), width: 240, height: 240 },
        price: '12.00',
        stock: 100,
        sales: 0,
        recommended: true,
      },
      {
        id: b.listingId,
        title: 'Beta',
        image: null,
        price: '4.00',
        stock: 100,
        sales: 0,
        recommended: false,
      },
    ]);
    const vi = await new Client(t.app, null, { lang: 'vi' }).call(r.products, {
      shop: String(m.id),
      limit: '1',
      page: '2',
    });
    expect(vi.data).toMatchObject({
      total: 2,
      page: 2,
      limit: 1,
      list: [{ id: b.listingId, title: 'Beta' }],
    });
    const viFirst = await new Client(t.app, null, { lang: 'vi' }).call(r.products, { shop: String(m.id) });
    expect(viFirst.data.list[0]?.title).toBe('An pha');
    expectRefusal(await guest(t).call(r.products, { shop: String(999_999_999) }), 'NOT_FOUND');
    expectRefusal(await guest(t).get(r.products.path, { shop: m.id, limit: 101 }), 'INVALID_INPUT', 'limit');
    expectRefusal(await guest(t).get(r.products.path, { shop: m.id, page: 0 }), 'INVALID_INPUT', 'page');
  });

  it("shop and product name the shop's language, its merchant's, whatever the buyer's language", async () => {
    const item = await onShelf(t, { titles: { en: 'Delta', vi: 'Đen-ta' } });
    const other = await newMerchant(t, { lang: 'th' });
    const inEnglish = new Client(t.app, null, { lang: 'en' });
    expect((await inEnglish.call(r.shop, { shop: String(item.merchant.id) })).data.lang).toBe('vi');
    const product = await inEnglish.call(r.product, { id: String(item.listingId) });
    // The buyer's language still picks the title; the shop's is said beside it.
    expect(product.data).toMatchObject({ title: 'Delta', shop_id: item.merchant.id, shop_lang: 'vi' });
    expect((await inEnglish.call(r.shop, { shop: String(other.id) })).data.lang).toBe('th');

    // The merchant switches the app to English: the shop follows.
    expect((await item.merchant.client.call(accountRoutes.setLanguage, { lang: 'en' })).code).toBe(1);
    expect((await guest(t).call(r.shop, { shop: String(item.merchant.id) })).data.lang).toBe('en');
    expect((await guest(t).call(r.product, { id: String(item.listingId) })).data.shop_lang).toBe('en');
    // Another shop keeps its own.
    expect((await guest(t).call(r.shop, { shop: String(other.id) })).data.lang).toBe('th');
  });

  it('product: one on-shelf listing with its description and images; anything else is NOT_FOUND', async () => {
    const item = await onShelf(t, {
      cost: '8.00',
      titles: { en: 'Gamma' },
      descriptions: { en: 'A fine gamma' },
    });
    await newImage(t, item.productId, { sort: 1 });
    await newImage(t, item.productId, { sort: 0, detail: [900, 600] });
    const res = await new Client(t.app, null, { lang: 'en' }).call(r.product, { id: String(item.listingId) });
    expect(res.data).toMatchObject({
      id: item.listingId,
      shop_id: item.merchant.id,
      title: 'Gamma',
      description: 'A fine gamma',
      price: '9.20',
    });
    expect(res.data.images.map((i) => [i.width, i.height])).toEqual([
      [900, 600],
      [800, 800],
    ]);
    await item.merchant.client.post('/merchant/product/setSwitch', {
      ids: [item.listingId],
      status: 'warehouse',
    });
    expectRefusal(await guest(t).call(r.product, { id: String(item.listingId) }), 'NOT_FOUND');
    const off = await onShelf(t);
    await setProduct(t, off.productId, { active: false });
    expectRefusal(await guest(t).call(r.product, { id: String(off.listingId) }), 'NOT_FOUND');
    expectRefusal(await guest(t).call(r.product, { id: String(999_999_999) }), 'NOT_FOUND');
    expectRefusal(await guest(t).get(r.product.path, { id: '1e1' }), 'INVALID_INPUT', 'id');
  });

  it('follow and unfollow: counted once per buyer, shown on the shop page; a guest is 401', async () => {
    const m = await newMerchant(t);
    const a = await newBuyer(t);
    const b = await newBuyer(t);
    expect((await a.client.call(r.follow, { shop: m.id, follow: true })).data).toEqual({
      following: true,
      followers: 1,
    });
    expect((await a.client.call(r.follow, { shop: m.id, follow: true })).data).toEqual({
      following: true,
      followers: 1,
    });
    expect((await b.client.call(r.follow, { shop: m.id, follow: true })).data).toEqual({
      following: true,
      followers: 2,
    });
    expect((await a.client.call(r.shop, { shop: String(m.id) })).data).toMatchObject({
      following: true,
      followers: 2,
    });
    expect((await guest(t).call(r.shop, { shop: String(m.id) })).data).toMatchObject({
      following: false,
      followers: 2,
    });
    expect((await a.client.call(r.follow, { shop: m.id, follow: false })).data).toEqual({
      following: false,
      followers: 1,
    });
    expect((await a.client.call(r.follow, { shop: m.id, follow: false })).data).toEqual({
      following: false,
      followers: 1,
    });
    expect((await a.client.call(r.shop, { shop: String(m.id) })).data).toMatchObject({
      following: false,
      followers: 1,
    });

    expect((await guest(t).call(r.follow, { shop: m.id, follow: true })).status).toBe(401);
    expectRefusal(await a.client.call(r.follow, { shop: 999_999_999, follow: true }), 'NOT_FOUND');
    expectRefusal(
      await a.client.post(r.follow.path, { shop: m.id, follow: 'yes' }),
      'INVALID_INPUT',
      'follow',
    );
    expectRefusal(await a.client.post(r.follow.path, { shop: m.id }), 'INVALID_INPUT', 'follow');
  });

  it("a listing's sales count its paid orders' units; stock shows what is left", async () => {
    const item = await onShelf(t, { stock: 10 });
    await paidOrder(t, item.listingId, guest(t), { quantity: 3 });
    await placeOrder(guest(t), item.listingId, { quantity: 2 });
    const res = await guest(t).call(r.products, { shop: String(item.merchant.id) });
    expect(res.data.list[0]).toMatchObject({ id: item.listingId, sales: 3, stock: 5 });
  });
});
