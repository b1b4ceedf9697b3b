import { deflateSync } from 'node:zlib';
import { sellingMerchant } from '@dropdesk/test-kit/e2e/orders';
import { admin, api, ok, operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { openTopUps } from '@dropdesk/test-kit/e2e/wallet';
import { expect, type Page, test } from '@playwright/test';
import { keptSession, signIn } from './support/app';
import { fmt, type Lang, msg, pageTitle, serverMsg, storeMsg } from './support/locales';

/**
 * Shop settings: what the merchant saves on /baseinfo, /socialmedia and /uploadBanner is
 * what buyers see on the shop's storefront page (opened from "See your shop as buyers do"); a link
 * that is not https is refused at its field in the merchant's language. Then a shop an operator
 * closes: the merchant, logged out by the closing, logs in again and sees the store closed with the
 * reason on Home, the settings give the notice instead of their forms, and a purchase is refused;
 * reopened, Home is clear again.
 */

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---- a real photo-sized PNG (the banner is cropped from it at 3:1, never enlarged)

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A width × height RGB PNG of diagonal colour bands. */
function bandsPng(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const band = Math.floor((x + y) / 80) % 3;
      raw.set(band === 0 ? [20, 103, 224] : band === 1 ? [255, 196, 0] : [236, 72, 94], row + 1 + x * 3);
    }
  }
  const head = Buffer.alloc(13);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  head.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', head),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The shop settings menu's entry (its label, then how many are set). */
const entry = (page: Page, lang: Lang, route: string) =>
  page
    .getByRole('navigation', { name: msg(lang, 'shop.menu') })
    .getByRole('link', { name: new RegExp(`^${escapeRe(msg(lang, route))}`) });

let op: string;
test.beforeAll(async () => {
  op = await operatorLogin();
  await openTopUps(op);
});

