import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * The built storefront (apps/storefront) served under /s/ (app.ts, @fastify/static): hashed assets
 * cached for a year, their pre-compressed twins, the storefront's own index.html for every /s/ page
 * (never the merchant app's), a missing asset a 404, and the merchant app's fallback untouched.
 * Run with the merchant app built and without it: the registration differs (who decorates sendFile).
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
  describe(`storefront under /s/, ${withWeb ? 'with' : 'without'} the merchant app (${engine})`, () => {
    let t: TestApp;
    const dirs: string[] = [];
    const js = 'console.log("storefront");\n'.repeat(20);
    beforeAll(async () => {
      const storefrontDist = makeDist('Storefront', 'index-sf123.js', js);
      dirs.push(storefrontDist);
      const overrides: Record<string, string> = { storefrontDist };
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
      const plain = await t.app.inject({ url: '/s/assets/index-sf123.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/javascript/);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body).toBe(js);
      const br = await t.app.inject({
        url: '/s/assets/index-sf123.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.equals(brotliCompressSync(js))).toBe(true);
    });

    it("answers every storefront page with the storefront's index.html, revalidated", async () => {
      for (const url of ['/s/7', '/s/p/3', '/s/order/41?t=abc', '/s/', '/s']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], url).toMatch(/^(no-cache|public, max-age=0)$/);
        expect(res.body, url).toContain('<title>Storefront</title>');
      }
    });

    it('answers a missing storefront asset with a 404, not HTML', async () => {
      const res = await t.app.inject({ url: '/s/assets/gone-000.js' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    });

    it("leaves the merchant app's pages and the API as they were", async () => {
      const page = await t.app.inject({ url: '/wallet/topup' });
      if (withWeb) expect(page.body).toContain('<title>Dropdesk</title>');
      else expect(page.statusCode).toBe(404);
      const api = await t.app.inject({ url: '/store/nothing_here' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    });
  });
}

describe(`no storefront built (${engine})`, () => {
  it('starts, and /s/ pages are a 404', async () => {
    const t = await buildTestApp({ storefrontDist: path.join(os.tmpdir(), 'dropdesk-no-storefront-here') });
    try {
      const res = await t.app.inject({ url: '/s/7' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
