import { operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Locator, test } from '@playwright/test';
import { signIn } from './support/app';
import { type Lang, msg } from './support/locales';

/**
 * Identity verification in vi and en with pictures: the form is prefilled from registration, and
 * its toast keeps words whole and stays off the form.
 */

const LANGS = ['vi', 'en'] satisfies Lang[];

/** The words of the element's text that are cut across two lines (none, when wrapping is right). */
async function wordsWhole(text: Locator): Promise<string[]> {
  return text.evaluate((el) => {
    const cut: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      for (const m of value.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) cut.push(m[0]);
      }
    }
    return cut;
  });
}

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

for (const lang of LANGS) {
  test.describe(`${lang}`, () => {
    test('identity is prefilled from registration; the toast keeps words whole, off the form', async ({
      page,
    }, testInfo) => {
      const m = await registerMerchant();
      await signIn(page, m, '/idInfo', lang);
      await expect(page.getByTestId('kyc-prefilled')).toBeVisible();
      const name = page.getByLabel(msg(lang, 'kyc.realName'), { exact: true });
      await expect(name).toHaveValue(m.realName);
      // The limit is said and kept.
      await expect(name).toHaveAttribute('maxlength', '60');
      await expect(name).toHaveAccessibleDescription(
        msg(lang, 'kyc.length').replace('{{length}}', String(m.realName.length)).replace('{{max}}', '60'),
      );
      await name.fill('N'.repeat(5000));
      await expect(name).toHaveValue('N'.repeat(60));
      await name.fill(m.realName);
      // The three photos of the registration are shown and kept.
      for (const key of ['kyc.front', 'kyc.back', 'kyc.hand'])
        await expect(page.getByText(msg(lang, key), { exact: true })).toBeVisible();
      await expect(page.locator('form img')).toHaveCount(3);
      await page.getByLabel(msg(lang, 'kyc.idNumber'), { exact: true }).fill('079123456789');
      await shot(page, testInfo, `${lang}-4-id-info-prefilled`);

      await page.getByRole('button', { name: msg(lang, 'kyc.submit') }).click();
      const toast = page.locator('.adm-toast-main');
      await expect(toast).toContainText(msg(lang, 'kyc.submitted'));
      expect(await wordsWhole(toast)).toEqual([]);
      // Near the top of the screen, not over the middle where the form is.
      const box = await toast.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThan(844 / 2);
      await page.screenshot({ path: testInfo.outputPath(`${lang}-7-toast.png`) });
      await testInfo.attach(`${lang}-7-toast`, {
        path: testInfo.outputPath(`${lang}-7-toast.png`),
        contentType: 'image/png',
      });
      await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending');
    });
  });
}
