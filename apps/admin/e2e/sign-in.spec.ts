import { admin, ok } from '@dropdesk/test-kit/e2e/server';
import { expect, test } from '@playwright/test';
import { inEnglish, newOperator, shot, signInConsole } from './support/console';

test('an operator enrols its authenticator (QR code and key), signs out, and signs in with a code', async ({
  page,
}, testInfo) => {
  const op = await newOperator('support');

  // Wrong password first: the server's words, nothing else asked.
  await inEnglish(page);
  await page.goto('/console/');
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel('Username').fill(op.username);
  await page.getByLabel('Password').fill('Not-the-password1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shot(page, testInfo, 'sign-in-refused');

  // First sign-in: the QR code and the key to type, then the authenticator's code.
  await signInConsole(page, op, { testInfo, prefix: 'sign-in' });
  await expect(page.getByTestId('idle-clock')).toContainText('Idle sign-out in');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await shot(page, testInfo, 'overview-support');
  // A support operator's menu: orders and merchants, no review queues, no settings, no operators.
  await expect(page.getByRole('menuitem', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Merchants', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Top-ups' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Operators' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/console\/login/);

  // Next time: no QR code, the code alone; a wrong code is refused at the code.
  await page.getByLabel('Username').fill(op.username);
  await page.getByLabel('Password').fill(op.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Code from your authenticator app')).toBeVisible();
  await expect(page.getByTestId('totp-secret')).toHaveCount(0);
  await page.locator('input[name=code]').click();
  await page.keyboard.type('000000');
  await expect(page.getByText(/The code is wrong/)).toBeVisible();
  await shot(page, testInfo, 'sign-in-wrong-code');
  await signInConsole(page, op);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // A session the server ended sends the operator back to sign-in, told why. Ended while the
  // console is closed: an answer of the open overview's, written back to the stored session, would
  // otherwise put the live token back (seen once in CI, 11-29, after the overview gained two cards).
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('console-session') ?? '{}') as { token?: string }).token ?? '',
  );
  await page.goto('about:blank');
  ok(await admin(token, '/admin/logout', { body: {} }));
  await page.goto('/console/orders');
  await expect(page).toHaveURL(/\/console\/login/);
  await expect(page.getByRole('alert')).toBeVisible();
  await shot(page, testInfo, 'session-ended');
});
