import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { axeViolations, settled } from './support/axe';
import type { Lang } from './support/locales';
import { api, ok, operatorLogin } from './support/server';
import { buyerPhone, sellingMerchant, shelfOf } from './support/store';
import { openTopUps } from './support/wallet';

/**
 * The storefront usable with a screen reader: axe-core on each of its pages a buyer reaches (the
 * shop, a product, checkout, sign-in, the test payment page, an order, the buyer's orders), in vi
 * and en, with zero violations at every impact level, like the merchant app's screens
 * (a11y.spec.ts).
 */
test.describe('storefront: axe finds nothing', () => {
  let shop: number;
  let listing: number;
  let order: { id: number; token: string; paymentId: number };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const op = await operatorLogin();
    await openTopUps(op);
    const m = await sellingMerchant(op, '500');
    shop = m.merinfo.id;
    const shelf = await shelfOf(shop, 'en');
    const item = shelf.list.find((p) => p.stock > 0);
    if (!item) throw new Error('the shop has nothing in stock');
    listing = item.id;
    // A guest's order through the API, left unpaid, so its payment page and order page exist.
    const placed = ok(
      await api<{ order: { id: number }; payment: { id: number }; order_token: string }>('/store/checkout', {
        headers: { 'idempotency-key': randomUUID() },
        body: {
          listing_id: listing,
          quantity: 1,
          receiver_name: 'Trần Thị Mai',
          receiver_phone: '+84901234567',
          address: '12 Lê Lợi, Quận 1, Hồ Chí Minh',
          email: `a11y-${randomUUID().slice(0, 8)}@example.com`,
        },
      }),
    );
    order = { id: placed.order.id, token: placed.order_token, paymentId: placed.payment.id };
  });

  for (const lang of ['vi', 'en'] satisfies Lang[]) {
    test(`on every storefront page in ${lang}`, async ({ browser }) => {
      test.setTimeout(120_000);
      const phone = await buyerPhone(browser, lang);
      const pages = [
        `/s/${shop}`,
        `/s/p/${listing}`,
        `/s/checkout/${listing}`,
        '/s/login',
        `/s/pay/${order.paymentId}`,
        `/s/order/${order.id}?t=${order.token}`,
        '/s/orders',
      ];
      const found: Record<string, string[]> = {};
      for (const path of pages) {
        await phone.page.goto(path);
        await expect(phone.page.locator('main')).toBeVisible();
        await settled(phone.page);
        const violations = await axeViolations(phone.page);
        if (violations.length) found[path] = violations;
      }
      await phone.context.close();
      expect(found).toEqual({});
    });
  }
});
