import { DEMO, operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { msg } from './support/locales';

test('the built app is served and / goes to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('form')).toBeVisible();
});

test('API helpers: a merchant registered through the API opens /my logged in', async ({ page }) => {
  const m = await registerMerchant();
  expect(await operatorLogin()).toBeTruthy();
  await signIn(page, m, '/my');
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.getByText(m.storeName)).toBeVisible();
  // The tab bar: links, the current one marked (only My exists until Home/Product/Order are built).
  const tabs = page.getByRole('navigation', { name: msg('vi', 'tabs.label') });
  await expect(tabs.getByRole('link', { name: msg('vi', 'tabs.my') })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(DEMO.inviteCode).toBe('DROPDESK');
});
