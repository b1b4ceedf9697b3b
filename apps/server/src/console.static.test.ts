import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * The built operator console (apps/admin) served under /console/ (app.ts, CONSOLE_DIST): hashed
 * assets cached for a year with their pre-compressed twins, the console's own index.html for every
 * /console/ page with the product's CSP, a missing asset a 404, and the merchant app untouched.
 * Run with the merchant app built and without it (who decorates sendFile differs).
 */
const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

function makeDist(title: string, asset: string, js: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
  fs.writeFileSync(path.join(dir, 'assets', asset), js);
  fs.writeFileSync(path.join(dir, 'assets', `${asset}.br`), brotliCompressSync(js));
  return dir;
}

for (const withWeb of [true, false]) {
  describe(`console under /console/, ${withWeb ? 'with' : 'without'} the merchant app (${engine})`, () => {
    let t: TestApp;
    const dirs: string[] = [];
    const js = 'console.log("console");\n'.repeat(20);
    beforeAll(async () => {
      const consoleDist = makeDist('Console', 'index-co123.js', js);
      dirs.push(consoleDist);
      const overrides: Record<string, string> = { consoleDist };
      if (withWeb) {
        overrides.webDist = makeDist('Dropdesk', 'app-abc123.js', 'console.log(1);');
        dirs.push(overrides.webDist);
      }
      t = await buildTestApp(overrides);
    });
    afterAll(async () => {
      await t.close();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    });

    it('serves a hashed asset, cached for a year, brotli to a browser that takes it', async () => {
      const plain = await t.app.inject({ url: '/console/assets/index-co123.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body).toBe(js);
      const br = await t.app.inject({
        url: '/console/assets/index-co123.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
    });

    it("answers every console page with the console's index.html, revalidated, under the CSP", async () => {
      for (const url of ['/console/', '/console/login', '/console/orders/41', '/console/queues/kyc?x=1']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], url).toMatch(/^(no-cache|public, max-age=0)$/);
        expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
        expect(res.body, url).toContain('<title>Console</title>');
      }
    });

    it('sends /console to /console/', async () => {
      const res = await t.app.inject({ url: '/console' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/console/');
    });

    it('answers a missing console asset with a 404, not HTML', async () => {
      const res = await t.app.inject({ url: '/console/assets/gone-000.js' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    });

    it("leaves the merchant app's pages and the operator API as they were", async () => {
      const page = await t.app.inject({ url: '/wallet/topup' });
      if (withWeb) expect(page.body).toContain('<title>Dropdesk</title>');
      else expect(page.statusCode).toBe(404);
      const api = await t.app.inject({ url: '/admin/nothing_here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    });
  });
}

describe(`no console built (${engine})`, () => {
  it('starts, and /console/ pages are a 404', async () => {
    const t = await buildTestApp({ consoleDist: path.join(os.tmpdir(), 'dropdesk-no-console-here') });
    try {
      expect((await t.app.inject({ url: '/console/' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
