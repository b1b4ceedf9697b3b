import { randomUUID } from 'node:crypto';
import { axeViolations, settled } from '@dropdesk/test-kit/e2e/axe';
import { pickedUp, sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { api, ok, operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { type Lang, storeMsg } from './support/locales';
import { buyerPhone, shelfOf } from './support/store';

/**
 * The storefront usable with a screen reader: axe-core on each of its pages a buyer reaches (the
 * shop, a product, checkout, sign-in, the test payment page, an unpaid order, a paid and picked-up
 * order with "Ask for a refund" closed and open, the buyer's orders), in vi and en, with zero
 * violations at every impact level, like the merchant app's screens (the visual tests).
 */
test.describe('storefront: axe finds nothing', () => {
  let shop: number;
  let listing: number;
  let order: { id: number; token: string; paymentId: number };
  let refundable: { id: number; token: string };

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
    const checkout = async () =>
      ok(
        await api<{ order: { id: number }; payment: { id: number }; order_token: string }>(
          '/store/checkout',
          {
            headers: { 'idempotency-key': randomUUID() },
            body: {
              listing_id: listing,
              quantity: 1,
              receiver_name: 'Trần Thị Mai',
              receiver_phone: '+84901234567',
              address: '12 Lê Lợi, Quận 1, Hồ Chí Minh',
              email: `a11y-${randomUUID().slice(0, 8)}@example.com`,
            },
          },
        ),
      );
    const placed = await checkout();
    order = { id: placed.order.id, token: placed.order_token, paymentId: placed.payment.id };
    // Another, paid and picked up: its page offers "Ask for a refund".
    const paid = await checkout();
    ok(await api('/store/pay/test', { body: { payment_id: paid.payment.id, outcome: 'succeed' } }));
    await pickedUp(m, paid.order.id);
    refundable = { id: paid.order.id, token: paid.order_token };
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
        `/s/order/${refundable.id}?t=${refundable.token}`,
        '/s/orders',
      ];
      const found: Record<string, string[]> = {};
      const audit = async (name: string) => {
        await settled(phone.page);
        const violations = await axeViolations(phone.page);
        if (violations.length) found[name] = violations;
      };
      for (const path of pages) {
        await phone.page.goto(path);
        await expect(phone.page.locator('main')).toBeVisible();
        await audit(path);
      }
      // "Ask for a refund" is a button with its name that says whether its form is open; then the
      // open form is audited too.
      await phone.page.goto(`/s/order/${refundable.id}?t=${refundable.token}`);
      const ask = phone.page.getByRole('button', { name: storeMsg(lang, 'refund.ask'), expanded: false });
      await ask.click();
      await expect(phone.page.getByRole('button', { name: storeMsg(lang, 'refund.ask') })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(phone.page.getByLabel(storeMsg(lang, 'refund.amount'))).toBeVisible();
      await audit(`/s/order/${refundable.id} (refund form open)`);
      await phone.context.close();
      expect(found).toEqual({});
    });
  }
});
