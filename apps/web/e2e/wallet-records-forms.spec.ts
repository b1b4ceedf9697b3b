import { operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import {
  askTopUp,
  askWithdrawal,
  balanceOf,
  merchantWithMoney,
  openTopUps,
  reject,
} from '@dropdesk/test-kit/e2e/wallet';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg, serverMsg } from './support/locales';

/**
 * The wallet's records and forms in vi and en, with a picture of each step: a pending withdrawal
 * and a pending top-up cancelled from their lists (and /my following), each wrong amount saying
 * what is wrong (the minimum written one way), and the withdrawal's method and network pickers
 * announcing the chosen option.
 */

const LANGS = ['vi', 'en'] satisfies Lang[];

/** An amount as the reader's language writes its digits (vi: 1.234,50; en: 1,234.50). */
const digits = (lang: Lang, wire: string) => (lang === 'vi' ? wire.replace('.', ',') : wire);

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

for (const lang of LANGS) {
  test.describe(`${lang}`, () => {
    test('a pending withdrawal and a pending top-up are cancelled from their lists; /my follows', async ({
      page,
    }, testInfo) => {
      const m = await merchantWithMoney(op);
      await askTopUp(m, '120');
      await reject(op, 'recharges', m.merinfo.id, 'The voucher shows another amount');
      await askTopUp(m, '150');
      await askWithdrawal(m, '100');
      await signIn(page, m, '/my', lang);
      await expect(page.getByTestId('my-balance')).toContainText(digits(lang, '400.00'));

      // The withdrawal: asked, confirmed, cancelled; the hold returns to the balance.
      await page.getByRole('link', { name: msg(lang, 'routes.withdrawRecord') }).click();
      const withdrawal = page.getByTestId('record').first();
      await expect(withdrawal).toContainText(msg(lang, 'wallet.status.pending'));
      await expect(withdrawal).toContainText(msg(lang, 'wallet.method.bank'));
      await withdrawal.getByRole('button', { name: msg(lang, 'wallet.cancel') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(digits(lang, '100.00'));
      await shot(page, testInfo, `${lang}-3-cancel-withdrawal-question`);
      await dialog.getByRole('button', { name: msg(lang, 'wallet.cancelConfirm') }).click();
      await expect(withdrawal).toContainText(msg(lang, 'wallet.status.cancelled'));
      await expect(withdrawal.getByRole('button', { name: msg(lang, 'wallet.cancel') })).toHaveCount(0);
      await shot(page, testInfo, `${lang}-3-withdrawal-cancelled`);
      expect(await balanceOf(m)).toBe('500.00');

      // Back on /my (no reload: the app's own cache), the balance is the new one.
      await page.goBack();
      await expect(page).toHaveURL(/\/my$/);
      await expect(page.getByTestId('my-balance')).toContainText(digits(lang, '500.00'));

      // The top-ups: each with its method, the rejected one with its reason; the pending one cancelled.
      await page.getByRole('link', { name: msg(lang, 'routes.rechargeRecord') }).click();
      const rows = page.getByTestId('record');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1)).toContainText(
        msg(lang, 'wallet.rejectedBecause').replace('{{reason}}', 'The voucher shows another amount'),
      );
      for (const i of [0, 1, 2]) await expect(rows.nth(i)).toContainText(msg(lang, 'wallet.method.manual'));
      await rows
        .first()
        .getByRole('button', { name: msg(lang, 'wallet.cancel') })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: msg(lang, 'wallet.cancelConfirm') })
        .click();
      await expect(rows.first()).toContainText(msg(lang, 'wallet.status.cancelled'));
      await expect(page.getByRole('button', { name: msg(lang, 'wallet.cancel') })).toHaveCount(0);
      await shot(page, testInfo, `${lang}-3-topup-cancelled`);
    });

    test('each wrong amount says what is wrong; the minimum is written one way', async ({
      page,
    }, testInfo) => {
      const m = await registerMerchant();
      await signIn(page, m, '/walletRecharge', lang);
      const amount = page.getByLabel(msg(lang, 'wallet.amount'), { exact: true });
      const min = digits(lang, '100.00');
      // The hint, before anything is typed.
      await expect(amount).toHaveAccessibleDescription(new RegExp(literal(min)));
      const submit = page.getByRole('button', { name: msg(lang, 'wallet.submitTopup') });
      const before = (key: string) => serverMsg(lang, key).replace(/\{\w+\}.*$/, '');
      const cases: [string, string][] = [
        ['-50', before('FIELD_NEGATIVE')],
        ['abc', before('FIELD_NOT_A_NUMBER')],
        ['1e5', before('FIELD_NOT_A_NUMBER')],
        ['100000000000000', before('FIELD_AMOUNT_TOO_BIG')],
        ['50', before('MIN_TOPUP')],
      ];
      for (const [typed, said] of cases) {
        await amount.fill(typed);
        await submit.click();
        await expect(amount).toHaveAttribute('aria-invalid', 'true');
        await expect(amount).toHaveAccessibleDescription(new RegExp(`^${literal(said)}`));
        await expect(amount).not.toHaveAccessibleDescription(serverMsg(lang, 'FIELD_MONEY'));
        if (typed === '100000000000000') await shot(page, testInfo, `${lang}-5-amount-too-large`);
      }
      // The minimum in the error is written as in the hint.
      await expect(amount).toHaveAccessibleDescription(new RegExp(literal(min)));
      if (lang === 'vi') await expect(amount).not.toHaveAccessibleDescription(/100\.00/);
      await shot(page, testInfo, `${lang}-5-amount-below-minimum`);
    });

    test('the withdrawal method and network pickers announce the chosen option', async ({
      page,
    }, testInfo) => {
      const m = await merchantWithMoney(op);
      await signIn(page, m, '/withdraw', lang);
      const method = page.getByRole('group', { name: msg(lang, 'wallet.withdrawMethod') });
      const bank = method.getByRole('radio', { name: msg(lang, 'wallet.method.bank') });
      const chain = method.getByRole('radio', { name: msg(lang, 'wallet.method.chain') });
      await expect(bank).toBeChecked();
      await expect(chain).not.toBeChecked();
      await shot(page, testInfo, `${lang}-6-method-bank`);

      await method.getByText(msg(lang, 'wallet.method.chain'), { exact: true }).click();
      await expect(chain).toBeChecked();
      await expect(bank).not.toBeChecked();
      const networks = page.getByRole('group', { name: msg(lang, 'wallet.network') }).getByRole('radio');
      await expect(networks.first()).toBeChecked();
      if ((await networks.count()) > 1) {
        await page.getByText(`USDT-${await networks.nth(1).getAttribute('value')}`, { exact: true }).click();
        await expect(networks.nth(1)).toBeChecked();
        await expect(networks.first()).not.toBeChecked();
      }
      // The keyboard moves the choice too (native radios).
      await chain.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(bank).toBeChecked();
      await page.keyboard.press('ArrowRight');
      await expect(chain).toBeChecked();
      await shot(page, testInfo, `${lang}-6-method-chain`);
    });
  });
}

function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
