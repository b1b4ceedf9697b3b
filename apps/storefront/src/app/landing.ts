import { isLang, type Lang } from '@dropdesk/contract/constants';
import { productsQuery } from '../features/shop/query';
import { startEarly } from '../lib/api';
import { preloadLang } from '../lib/i18n';
import { chosenLang, detectLang, knownShopLang, rememberShopLang } from '../lib/lang';

const shopPage = () => import('../features/shop/ShopPage');
const productPage = () => import('../features/product/ProductPage');

/**
 * How long the first page waits for its shop's reply to name the shop's language; after that it
 * shows the default (lib/lang.ts) and the page switches when the reply comes.
 */
const LANG_WAIT_MS = 3_000;

/**
 * How long the reply may take before the likely language's texts are fetched anyway, as a hedge:
 * a reply that comes sooner names the language, and only its texts are fetched (an English browser
 * on a Vietnamese shop fetched both before: 2 KB of the shop page's 100 KB budget).
 */
const HEDGE_MS = 400;

/**
 * The pages a buyer lands on from a link (a shop's, a product's): their chunks, which App.tsx
 * renders lazily, and `start`, which main.tsx calls before the language and React have loaded. It
 * fetches the landing page's chunk (the same module promise then serves React.lazy) and starts its
 * first reads (`startEarly`: the page's own identical calls take their answers), so code and data
 * travel together. It answers the page's language: a shop is shown in its own language unless the
 * buyer chose one (lib/lang.ts), so a shop never seen before on this device waits for its reply,
 * which names it, while the likely language's texts load.
 */
export const LANDING = {
  shop: shopPage,
  product: productPage,
  start(pathname: string): Promise<Lang> {
    const shop = /^\/s\/([1-9]\d{0,14})\/?$/.exec(pathname)?.[1];
    const product = /^\/s\/p\/([1-9]\d{0,14})\/?$/.exec(pathname)?.[1];
    if (shop) {
      void shopPage().catch(() => undefined);
      const reply = startEarly('shop', { shop });
      startEarly('products', productsQuery(shop, 1));
      if (chosenLang() !== null || knownShopLang(shop) !== null) return Promise.resolve(detectLang(shop));
      return namedBy(reply, detectLang(shop), (data: { id?: unknown; lang?: unknown }) => [
        data.id,
        data.lang,
      ]);
    }
    if (product) {
      void productPage().catch(() => undefined);
      const reply = startEarly('product', { id: product });
      if (chosenLang() !== null) return Promise.resolve(detectLang());
      return namedBy(reply, detectLang(), (data: { shop_id?: unknown; shop_lang?: unknown }) => [
        data.shop_id,
        data.shop_lang,
      ]);
    }
    return Promise.resolve(detectLang());
  },
};

/**
 * The language a shop's reply names (read from a copy, so the page still takes the reply), kept
 * for the shop's next visit; `likely` when the reply fails, names none, or is slow.
 */
function namedBy<T>(
  reply: Promise<Response> | null,
  likely: Lang,
  pick: (data: T) => [shop: unknown, lang: unknown],
): Promise<Lang> {
  if (!reply) {
    preloadLang(likely);
    return Promise.resolve(likely);
  }
  const hedge = setTimeout(() => preloadLang(likely), HEDGE_MS);
  const named = reply
    .then((res) => res.clone().json() as Promise<{ code?: unknown; data?: T }>)
    .then((env) => {
      if (env.code !== 1 || !env.data) return likely;
      const [shop, lang] = pick(env.data);
      if (!isLang(lang) || (typeof shop !== 'number' && typeof shop !== 'string')) return likely;
      rememberShopLang(shop, lang);
      return lang;
    })
    .catch(() => likely)
    .finally(() => clearTimeout(hedge));
  const late = new Promise<Lang>((resolve) => setTimeout(() => resolve(likely), LANG_WAIT_MS));
  return Promise.race([named, late]);
}
