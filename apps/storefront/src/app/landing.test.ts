import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { i18n } from '../lib/i18n';
import { knownShopLang } from '../lib/lang';
import { fakeApi, ok, refused } from '../test/fake-api';
import { productDetail, shopData } from '../test/render';
import { LANDING } from './landing';

const browserSays = (...languages: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
const noProducts = () => ok({ total: 0, page: 1, limit: 20, list: [] });

// Each test its own shop ids: an early read not taken stays for 10 s (lib/api.ts).
describe("the landing page's language (app/landing.ts)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the shop's own, named by its reply, for an English browser on a Vietnamese shop; the page still takes that reply", async () => {
    browserSays('en-US', 'en');
    const calls = fakeApi({
      'GET /store/shop': (c) => ok(shopData({ id: Number(c.query.get('shop')), lang: 'vi' })),
      'GET /store/products': noProducts,
    });
    expect(await LANDING.start('/s/901')).toBe('vi');
    expect(knownShopLang(901)).toBe('vi');
    // The page's own first read takes the early answer: the shop is asked once.
    expect(await api('shop', { query: { shop: '901' } })).toMatchObject({ id: 901, lang: 'vi' });
    expect(calls.of('GET /store/shop')).toHaveLength(1);
  });

  it("fetches only the shop's language when its reply is quick (a Japanese browser on a Korean shop), and the browser's too, as a hedge, when the reply is slow", async () => {
    browserSays('ja-JP', 'ja');
    const has = (lang: string) => i18n.hasResourceBundle(lang, 'translation');
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    fakeApi({
      'GET /store/shop': async (c) => {
        const shop = Number(c.query.get('shop'));
        if (shop === 903) await pause(700);
        return ok(shopData({ id: shop, lang: shop === 903 ? 'th' : 'ko' }));
      },
      'GET /store/products': noProducts,
    });
    expect(has('ja')).toBe(false);
    expect(await LANDING.start('/s/902')).toBe('ko');
    await pause(600);
    expect(has('ja')).toBe(false);
    expect(await LANDING.start('/s/903')).toBe('th');
    await pause(100);
    expect(has('ja')).toBe(true);
  });

  it("starts at once in a shop's language seen before, and in the buyer's own choice on every shop", async () => {
    browserSays('en-US');
    localStorage.setItem('sf.shopLangs', JSON.stringify({ 902: 'th' }));
    fakeApi({
      // Never answers: the landing must not wait for what it knows.
      'GET /store/shop': () => new Promise(() => undefined),
      'GET /store/products': noProducts,
      'GET /store/product': () => new Promise(() => undefined),
    });
    expect(await LANDING.start('/s/902')).toBe('th');
    localStorage.setItem('sf.lang', 'ko');
    expect(await LANDING.start('/s/903')).toBe('ko');
    expect(await LANDING.start('/s/p/904')).toBe('ko');
  });

  it("a product page opened from a link is shown in its shop's language", async () => {
    browserSays('en-US');
    fakeApi({ 'GET /store/product': () => ok(productDetail(905, { shop_id: 77, shop_lang: 'th' })) });
    expect(await LANDING.start('/s/p/905')).toBe('th');
    expect(knownShopLang(77)).toBe('th');
  });

  it("falls back to the browser's language when the shop is unknown or the network fails; other pages start in the default", async () => {
    browserSays('de-DE', 'ja-JP');
    fakeApi({
      'GET /store/shop': (c) =>
        c.query.get('shop') === '906' ? refused('NOT_FOUND', 'Not found') : 'network-error',
      'GET /store/products': noProducts,
    });
    expect(await LANDING.start('/s/906')).toBe('ja');
    expect(await LANDING.start('/s/907')).toBe('ja');
    expect(knownShopLang(906)).toBeNull();
    // Where no shop is in view: the last shop's language (seen on this device), else the browser's.
    expect(await LANDING.start('/s/orders')).toBe('ja');
    localStorage.setItem('sf.shop', '77');
    localStorage.setItem('sf.shopLangs', JSON.stringify({ 77: 'th' }));
    expect(await LANDING.start('/s/orders')).toBe('th');
  });
});
