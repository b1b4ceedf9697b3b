import { api, ok, operatorLogin } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { askWithdrawal, merchantWithMoney, openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * The payout clock as a merchant meets it: a withdrawal shows its promise and the time left; once
 * the server's clock has passed the promise, the record says how late it is with the way to
 * customer service, and a notice says so too, opening on customer service. In vi, en and th at
 * 390 px, a picture of each. Alone in its project: it moves the server's clock by a day.
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];
const HOUR = 3_600_000;

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

/** The server's time (the tests move it), which the page's clock is set to, as a phone's would be. */
async function serverNow(): Promise<number> {
  return ok(await api<{ now_ms: number }>('/__test/clock')).now_ms;
}

for (const lang of LANGS) {
  test(`${lang}: a withdrawal's time left on its promise, then how late it is, with customer service and a notice`, async ({
    page,
  }, testInfo) => {
    // The last test moved the server's clock a day: the operator's session has idled out since.
    op = await operatorLogin();
    const m = await merchantWithMoney(op);
    await askWithdrawal(m, '100');
    const asked = await serverNow();
    await page.clock.install({ time: asked });
    await signIn(page, m, '/withdrawRecord', lang);
    const clock = page.getByTestId('record').first().getByTestId('payout-clock');
    await expect(clock).toHaveAttribute('data-state', 'left');
    await expect(clock).toContainText(msg(lang, 'wallet.clock.hours_other').replace('{{count}}', '24'));
    await shot(page, testInfo, `${lang}-1-time-left`);

    // A day and an hour later on the server: the sweep tells the merchant it is late.
    const moved = ok(
      await api<{ jobs: { late_noticed: number } }>('/__test/clock', { body: { advance_ms: 25 * HOUR } }),
    );
    expect(moved.jobs.late_noticed).toBeGreaterThanOrEqual(1);
    await page.clock.setFixedTime(asked + 25 * HOUR);
    await page.reload();
    await expect(clock).toHaveAttribute('data-state', 'late');
    const service = clock.getByRole('link', { name: msg(lang, 'service.contact') });
    await expect(service).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, `${lang}-2-late`);

    // The notice: opened, customer service first.
    await page.goto('/message?type=notice');
    const late = page.getByTestId('message-row').first();
    await late.click();
    await expect(page).toHaveURL(/\/messageDetail\?type=notice&id=\d+$/);
    await expect(
      page.getByRole('main').getByRole('link', { name: msg(lang, 'service.contact') }),
    ).toBeVisible();
    await shot(page, testInfo, `${lang}-3-late-notice`);
  });
}
