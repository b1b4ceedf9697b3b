import { rmSync } from 'node:fs';

/** Removes the fresh data folder the run's server used (created in playwright.config.ts). */
export default function teardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes('dropdesk-e2e-')) rmSync(dir, { recursive: true, force: true });
}
