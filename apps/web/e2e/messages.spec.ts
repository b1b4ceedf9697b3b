import { sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { admin, api, ok, operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { fmt, type Lang, msg, pageTitle } from './support/locales';
import { buyAsGuest, buyerDetails, buyerPhone, productToBuy } from './support/store';

/**
 * Messages as a merchant reads them: the notice of an order a buyer paid in the
 * storefront, unread (the tab's count, the row's dot), opened (marked read, leading to the order); an
 * operator's broadcast in the system tab; "Mark all read" on each tab, and My's badge gone. In en.
 */

const lang: Lang = 'en';

interface Unread {
  system: number;
  notice: number;
}

/** A tab's button: its label, then "N unread" while it holds unread messages. */
const tab = (page: Page, type: 'system' | 'notice') =>
  page
    .getByTestId('message-tabs')
    .getByRole('button', { name: new RegExp(`^${msg(lang, `messages.tab.${type}`)}`) });

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

test('the paid order’s notice read and followed to the order, a broadcast in the system tab, mark all read clears the badge', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const m = await sellingMerchant(op, '1000');
  const product = await productToBuy(m.merinfo.id, lang);
  const phone = await buyerPhone(browser, lang);
  const order = await buyAsGuest(phone.page, lang, m, product, buyerDetails());
  await phone.context.close();

  // An operator writes to this merchant (audience `chosen`: other tests' merchants are left alone).
  const title = `Maintenance tonight ${Date.now()}`;
  ok(
    await admin(op, '/admin/messages/send', {
      body: {
        title,
        body: 'The platform is down from 01:00 to 02:00.\nOrders keep their times.',
        audience: 'chosen',
        merchant_ids: [m.merinfo.id],
      },
    }),
  );
  // The top-up approved at setup and the paid order are notices; the broadcast a system message.
  const unread = ok(await api<Unread>('/merchant/index/notice_unread', { token: m.token }));
  expect(unread).toEqual({ system: 1, notice: 2 });

  // My: the badge counts every unread message.
  await signIn(page, m, '/my', lang);
  const badge = page.getByTestId('messages-badge');
  await expect(badge).toHaveText(fmt(lang, 'my.unreadMessages', { n: '3' }));
  await page.getByRole('link', { name: new RegExp(`^${msg(lang, 'routes.message')}`) }).click();
  // Opened where the unread ones are: the broadcast makes it the system tab, each tab shows its count.
  await expect(page).toHaveURL(/\/message\?type=system$/);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.message'));
  await expect(tab(page, 'system')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('unread-system')).toHaveText('1');
  await expect(page.getByTestId('unread-notice')).toHaveText('2');

  // ---- the notices tab: the paid order's notice, unread
  await tab(page, 'notice').click();
  await expect(page).toHaveURL(/\/message\?type=notice$/);
  await expect(tab(page, 'notice')).toHaveAttribute('aria-pressed', 'true');
  await expect(tab(page, 'notice')).toHaveAccessibleName(
    `${msg(lang, 'messages.tab.notice')} ${fmt(lang, 'messages.unreadCount', { n: '2' })}`,
  );
  await expect(page.getByTestId('unread-notice')).toBeVisible();
  const paidRow = page.getByTestId('message-row').filter({ hasText: order.orderNo });
  await expect(paidRow).toHaveCount(1);
  await expect(paidRow).toHaveAttribute('data-read', 'false');
  await expect(paidRow).toContainText(`${msg(lang, 'messages.unread')}:`);
  await shot(page, testInfo, `message-notices-unread-${lang}`);

  // Opened: its sentence, sent by the system, a link to the order; it is read now.
  await paidRow.click();
  await expect(page).toHaveURL(/\/messageDetail\?type=notice&id=\d+$/);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.messageDetail'));
  const heading = page.getByRole('heading', { level: 2 });
  await expect(heading).toContainText(order.orderNo);
  await expect(page.getByRole('main')).toContainText(msg(lang, 'messages.sender.system'));
  const toOrder = page.getByRole('link', { name: msg(lang, 'messages.open.order') });
  await expect(toOrder).toHaveAttribute('href', `/orderDetail?id=${order.id}`);
  await expect
    .poll(async () => ok(await api<Unread>('/merchant/index/notice_unread', { token: m.token })).notice)
    .toBe(1);
  await shot(page, testInfo, `message-detail-${lang}`);
  await toOrder.click();
  await expect(page).toHaveURL(new RegExp(`/orderDetail\\?id=${order.id}$`));
  await expect(page.getByRole('main')).toContainText(order.orderNo);

  // Back on the list: the row is read, one notice unread remains (the top-up's).
  await page.goto('/message?type=notice');
  await expect(paidRow).toHaveAttribute('data-read', 'true');
  await expect(paidRow).not.toContainText(`${msg(lang, 'messages.unread')}:`);
  await expect(page.getByTestId('unread-summary')).toHaveText(fmt(lang, 'messages.unreadInTab', { n: '1' }));

  // ---- the system tab: the operator's broadcast, from the platform team
  await tab(page, 'system').click();
  await expect(page).toHaveURL(/\/message\?type=system$/);
  await expect(page.getByTestId('unread-system')).toHaveText('1');
  const broadcast = page.getByTestId('message-row').filter({ hasText: title });
  await expect(broadcast).toHaveAttribute('data-read', 'false');
  await expect(broadcast).toContainText('The platform is down from 01:00 to 02:00.');
  await expect(broadcast).toContainText(msg(lang, 'messages.sender.platform'));
  await shot(page, testInfo, `message-system-${lang}`);

  // ---- mark all read, on each tab: the dots go, then My's badge
  const markAll = page.getByRole('button', { name: msg(lang, 'messages.markAllRead') });
  await markAll.click();
  await expect(page.getByTestId('unread-system')).toHaveCount(0);
  await expect(page.getByTestId('unread-summary')).toHaveText(msg(lang, 'messages.allRead'));
  await expect(broadcast).toHaveAttribute('data-read', 'true');
  await expect(markAll).toBeDisabled();
  // Opened again without a tab: the unread ones are all notices now, so it opens there.
  await page.goto('/message');
  await expect(page).toHaveURL(/\/message\?type=notice$/);
  await expect(tab(page, 'notice')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('unread-notice')).toHaveText('1');
  await expect(markAll).toBeEnabled();
  await markAll.click();
  await expect(page.getByTestId('unread-notice')).toHaveCount(0);
  await expect(page.getByTestId('message-row').and(page.locator('[data-read="false"]'))).toHaveCount(0);
  expect(ok(await api<Unread>('/merchant/index/notice_unread', { token: m.token }))).toEqual({
    system: 0,
    notice: 0,
  });
  await page.goto('/my');
  await expect(page.getByRole('link', { name: new RegExp(`^${msg(lang, 'routes.message')}`) })).toBeVisible();
  await expect(badge).toHaveCount(0);
});
