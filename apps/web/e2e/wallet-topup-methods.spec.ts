import { axeViolations, settled } from '@dropdesk/test-kit/e2e/axe';
import { admin, ok, operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps, TOPUP_BANK, TOPUP_MANUAL, TRC20 } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * Top-ups on a platform with nothing configured (no dead end: customer service, with the link), and
 * the manual method with the platform's instructions, in vi, en and th at 390 px, with a picture
 * of each screen and an axe audit.
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
});

/** Nothing to pay into, by any method: as on a new platform (other specs of the run open them). */
async function closeTopUps() {
  ok(await admin(op, '/admin/topup_bank_account', { body: { ...TOPUP_BANK, enabled: false } }));
  ok(await admin(op, '/admin/topup_manual', { body: { ...TOPUP_MANUAL, enabled: false } }));
  ok(
    await admin(op, '/admin/deposit_addresses', {
      body: { network: 'TRC20', address: TRC20, enabled: false },
    }),
  );
  const { list } = ok(
    await admin<{ list: { network: string; address: string; enabled: boolean }[] }>(
      op,
      '/admin/deposit_addresses',
    ),
  );
  for (const n of list.filter((n) => n.enabled))
    ok(await admin(op, '/admin/deposit_addresses', { body: { ...n, enabled: false } }));
}

/** `text` as a regular expression that matches it literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The page is no wider than the phone: nothing runs off to the side. */
async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

for (const lang of LANGS) {
  test(`${lang}: top-ups on a platform with nothing configured say what to do; manual shows the platform's instructions`, async ({
    page,
  }, testInfo) => {
    const m = await registerMerchant();
    await closeTopUps();
    try {
      await signIn(page, m, '/recharge', lang);
      const none = page.getByTestId('none-open');
      await expect(none).toContainText(msg(lang, 'wallet.noneOpen'));
      const contact = none.getByRole('link', { name: msg(lang, 'service.contact') });
      await expect(contact).toHaveAttribute('href', /^https?:\/\//);
      await expect(contact).toHaveAttribute('target', '_blank');
      for (const method of ['chain', 'manual', 'bank'])
        await expect(
          page.getByRole('link', { name: new RegExp(`^${literal(msg(lang, `wallet.method.${method}`))}`) }),
        ).toContainText(msg(lang, `wallet.methodHint.${method}`));
      await noSideScroll(page);
      await shot(page, testInfo, `${lang}-recharge-none-open`);
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);

      for (const [path, reason] of [
        ['/walletRecharge', 'wallet.noManual'],
        ['/bankCardRecharge', 'wallet.noBankAccount'],
        ['/blockchainRecharge', 'wallet.noNetworks'],
      ] as const) {
        await page.goto(path);
        const notOpen = page.getByTestId('method-not-open');
        await expect(notOpen).toContainText(msg(lang, reason));
        await expect(notOpen).toContainText(msg(lang, 'wallet.askService'));
        await expect(notOpen.getByRole('link', { name: msg(lang, 'service.contact') })).toBeVisible();
        // Nothing else is open: no other method to offer.
        await expect(notOpen.getByRole('link', { name: msg(lang, 'wallet.otherMethods') })).toHaveCount(0);
        await expect(page.getByLabel(msg(lang, 'wallet.voucher'))).toHaveCount(0);
        await noSideScroll(page);
        await shot(page, testInfo, `${lang}-not-open${path.replace('/', '-')}`);
        await settled(page);
        expect(await axeViolations(page), path).toEqual([]);
      }

      // An admin writes the manual instructions: manual opens, with them, and the others offer it.
      ok(await admin(op, '/admin/topup_manual', { body: TOPUP_MANUAL }));
      await page.goto('/walletRecharge');
      await expect(page.getByTestId('manual-instructions')).toHaveText(TOPUP_MANUAL.instructions);
      await expect(page.getByLabel(msg(lang, 'wallet.amount'), { exact: true })).toBeVisible();
      await expect(page.getByTestId('pay-to')).toHaveCount(0);
      await noSideScroll(page);
      await shot(page, testInfo, `${lang}-manual-open`);
      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto('/bankCardRecharge');
      await expect(
        page.getByTestId('method-not-open').getByRole('link', { name: msg(lang, 'wallet.otherMethods') }),
      ).toBeVisible();
    } finally {
      await openTopUps(op);
    }
  });
}
