import type { Page, TestInfo } from '@playwright/test';
import { screenSettled } from './settled';

/**
 * A full-page picture for reviewers: saved as test-results/<test>/<name>.png and attached to the
 * report, once the screen has settled (settled.ts `screenSettled`: data in, animations done).
 */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  await screenSettled(page);
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
