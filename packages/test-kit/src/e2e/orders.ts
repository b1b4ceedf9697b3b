/**
 * The order loop set up through the API, for the browser tests of every app: a merchant ready to
 * sell, a guest's paid order, the merchant's pickup and the operator's shipping steps (the operator
 * console acts through the admin API, as here), a counted shop visit, and the sign-in code the
 * server mailed. The storefront's screens, driven in the browser, are apps/web's e2e/support/store.ts.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { devices } from '@playwright/test';
import type BetterSqlite3 from 'better-sqlite3';
import { admin, api, baseURL, ok, registerMerchant, type TestMerchant } from './server';
import { idempotent, setPayPassword, toppedUp } from './wallet';

/** A phone's browser: visits count for people, not for HeadlessChrome (docs/dashboard.md "Visitors"). */
export const PHONE_UA = devices['Pixel 7'].userAgent;

/**
 * A person's view of a shop outside the browser tests' own pages: the shop's page, which gives the
 * visitor its id (a signed cookie), then the view the page's script records with it. Whether it
 * counted.
 */
export async function visitShop(shop: number): Promise<boolean> {
  const page = await fetch(`${baseURL}/s/${shop}`, { headers: { 'user-agent': PHONE_UA } });
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie) throw new Error('the shop page gave no visitor id');
  return ok(
    await api<{ counted: boolean }>('/store/visit', {
      body: { shop },
      headers: { cookie, 'user-agent': PHONE_UA },
    }),
  ).counted;
}

export interface Bought {
  id: number;
  token: string;
}

/** A guest's order in the storefront, paid on the test provider's page (through the API). */
export async function bought(listingId: number, quantity = 1): Promise<Bought> {
  const placed = ok(
    await api<{ order: { id: number }; payment: { id: number }; order_token: string }>('/store/checkout', {
      body: {
        listing_id: listingId,
        quantity,
        receiver_name: 'Trần Thị Mua',
        receiver_phone: '+84901234567',
        address: '45 Lê Lợi, Phường Bến Nghé, Hồ Chí Minh',
        email: `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
      },
      headers: idempotent(),
    }),
  );
  ok(await api('/store/pay/test', { body: { payment_id: placed.payment.id, outcome: 'succeed' } }));
  return { id: placed.order.id, token: placed.order_token };
}

/**
 * A new merchant who sells: the hot products listed (on shelf), payment password 123456, and
 * `balance` in the wallet from a top-up the operator approved (needs openTopUps first).
 */
export async function sellingMerchant(op: string, balance: string): Promise<TestMerchant> {
  const m = await registerMerchant();
  const listed = ok(
    await api<{ added: number }>('/merchant/product/addAllHot', { token: m.token, body: {} }),
  );
  if (listed.added === 0) throw new Error('addAllHot listed nothing');
  await setPayPassword(m);
  await toppedUp(m, op, balance);
  return m;
}

/** The operator ships a picked-up order, then records it in transit and reached. */
export async function shipAndDeliver(
  op: string,
  orderId: number,
  shipping: { carrier: string; trackingNo: string },
) {
  ok(
    await admin(op, '/admin/orders/ship', {
      body: { id: orderId, carrier: shipping.carrier, tracking_no: shipping.trackingNo },
    }),
  );
  ok(await admin(op, '/admin/orders/progress', { body: { id: orderId, status: 6, note: 'Hub Tân Bình' } }));
  ok(await admin(op, '/admin/orders/progress', { body: { id: orderId, status: 7, note: 'Delivered' } }));
}

/** The merchant picks an order up through the API (the orders suite covers the pickup sheet). */
export async function pickedUp(m: TestMerchant, orderId: number, payPassword = '123456') {
  ok(
    await api('/merchant/order/pick', {
      token: m.token,
      body: { id: orderId, pay_password: payPassword },
      headers: idempotent(),
    }),
  );
}

/**
 * The last sign-in code the server mailed to `email`. The browser tests' server has no SMTP, so the
 * outbox table is the delivery (as `npm run ops -- outbox` shows it): read here from the server's
 * SQLite file, read-only (WAL: the running server keeps writing meanwhile). better-sqlite3 is the
 * server's dependency, loaded from there.
 */
export async function mailedCode(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const Database = createRequire(new URL('../../../../apps/server/package.json', import.meta.url))(
    'better-sqlite3',
  ) as typeof BetterSqlite3;
  const db = new Database(path.join(dataDir, 'dropdesk.sqlite'), { readonly: true, fileMustExist: true });
  try {
    for (let i = 0; i < 50; i += 1) {
      const row = db
        .prepare('select body from outbox where recipient = ? order by id desc limit 1')
        .get(email) as { body: string } | undefined;
      const code = row && /\b(\d{6})\b/.exec(row.body)?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no code mailed to ${email}`);
  } finally {
    db.close();
  }
}
