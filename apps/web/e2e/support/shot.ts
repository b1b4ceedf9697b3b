import type { Page, TestInfo } from '@playwright/test';

/**
 * A full-page picture for reviewers: saved as test-results/<test>/<name>.png and attached to the
 * report. Waits for the network and for animations and toasts to settle first.
 */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
