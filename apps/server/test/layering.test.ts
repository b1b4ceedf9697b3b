import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const checker = path.join(repo, 'tools/lint/server-deps.mjs');
const fixture = path.join(import.meta.dirname, 'fixtures/layering');

/** The layering check of `npm run lint` (tools/lint/server-deps.mjs) on a tree that breaks each rule once. */
async function checkFixture(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [checker], {
      env: { ...process.env, SERVER_DEPS_FIXTURE: fixture },
    });
    return { code: 0, out: stdout };
  } catch (e) {
    const failure = e as { code: number; stdout: string; stderr: string };
    return { code: failure.code, out: failure.stdout + failure.stderr };
  }
}

describe('the layering check (npm run lint)', () => {
  it('fails on each broken rule and names the file', async () => {
    const { code, out } = await checkFixture();
    expect(code).toBe(1);
    const src = 'apps/server/src';
    for (const line of [
      `no-circular: ${src}/modules/orders/orders.service.ts → ${src}/modules/dashboard/index.ts`,
      `module-door: ${src}/modules/orders/orders.service.ts → ${src}/modules/catalogue/catalogue.repository.ts`,
      `outside-door: ${src}/plugins/auth.ts → ${src}/modules/orders/orders.service.ts`,
      `db-lib-no-module: ${src}/db/engine.ts → ${src}/modules/catalogue/index.ts`,
      `kysely-only-in-repositories: ${src}/modules/catalogue/search.ts → `,
      'no-module-cycle: the modules orders, dashboard import each other',
      `sql-only-in-repositories: ${src}/modules/catalogue/search.ts:4 calls selectFrom()`,
    ]) {
      expect(out).toContain(line);
    }
  }, 60_000);
});
