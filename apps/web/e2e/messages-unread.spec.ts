import { axeViolations, settled } from '@dropdesk/test-kit/e2e/axe';
import { operatorLogin, registerMerchant, type TestMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps, toppedUp } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * Messages open where the unread ones are (the notices, with each tab's count), and a new shop's
 * messages are empty, in vi, en and th at 390 px, with pictures.
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

test.describe('messages open where the unread ones are', () => {
  let busy: TestMerchant;
  let quiet: TestMerchant;
  test.beforeAll(async () => {
    await openTopUps(op);
    // Three approved top-ups: three unread notices, and no system message.
    busy = await registerMerchant();
    for (const amount of ['100', '200', '300']) await toppedUp(busy, op, amount);
    quiet = await registerMerchant();
  });

  for (const lang of LANGS) {
    test(`${lang}: on the notices, with each tab's count; a new shop's messages are empty`, async ({
      page,
    }, testInfo) => {
      await signIn(page, busy, '/message', lang);
      await expect(page).toHaveURL(/\/message\?type=notice$/);
      const tabs = page.getByTestId('message-tabs');
      await expect(
        tabs.getByRole('button', { name: new RegExp(`^${literal(msg(lang, 'messages.tab.notice'))}`) }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('unread-notice')).toHaveText(/3/);
      await expect(page.getByTestId('unread-system')).toHaveCount(0);
      await expect(page.getByTestId('message-row')).toHaveCount(3);
      await noSideScroll(page);
      await shot(page, testInfo, `${lang}-messages-unread`);
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);

      await signIn(page, quiet, '/message', lang);
      await expect(page).toHaveURL(/\/message\?type=notice$/);
      await expect(page.getByText(msg(lang, 'messages.emptyNotice'))).toBeVisible();
      await shot(page, testInfo, `${lang}-messages-empty`);
    });
  }
});