test('basic info, social link and banner saved in the merchant app are what buyers see on the shop page', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const lang: Lang = 'vi';
  const m = await registerMerchant();

  // /setting → /settingup: the shop at a glance and its entries.
  await signIn(page, m, '/setting', lang);
  await page.getByRole('link', { name: msg(lang, 'routes.settingup') }).click();
  await expect(page).toHaveURL(/\/settingup$/);
  await expect(page).toHaveTitle(pageTitle(lang, 'routes.settingup'));
  await expect(page.getByTestId('shop-preview')).toContainText(m.storeName);
  await expect(entry(page, lang, 'routes.socialmedia')).toContainText(msg(lang, 'shop.notSet'));

  // ---- basic info
  await entry(page, lang, 'routes.baseinfo').click();
  await expect(page).toHaveURL(/\/baseinfo$/);
  const name = `Tiệm Sen ${Date.now().toString().slice(-6)}`;
  const intro = 'Đồ gia dụng chọn lọc, giao trong ngày.\nMở cửa 8:00–20:00.';
  const welcome = 'Chào mừng bạn đến với Tiệm Sen!';
  await expect(page.getByLabel(msg(lang, 'shop.name'))).toHaveValue(m.storeName);
  await page.getByLabel(msg(lang, 'shop.name')).fill(name);
  await page.getByLabel(msg(lang, 'shop.intro')).fill(intro);
  await page.getByLabel(msg(lang, 'shop.welcome')).fill(welcome);
  await shot(page, testInfo, `baseinfo-filled-${lang}`);
  await page.getByRole('button', { name: msg(lang, 'common.save') }).click();
  await expect(page).toHaveURL(/\/settingup$/);
  const preview = page.getByTestId('shop-preview');
  await expect(preview).toContainText(name);
  await expect(preview).toContainText(welcome);

  // The storefront page, opened as buyers see it (a new tab): the name, welcome and introduction.
  const [store] = await Promise.all([
    page.waitForEvent('popup'),
    preview.getByRole('link', { name: msg(lang, 'shop.preview') }).click(),
  ]);
  await expect(store).toHaveURL(new RegExp(`/s/${m.merinfo.id}$`));
  await expect(store.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(store.getByText(welcome)).toBeVisible();
  const about = store.getByRole('region', { name: storeMsg(lang, 'shop.about') });
  await expect(about).toContainText('Đồ gia dụng chọn lọc, giao trong ngày.');
  await expect(about).toContainText('Mở cửa 8:00–20:00.');

  // ---- social media: http is refused at the field, in Vietnamese; https is saved
  await entry(page, lang, 'routes.socialmedia').click();
  await expect(page).toHaveURL(/\/socialmedia$/);
  const twitter = page.getByLabel(msg(lang, 'shop.twitter'));
  await twitter.fill('http://twitter.com/x');
  await page.getByRole('button', { name: msg(lang, 'common.save') }).click();
  await expect(twitter).toHaveAccessibleDescription(new RegExp(escapeRe(serverMsg(lang, 'FIELD_HTTPS'))));
  await expect(twitter).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/socialmedia$/);
  await shot(page, testInfo, `socialmedia-refused-${lang}`);
  expect(
    ok(await api<{ shop: { twitter: string } }>('/merchant/merchant/getMerInfo', { token: m.token })).shop
      .twitter,
  ).toBe('');
  const link = `https://twitter.com/tiemsen${Date.now().toString().slice(-5)}`;
  await twitter.fill(link);
  await page.getByRole('button', { name: msg(lang, 'common.save') }).click();
  await expect(page).toHaveURL(/\/settingup$/);
  await expect(entry(page, lang, 'routes.socialmedia')).toContainText(
    fmt(lang, 'shop.linksSet', { count: 1 }),
  );
  await store.reload();
  const links = store.getByRole('list', { name: storeMsg(lang, 'shop.links') });
  const twitterLink = links.getByRole('link', { name: new RegExp(`^${storeMsg(lang, 'shop.twitter')}`) });
  await expect(twitterLink).toHaveAttribute('href', link);
  await expect(twitterLink).toHaveAttribute('target', '_blank');
  await expect(twitterLink).toHaveAttribute('rel', 'noopener noreferrer');

  // ---- the home banner: an image chosen, cropped, uploaded with progress, saved
  await entry(page, lang, 'routes.uploadBanner').click();
  await expect(page).toHaveURL(/\/uploadBanner$/);
  const home = page.getByTestId('banner-banner');
  await expect(home).toContainText(msg(lang, 'shop.banner.none'));
  // The upload is held back until the progress bar has been seen (not for a fixed time: on a busy
  // machine a second could pass before the bar was looked for).
  let seen!: () => void;
  const barSeen = new Promise<void>((resolve) => {
    seen = resolve;
  });
  await page.route('**/merchant/common/upload', async (route) => {
    await barSeen;
    await route.continue();
  });
  await home
    .getByLabel(msg(lang, 'shop.banner.choose'))
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bandsPng(1500, 700) });
  await expect(home.getByRole('group', { name: msg(lang, 'shop.banner.cropArea') })).toBeVisible();
  await expect(home.getByLabel(msg(lang, 'shop.banner.zoom'))).toHaveValue('1');
  await shot(page, testInfo, `uploadBanner-crop-${lang}`);
  const use = home.getByRole('button', { name: msg(lang, 'shop.banner.use') });
  await expect(use).toBeEnabled();
  await use.click();
  await expect(home.getByRole('progressbar', { name: msg(lang, 'upload.uploading') })).toBeVisible();
  seen();
  await expect(home.getByRole('progressbar')).toHaveCount(0);
  await expect(home).toContainText(msg(lang, 'shop.banner.ready'));
  await expect(home.getByRole('img', { name: msg(lang, 'shop.banner.new') })).toBeVisible();
  await page.unroute('**/merchant/common/upload');
  await page.getByRole('button', { name: msg(lang, 'shop.banner.save') }).click();
  await expect(page).toHaveURL(/\/settingup$/);
  await expect(entry(page, lang, 'routes.uploadBanner')).toContainText(
    fmt(lang, 'shop.linksSet', { count: 1 }),
  );
  const saved = ok(
    await api<{ shop: { banner_url: string | null } }>('/merchant/merchant/getMerInfo', { token: m.token }),
  ).shop.banner_url;
  expect(saved).toMatch(/^\/uploads\//);

  // The shop page shows that banner, cropped at 3:1 from the chosen image.
  await store.reload();
  const banner = store.locator('img.banner');
  await expect(banner).toHaveAttribute('src', saved as string);
  await expect
    .poll(() => banner.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([1200, 400]);
  await shot(store, testInfo, `storefront-shop-settings-${lang}`);
});

