import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * The built merchant app served from the server's port (app.ts, @fastify/static): hashed assets
 * cached for a year, their pre-compressed twins to browsers that take them, the SPA's index for
 * any other page, and API paths still answered by the API. Guards the dependency pins
 * (content-disposition, pulled by @fastify/static) as much as the serving itself.
 */
describe(`static web app (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let webDist: string;
  const js = 'console.log("dropdesk");\n'.repeat(20);
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Dropdesk</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), js);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves a hashed asset, cached for a year', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(js);
  });

  it('sends the pre-compressed file to a browser that takes brotli', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(brotliCompressSync(js))).toBe(true);
  });

  // app.ts sets `no-cache` on the fallback, but @fastify/static's send writes its own
  // `public, max-age=0` over it (sendFile without `cacheControl: false`); both make the browser
  // revalidate, so a new build is picked up on the next visit.
  it("answers the app's own pages with index.html, revalidated on every visit", async () => {
    for (const url of ['/wallet/topup', '/login?code=ABC', '/index.html/x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toMatch(/^(no-cache|public, max-age=0)$/);
      expect(res.body, url).toContain('<title>Dropdesk</title>');
    }
  });

  it('serves index.html at / too, revalidated on every visit', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Dropdesk</title>');
    expect(res.headers['cache-control']).toMatch(/^(no-cache|public, max-age=0)$/);
  });

  it('leaves API paths to the API: an unknown one is a JSON 404', async () => {
    const res = await t.app.inject({ url: '/merchant/merchant/nothing_here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });
});

describe(`prerendered /login and /home (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Dropdesk</title>');
    for (const page of ['login', 'home']) {
      fs.mkdirSync(path.join(webDist, page));
      for (const lang of ['vi', 'en', 'zh-CN'])
        fs.writeFileSync(
          path.join(webDist, page, `${lang}.html`),
          `<html lang="${lang}"><title>${page} ${lang}</title>`,
        );
    }
    t = await buildTestApp({ webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    ['no cookie', undefined, 'vi'],
    ['the lang cookie the app mirrors', 'theme=dark; lang=en', 'en'],
    ['a language that does not exist', 'lang=xx', 'vi'],
    ['a path in the cookie', 'lang=..%2Findex', 'vi'],
    ['a broken escape', 'lang=%E0%A4', 'vi'],
    ['zh-CN as encodeURIComponent leaves it', 'lang=zh-CN', 'zh-CN'],
  ])('sends /login and /home prerendered in the language of %s', async (_, cookie, lang) => {
    for (const [url, page] of [
      ['/login?redirect=/my', 'login'],
      ['/home', 'home'],
    ]) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toMatch(/^(no-cache|public, max-age=0)$/);
      expect(res.headers.vary, url).toMatch(/cookie/i);
      expect(res.body, url).toBe(`<html lang="${lang}"><title>${page} ${lang}</title>`);
    }
  });

  it.each([
    ['names it over the cookie', '?lang=zh-CN', 'lang=en', 'zh-CN'],
    ['names a language that does not exist: the cookie', '?lang=xx', 'lang=en', 'en'],
    ['names a path: the cookie', '?lang=..%2Findex', undefined, 'vi'],
  ])('sends /login and /home in the language their address %s', async (_, query, cookie, lang) => {
    for (const [url, page] of [
      [`/login${query}&redirect=/my`, 'login'],
      [`/home${query}`, 'home'],
    ]) {
      const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(`<html lang="${lang}"><title>${page} ${lang}</title>`);
    }
  });

  it('still answers the other screens with index.html', async () => {
    const res = await t.app.inject({ url: '/register' });
    expect(res.body).toContain('<title>Dropdesk</title>');
  });

  it("sends the app, not the login page, for a partner's handoff (/login?data=), which the app runs", async () => {
    const res = await t.app.inject({ url: '/login?data=abc.def&mer=1', headers: { cookie: 'lang=en' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Dropdesk</title>');
  });

  it('redirects / to /login, keeping the query', async () => {
    const bare = await t.app.inject({ url: '/' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/login');
    const withQuery = await t.app.inject({ url: '/?redirect=%2Fmy' });
    expect(withQuery.headers.location).toBe('/login?redirect=%2Fmy');
  });
});
