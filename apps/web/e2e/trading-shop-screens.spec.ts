import { pickedUp, sellingMerchant, shipAndDeliver, visitShop } from '@dropdesk/test-kit/e2e/orders';
import {
  admin,
  api,
  ok,
  operatorLogin,
  registerMerchant,
  type TestMerchant,
} from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { idempotent, openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, pageTitle } from './support/locales';
import { shelfOf } from './support/store';

/**
 * A picture of every screen of a shop with a history (Home and its drill-downs, the shop's set-up,
 * messages, the express lane and the alliance) in vi, en and zh-CN (saved under test-results/ and
 * attached to the report), seen by a merchant with a history made through the API: a storefront visit, a paid
 * order received and rated, a broadcast, an express-lane purchase and an alliance member. Each
 * screen's title is checked in its language.
 */

const SHOT_LANGS: Lang[] = ['vi', 'en', 'zh-CN'];

interface Screen {
  name: string;
  path: string;
  title: string;
}

/** A guest order through the storefront's API, paid with the test provider. */
async function paidOrder(m: TestMerchant): Promise<{ id: number; token: string }> {
  const [item] = (await shelfOf(m.merinfo.id, 'en')).list.filter((p) => p.stock > 0);
  if (!item) throw new Error('nothing in stock');
  expect(await visitShop(m.merinfo.id)).toBe(true);
  const placed = ok(
    await api<{ order: { id: number }; payment: { id: number }; order_token: string }>('/store/checkout', {
      body: {
        listing_id: item.id,
        quantity: 1,
        receiver_name: 'Lê Văn Khách',
        receiver_phone: '+84907654321',
        address: '8 Hai Bà Trưng, Quận 1, Hồ Chí Minh',
        email: `shots-${Date.now()}@example.test`,
      },
      headers: idempotent(),
    }),
  );
  ok(await api('/store/pay/test', { body: { payment_id: placed.payment.id, outcome: 'succeed' } }));
  return { id: placed.order.id, token: placed.order_token };
}

test.describe('the screens of a trading shop in vi, en and zh-CN', () => {
  let m: TestMerchant;
  let noticeId: number;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const op = await operatorLogin();
    await openTopUps(op);
    m = await sellingMerchant(op, '1000');

    // Two orders paid today; the first received and rated 5 stars.
    const first = await paidOrder(m);
    await paidOrder(m);
    await pickedUp(m, first.id);
    await shipAndDeliver(op, first.id, { carrier: 'Viettel Post', trackingNo: `VT${first.id}S12` });
    const orderToken = { 'order-token': first.token };
    ok(await api('/store/order/confirm', { body: { id: first.id }, headers: orderToken }));
    ok(
      await api('/store/order/rate', {
        body: { id: first.id, stars: 5, comment: 'Hàng đẹp, giao nhanh. 包装很好。 Great!' },
        headers: orderToken,
      }),
    );

    // A broadcast to this merchant.
    ok(
      await admin(op, '/admin/messages/send', {
        body: {
          title: 'Bảo trì hệ thống / System maintenance / 系统维护',
          body: '01:00–02:00 (UTC+7)',
          audience: 'chosen',
          merchant_ids: [m.merinfo.id],
        },
      }),
    );
    const notices = ok(
      await api<{ list: { id: number; kind: string }[] }>('/merchant/index/notice', {
        token: m.token,
        query: { type: 'notice', is_see: 'all', page: 1, limit: 20 },
      }),
    );
    noticeId = (notices.list.find((n) => n.kind === 'order_paid') ?? notices.list[0])?.id ?? 1;

    // An express-lane purchase of a demo package, featuring the newest listing.
    const train = ok(
      await api<{ list: { id: number; product_count: number }[] }>('/merchant/index/train', {
        token: m.token,
      }),
    );
    const shelf = ok(
      await api<{ list: { id: number }[] }>('/merchant/product/manage', {
        token: m.token,
        query: { status: 'selling', page: 1, limit: 20 },
      }),
    );
    const pkg = train.list[0];
    if (!pkg) throw new Error('no express package on sale');
    ok(
      await api('/merchant/index/buy_train', {
        token: m.token,
        body: { id: pkg.id, pay_password: '123456', listing_ids: shelf.list.slice(0, 1).map((l) => l.id) },
        headers: idempotent(),
      }),
    );

    // An alliance member.
    await registerMerchant({ inviteCode: m.merinfo.invite_code, realName: 'Phạm Minh Châu' });
  });

  const screens = (): Screen[] => [
    { name: 'home', path: '/home', title: 'routes.home' },
    { name: 'visitors', path: '/visitors?days=7', title: 'routes.visitors' },
    { name: 'ratings', path: '/ratings', title: 'routes.ratings' },
    { name: 'order-sold', path: '/order?sold=1', title: 'routes.order' },
    { name: 'message', path: '/message?type=notice', title: 'routes.message' },
    {
      name: 'messageDetail',
      path: `/messageDetail?type=notice&id=${noticeId}`,
      title: 'routes.messageDetail',
    },
    { name: 'setting', path: '/setting', title: 'routes.setting' },
    { name: 'settingup', path: '/settingup', title: 'routes.settingup' },
    { name: 'baseinfo', path: '/baseinfo', title: 'routes.baseinfo' },
    { name: 'socialmedia', path: '/socialmedia', title: 'routes.socialmedia' },
    { name: 'uploadBanner', path: '/uploadBanner', title: 'routes.uploadBanner' },
    { name: 'storeExpress', path: '/storeExpress', title: 'routes.storeExpress' },
    { name: 'buyTrainBill', path: '/buyTrainBill', title: 'routes.buyTrainBill' },
    { name: 'alliance', path: '/alliance', title: 'routes.alliance' },
  ];

  for (const lang of SHOT_LANGS) {
    test(`every screen of a trading shop in ${lang}`, async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      let first = true;
      for (const screen of screens()) {
        if (first) await signIn(page, m, screen.path, lang);
        else await page.goto(screen.path);
        first = false;
        await expect(page).toHaveTitle(pageTitle(lang, screen.title));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        if (screen.name === 'home') {
          // Home draws its sales chart once the chart's room is scrolled to (src/home/page.ts).
          const chart = page.getByTestId('sales-chart');
          await chart.scrollIntoViewIfNeeded();
          await expect(chart.locator('canvas')).toBeVisible();
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        await shot(page, testInfo, `${lang}-${screen.name}`);
      }
    });
  }
});