test('a closed shop: the merchant logs in again to a closed notice with the reason; writing is refused; reopened', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const lang: Lang = 'en';
  const m = await sellingMerchant(op, '200');
  await signIn(page, m, '/home', lang);
  await expect(page.getByTestId('figure-total-sales')).toBeVisible();
  // Home (a page of its own) keeps the notice's place in its markup, hidden while the shop is open.
  await expect(page.getByTestId('shop-closed')).toBeHidden();

  // An operator closes the shop with a reason: the merchant's sessions end.
  const reason = 'Listings copied from another shop: please contact us';
  ok(await admin(op, '/admin/shop/close', { body: { merchant_id: m.merinfo.id, reason } }));

  // The app's next call finds the session gone and goes to the login page.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await page.locator('#login-account').fill(m.email);
  await page.locator('#login-password').fill(m.password);
  await page.locator('#login-submit').click();

  // Home: the server's words in the merchant's language, and the operator's reason.
  await expect(page).toHaveURL(/\/home$/);
  const closed = page.getByTestId('shop-closed');
  await expect(closed).toContainText(serverMsg(lang, 'SHOP_CLOSED'));
  await expect(closed).toContainText(fmt(lang, 'shopClosed.reason', { reason }));
  await expect(closed.getByRole('link', { name: msg(lang, 'service.contact') })).toHaveAttribute(
    'href',
    '/service',
  );
  // The figures still read.
  await expect(page.getByTestId('figure-total-sales')).toBeVisible();
  await shot(page, testInfo, `home-closed-${lang}`);

  // The settings give the notice instead of their forms.
  await page.goto('/baseinfo');
  await expect(page.getByTestId('shop-closed')).toContainText(serverMsg(lang, 'SHOP_CLOSED'));
  await expect(page.getByTestId('shop-closed')).toContainText(reason);
  await expect(page.getByLabel(msg(lang, 'shop.name'))).toHaveCount(0);
  await shot(page, testInfo, `baseinfo-closed-${lang}`);
  // The server refuses the save itself, in the caller's language, and keeps the shop as it was.
  const token = (await keptSession(page)).token as string;
  const refused = await api('/merchant/merchant/store', {
    token,
    lang,
    body: { name: 'Renamed while closed' },
  });
  expect(refused).toMatchObject({ error: 'SHOP_CLOSED', msg: serverMsg(lang, 'SHOP_CLOSED') });

  // A writing action the screen still offers (an express-lane purchase) is refused at the form.
  await page.goto('/storeExpress');
  await page.getByRole('radio').first().click();
  await page.getByTestId('shelf-listing').first().getByRole('checkbox').check();
  await page.getByRole('button', { name: msg(lang, 'express.buy'), exact: true }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByTestId('express-pay-password').click();
  await page.keyboard.type('123456');
  await sheet.getByRole('button', { name: msg(lang, 'express.pay') }).click();
  await expect(sheet).toContainText(serverMsg(lang, 'SHOP_CLOSED'));
  await shot(page, testInfo, `storeExpress-closed-${lang}`);
  expect(ok(await api<{ balance: string }>('/merchant/merchant/getMerInfo', { token })).balance).toBe(
    '200.00',
  );

  // Reopened: Home has no notice any more (sessions are kept on reopening).
  ok(await admin(op, '/admin/shop/reopen', { body: { merchant_id: m.merinfo.id, note: 'Checked' } }));
  await page.goto('/home');
  await expect(page.getByTestId('figure-total-sales')).toBeVisible();
  await expect(page.getByTestId('shop-closed')).toBeHidden();
});
