import { axeViolations, settled } from '@dropdesk/test-kit/e2e/axe';
import { pickedUp, sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { operatorLogin, registerMerchant, type TestMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';
import { buyAsGuest, buyerDetails, buyerPhone, productToBuy } from './support/store';

/**
 * The filter chips of Orders, Finance, Refunds and Funds records at 390 px in vi, en and th: each
 * chip is on the screen or behind a visible cue (a fade, a scrollable row), with pictures.
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
});

/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page is no wider than the phone: nothing runs off to the side. */
async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** The chips of a row that are not whole on the phone's screen (none, when the row wraps right). */
async function chipsOffScreen(row: Locator): Promise<string[]> {
  return row.evaluate((el) =>
    [...el.querySelectorAll('button')]
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < 0 || r.right > window.innerWidth || r.width === 0;
      })
      .map((b) => b.textContent ?? ''),
  );
}

/** A row's fades (ui.chipRowScroll): how far each edge fades out, in px, as the browser draws it. */
const fades = (row: Locator) =>
  row.evaluate((el) => {
    const s = getComputedStyle(el);
    return [s.getPropertyValue('--chip-fade-start'), s.getPropertyValue('--chip-fade-end')].map((v) =>
      Math.round(Number.parseFloat(v)),
    );
  });

test.describe('filter chips at 390 px', () => {
  let trading: TestMerchant;
  let fresh: TestMerchant;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    await openTopUps(op);
    // A shop with a paid order picked up (orders, funds records, a finance report with figures),
    // and a shop opened today with nothing yet.
    trading = await sellingMerchant(op, '1000');
    const phone = await buyerPhone(browser, 'vi');
    const order = await buyAsGuest(
      phone.page,
      'vi',
      trading,
      await productToBuy(trading.merinfo.id, 'vi'),
      buyerDetails(),
    );
    await phone.context.close();
    await pickedUp(trading, order.id);
    fresh = await registerMerchant();
  });

  for (const lang of LANGS) {
    test(`${lang}: every chip is on the screen or behind a visible cue`, async ({ page }, testInfo) => {
      for (const [who, m] of [
        ['trading', trading],
        ['new', fresh],
      ] as const) {
        // Orders: the ten statuses scroll on one line; the far edge fades while more wait there.
        await signIn(page, m, '/order', lang);
        const tabs = page.getByTestId('order-tabs');
        await expect(
          tabs.getByRole('button', { name: new RegExp(`^${literal(msg(lang, 'orders.all'))}`) }),
        ).toHaveAttribute('aria-pressed', 'true');
        expect(await tabs.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        expect(await fades(tabs)).toEqual([0, 40]);
        await tabs.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await expect.poll(() => fades(tabs)).toEqual([40, 0]);
        await tabs.evaluate((el) => el.scrollTo({ left: 0 }));
        // The settlement filter wraps: all four in sight.
        expect(await chipsOffScreen(page.getByTestId('settlement-filter'))).toEqual([]);
        await noSideScroll(page);
        await shot(page, testInfo, `${lang}-${who}-order`);

        // Opened on a status far along the row (Completed), its chip is scrolled into view.
        await page.goto('/order?status=4');
        const completed = tabs.locator('[aria-pressed="true"]');
        await expect(completed).toContainText(msg(lang, 'orders.status.completed'));
        // Once the counts have widened the chips too.
        await expect(completed).toContainText(/\d/);
        await expect(completed).toBeInViewport({ ratio: 1 });
        await expect.poll(() => fades(tabs).then(([start]) => start)).toBe(40);
        // What the phone shows (a full-page picture resizes the page and loses the row's scroll).
        const path = testInfo.outputPath(`${lang}-${who}-order-completed.png`);
        await page.screenshot({ path });
        await testInfo.attach(`${lang}-${who}-order-completed`, { path, contentType: 'image/png' });

        for (const path of ['/finance', '/refundRequest', '/fundsRecords']) {
          await page.goto(path);
          const row = page.locator('main fieldset').first();
          await expect(row.getByRole('button').first()).toBeVisible();
          expect(await chipsOffScreen(row), `${path} in ${lang}`).toEqual([]);
          await noSideScroll(page);
          await settled(page);
          expect(await axeViolations(page), path).toEqual([]);
          await shot(page, testInfo, `${lang}-${who}${path.replace('/', '-')}`);
        }
        // Finance's last range, "this month", hidden before, is on the screen.
        await page.goto('/finance');
        await expect(page.getByRole('button', { name: msg(lang, 'finance.range.month') })).toBeInViewport({
          ratio: 1,
        });
      }
    });
  }
});
