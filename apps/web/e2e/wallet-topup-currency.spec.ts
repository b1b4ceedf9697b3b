import { admin, ok, operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps, setPayPassword, TOPUP_BANK, toppedUp } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * Paying into the platform and reading amounts, in vi and en with a picture of each: a bank top-up
 * says where to send the money, with copy buttons (and with nowhere to pay it is not open), and
 * amounts carry the platform's currency on /my, the withdrawal and the records.
 */

const LANGS = ['vi', 'en'] satisfies Lang[];

/** An amount in the platform's currency (USD by default) as the app writes it in `lang` (lib/money.ts). */
const usd = (page: Page, lang: Lang, value: number) =>
  page.evaluate(
    ([l, v]) =>
      new Intl.NumberFormat(l, {
        style: 'currency',
        currency: 'USD',
        currencyDisplay: 'narrowSymbol',
      }).format(v),
    [lang, value] as const,
  );

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

for (const lang of LANGS) {
  test.describe(`${lang}`, () => {
    test('a bank top-up says where to pay, with copy buttons; with nowhere to pay it is not open', async ({
      page,
      context,
    }, testInfo) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const m = await registerMerchant();
      await signIn(page, m, '/bankCardRecharge', lang);
      const payTo = page.getByTestId('pay-to');
      await expect(payTo.getByTestId('pay-to-bank')).toContainText(TOPUP_BANK.bank_name);
      await expect(payTo.getByTestId('pay-to-holder')).toContainText(TOPUP_BANK.holder_name);
      await expect(payTo.getByTestId('pay-to-number')).toContainText(TOPUP_BANK.account_number);
      await expect(payTo.getByTestId('pay-to-reference')).toContainText(`DD${m.merinfo.id}`);
      await payTo.getByTestId('pay-to-number').getByRole('button').click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(TOPUP_BANK.account_number);
      await shot(page, testInfo, `${lang}-2-pay-to`);

      // Operators close the bank account and every deposit network: both methods say so, no form.
      const networks = ok(
        await admin<{ list: { network: string; address: string; enabled: boolean }[] }>(
          op,
          '/admin/deposit_addresses',
        ),
      ).list.filter((n) => n.enabled);
      try {
        ok(await admin(op, '/admin/topup_bank_account', { body: { ...TOPUP_BANK, enabled: false } }));
        for (const n of networks)
          ok(
            await admin(op, '/admin/deposit_addresses', {
              body: { network: n.network, address: n.address, enabled: false },
            }),
          );
        for (const path of ['/bankCardRecharge', '/blockchainRecharge']) {
          await page.goto(path);
          await expect(page.getByTestId('method-not-open')).toContainText(msg(lang, 'wallet.notOpen'));
          await expect(page.getByRole('button', { name: msg(lang, 'wallet.submitTopup') })).toHaveCount(0);
          await expect(page.getByLabel(msg(lang, 'wallet.amount'), { exact: true })).toHaveCount(0);
          await shot(page, testInfo, `${lang}-2-not-open${path.replace('/', '-')}`);
        }
      } finally {
        for (const n of networks)
          ok(
            await admin(op, '/admin/deposit_addresses', { body: { network: n.network, address: n.address } }),
          );
        await openTopUps(op);
      }
    });

    test('amounts carry the platform currency on /my, the withdrawal and the records', async ({
      page,
    }, testInfo) => {
      const m = await registerMerchant();
      await setPayPassword(m);
      await toppedUp(m, op, '500');
      await signIn(page, m, '/my', lang);
      const amount = await usd(page, lang, 500);
      await expect(page.getByTestId('my-balance')).toHaveText(amount);
      await shot(page, testInfo, `${lang}-8-my`);
      await page.goto('/rechargeRecord');
      await expect(page.getByTestId('record').first()).toContainText(amount);
      await page.goto('/fundsRecords');
      await expect(page.getByTestId('bill-row').first()).toContainText(amount);
      await shot(page, testInfo, `${lang}-8-funds-records`);
    });
  });
}
