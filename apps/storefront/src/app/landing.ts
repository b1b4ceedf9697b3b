import { productsQuery } from '../features/shop/query';
import { startEarly } from '../lib/api';

const shopPage = () => import('../features/shop/ShopPage');
const productPage = () => import('../features/product/ProductPage');

/**
 * The pages a buyer lands on from a link (a shop's, a product's): their chunks, which App.tsx
 * renders lazily, and `start`, which main.tsx calls before the language and React have loaded. It
 * fetches the landing page's chunk (the same module promise then serves React.lazy) and starts its
 * first reads (`startEarly`: the page's own identical calls take their answers), so code and data
 * travel together.
 */
export const LANDING = {
  shop: shopPage,
  product: productPage,
  start(pathname: string): void {
    const shop = /^\/s\/([1-9]\d{0,14})\/?$/.exec(pathname)?.[1];
    const product = /^\/s\/p\/([1-9]\d{0,14})\/?$/.exec(pathname)?.[1];
    if (shop) {
      void shopPage().catch(() => undefined);
      startEarly('shop', { shop });
      startEarly('products', productsQuery(shop, 1));
    } else if (product) {
      void productPage().catch(() => undefined);
      startEarly('product', { id: product });
    }
  },
};
