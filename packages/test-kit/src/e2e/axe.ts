/**
 * axe-core (the engine behind Lighthouse's accessibility audit) run in the page under test.
 *
 * axe is evaluated through the DevTools protocol (`page.evaluate`), as @axe-core/playwright does:
 * a `<script>` tag would be refused by the app's Content-Security-Policy (no inline scripts), and a
 * context with `bypassCSP` would audit a page the server never sends. The audit runs every rule
 * axe enables by default (WCAG 2.0–2.2 A and AA, and the best practices such as `region`), at
 * every impact level: the bar is zero violations.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { screenSettled } from './settled';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One violating node, one line: `rule (impact) selector: what is wrong`. */
export type Violation = string;

/**
 * Audits the page as it is now and returns its violations, one line per node (empty: none), so a
 * failed expectation reads as the list of what to fix. axe is injected once per document.
 */
export async function axeViolations(page: Page, options: RunOptions = {}): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    // axe returns plain data; the `window.axe` it installs has no type in the page's lib.
    (opts) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<AxeResults> } }).axe.run(
        document,
        opts,
      ),
    { resultTypes: ['violations'], ...options } as RunOptions,
  );
  return results.violations.flatMap((rule) =>
    rule.nodes.map((node) => {
      const why = (node.failureSummary ?? rule.help).replace(/\s+/g, ' ').trim();
      return `${rule.id} (${rule.impact ?? 'n/a'}) ${node.target.join(' ')}: ${why}`;
    }),
  );
}

/**
 * Waits until a screen has settled enough to audit: its data in and its enter animations done (a
 * half-faded element fails colour contrast). See settled.ts `screenSettled`.
 */
export const settled = (page: Page) => screenSettled(page);
