import { documentPhoto, expectImagesLoaded } from '@dropdesk/test-kit/e2e/images';
import { api, ok, operatorLogin, registerMerchant, uploadImage } from '@dropdesk/test-kit/e2e/server';
import { idempotent, openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { newOperator, shot, signInConsole } from './support/console';

/**
 * Operators see what they approve. The voucher of a top-up and the three ID photos
 * of an identity check are private files, named by links signed for the reviewer's session: every
 * image in both queues must load (natural width > 0), not merely exist. In en, vi and th at 1440 px.
 */

/** Opens a queue and selects the item of `shop` (the list shows each item's shop). */
async function pick(page: Page, path: string, shop: string) {
  await page.goto(`/console${path}`);
  await page
    .getByRole('button', { name: new RegExp(shop) })
    .first()
    .click();
}

test('every voucher and ID photo in the top-up and identity queues has loaded', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const op = await operatorLogin();
  await openTopUps(op);
  // Photo-sized pictures, so the screenshots show how real vouchers and ID photos sit.
  const payer = await registerMerchant();
  const voucher = await uploadImage(
    'voucher',
    payer.token,
    await documentPhoto('BANK TRANSFER RECEIPT', 120),
  );
  ok(
    await api('/merchant/merchant/recharge', {
      token: payer.token,
      body: { method: 'manual', amount: '150.00', voucher },
      headers: idempotent(),
    }),
  );
  const k = await registerMerchant();
  const [front, back, hand] = await Promise.all(
    [
      ['ID CARD · FRONT', 210],
      ['ID CARD · BACK', 160],
      ['HOLDING THE ID CARD', 30],
    ].map(async ([label, hue]) =>
      uploadImage('id_card', k.token, await documentPhoto(label as string, hue as number)),
    ),
  );
  ok(
    await api('/merchant/merchant/idcard', {
      token: k.token,
      body: {
        real_name: k.realName,
        id_number: '079123456781',
        id_card_front: front,
        id_card_back: back,
        id_card_hand: hand,
      },
    }),
  );

  const reviewer = await newOperator('reviewer');
  await signInConsole(page, reviewer);
  for (const lang of ['en', 'vi', 'th']) {
    await page.evaluate((l) => localStorage.setItem('console-lang', l), lang);

    await pick(page, '/queues/recharges', payer.storeName);
    const [voucher] = await expectImagesLoaded(page.locator('.ant-image'), 1);
    expect(voucher).toMatch(/^\/uploads\/u_[\w-]{22}\?v=\d+&e=\d+&s=[\w-]{43}$/);
    await shot(page, testInfo, `queue-top-ups-${lang}`);

    await pick(page, '/queues/kyc', k.storeName);
    const photos = await expectImagesLoaded(page.locator('.ant-image'), 3);
    expect(photos.map((p) => p.split('?')[0])).toEqual([front, back, hand].map((id) => `/uploads/${id}`));
    await shot(page, testInfo, `queue-identity-${lang}`);
  }
});
