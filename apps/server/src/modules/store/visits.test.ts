import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dashboardRoutes } from '@dropdesk/contract/dashboard';
import { storeRoutes as r } from '@dropdesk/contract/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant, type TestMerchant } from '../../../test/factories';
import { PHONE_UA } from '../../../test/store';
import { sha256 } from '../../lib/crypto';
import { clientOf, isAutomation, NEW_VISITORS_PER_ADDRESS, VISITOR_COOKIE } from './visitors';

/**
 * Visitors nobody can inflate (docs/dashboard.md "Visitors"): the storefront's page
 * sets a signed visitor id in an HttpOnly cookie, and `POST /store/visit` counts only that, once per
 * visitor, shop and day, at most NEW_VISITORS_PER_ADDRESS per shop, client address and day, and
 * nothing from automated clients. Real page loads of a built storefront (a stand-in index.html).
 */
const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
const DAY = 24 * 3_600_000;

describe('who is a person, and which addresses are one client', () => {
  it('counts browsers; not a missing, non-browser, crawler, headless or tool user agent', () => {
    expect(isAutomation(PHONE_UA)).toBe(false);
    for (const ua of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
      // A phone brand is not a bot.
      'Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    ])
      expect(isAutomation(ua), ua).toBe(false);
    for (const ua of [
      undefined,
      '',
      'curl/8.5.0',
      'python-requests/2.32',
      'lightMyRequest',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 Chrome-Lighthouse',
    ])
      expect(isAutomation(ua), String(ua)).toBe(true);
  });

  it('an IPv4 address is one client; an IPv6 address counts by its /64', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
  });
});

describe(`visits counted from the storefront's page (${engine})`, () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-sf-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Storefront</title>');
    t = await buildTestApp({ storefrontDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  let n = 0;
  /** A distinct client address for each new person. */
  const newAddress = () => `198.51.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

  /** A browser opens the shop's page: the visitor cookie it was given (`name=value`), if any. */
  async function openPage(
    shop: number,
    browser: { ip: string; ua?: string | undefined; cookie?: string | undefined },
  ): Promise<string | undefined> {
    const headers: Record<string, string> = {};
    if (browser.ua !== undefined) headers['user-agent'] = browser.ua;
    if (browser.cookie) headers.cookie = browser.cookie;
    const res = await t.app.inject({ url: `/s/${shop}`, headers, remoteAddress: browser.ip });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Storefront');
    const set = res.headers['set-cookie'];
    return typeof set === 'string' ? set.split(';')[0] : browser.cookie;
  }

  /** The page's script records the view: the cookie travels by itself (same origin). */
  async function view(shop: number, browser: { ip: string; ua?: string; cookie?: string | undefined }) {
    const headers: Record<string, string | undefined> = { 'user-agent': browser.ua ?? PHONE_UA };
    if (browser.cookie) headers.cookie = browser.cookie;
    const res = await new Client(t.app).call(r.visit, { shop }, { headers, ip: browser.ip });
    expect(res.code, res.raw).toBe(1);
    return res.data.counted;
  }

  /** A person: a new phone at its own address opens the page and its script posts the view. */
  async function person(shop: number, ip = newAddress()) {
    const browser = { ip, ua: PHONE_UA, cookie: undefined as string | undefined };
    browser.cookie = await openPage(shop, browser);
    return browser;
  }

  const visitorsToday = async (m: TestMerchant) =>
    (await m.client.call(dashboardRoutes.index)).data.visitors.today;
  const visitRows = (m: TestMerchant) =>
    t.database.db.selectFrom('shop_visits').selectAll().where('merchant_id', '=', m.id).execute();

  it('the page gives a browser a signed, HttpOnly, SameSite=Lax visitor id once; automation gets none', async () => {
    const m = await newMerchant(t);
    const ip = newAddress();
    const res = await t.app.inject({
      url: `/s/${m.id}`,
      headers: { 'user-agent': PHONE_UA },
      remoteAddress: ip,
    });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(
      new RegExp(
        `^${VISITOR_COOKIE}=v_[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax$`,
      ),
    );
    // Kept: the next page (a product, a reload) sets none.
    const cookie = set.split(';')[0]!;
    const again = await t.app.inject({
      url: '/s/p/1',
      headers: { 'user-agent': PHONE_UA, cookie },
      remoteAddress: ip,
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    // A broken one is replaced.
    const broken = await t.app.inject({
      url: `/s/${m.id}`,
      headers: { 'user-agent': PHONE_UA, cookie: `${cookie.slice(0, -2)}xx` },
      remoteAddress: ip,
    });
    expect(String(broken.headers['set-cookie'])).toMatch(new RegExp(`^${VISITOR_COOKIE}=v_`));
    for (const ua of [
      undefined,
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36',
    ])
      expect(await openPage(m.id, { ip, ua }), String(ua)).toBeUndefined();
  });

  it('real page loads from different people each count once, on Home too; reloads and repeats do not', async () => {
    const m = await newMerchant(t, { timeZone: 'Asia/Ho_Chi_Minh' });
    const people = [await person(m.id), await person(m.id), await person(m.id)];
    for (const p of people) expect(await view(m.id, p)).toBe(true);
    for (const p of people) {
      // A reload, another product page of the shop, a second tab: the same visitor that day.
      await openPage(m.id, p);
      expect(await view(m.id, p)).toBe(false);
    }
    expect(await visitorsToday(m)).toBe(3);
    // Racing repeats of one new person count once.
    const racer = await person(m.id);
    const racing = await Promise.all(Array.from({ length: 6 }, () => view(m.id, racer)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    // Only a hash of the visitor id is kept, and the day is the shop's.
    const rows = await visitRows(m);
    expect(rows).toHaveLength(4);
    const id = people[0]!.cookie!.split('=')[1]!.split('.')[0]!;
    expect(rows.map((x) => x.visitor)).toContain(sha256(`visitor:${id}`));
    expect(JSON.stringify(rows)).not.toContain(id);
    expect(rows[0]?.day).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(t.clock.now()),
    );
    // Another shop, and the next day, count again.
    const other = await newMerchant(t);
    expect(await view(other.id, people[0]!)).toBe(true);
    t.clock.advance(DAY);
    expect(await view(m.id, people[0]!)).toBe(true);
    expect(await visitorsToday(m)).toBe(1);
  });

  it('30 invented ids from one address count nothing', async () => {
    const m = await newMerchant(t);
    const ip = newAddress();
    const random = () => Math.random().toString(36).slice(2).padEnd(22, '0').slice(0, 22);
    for (let i = 0; i < 30; i++) {
      const invented = [
        // no cookie at all, an unsigned one, one signed with a guess, one shaped like ours
        undefined,
        `${VISITOR_COOKIE}=v_${random()}`,
        `${VISITOR_COOKIE}=v_${random()}.${random()}${random()}`,
        `${VISITOR_COOKIE}=${random()}.${'A'.repeat(43)}`,
      ][i % 4];
      expect(await view(m.id, { ip, cookie: invented })).toBe(false);
    }
    // The body no longer takes a visitor id, nor does a header stand in for the cookie.
    const anon = new Client(t.app);
    expectRefusal(
      await anon.post(r.visit.path, { shop: m.id, visitor: 'v_0123456789abcdef0123' }),
      'INVALID_INPUT',
    );
    const byHeader = await anon.call(
      r.visit,
      { shop: m.id },
      { headers: { 'visitor-id': 'v_abc', 'user-agent': PHONE_UA }, ip },
    );
    expect(byHeader.data.counted).toBe(false);
    expect(await visitRows(m)).toEqual([]);
    expect(await visitorsToday(m)).toBe(0);
  });

  it('30 replays of a real visitor id count once, from one address or from many', async () => {
    const m = await newMerchant(t);
    const real = await person(m.id);
    const counted = [];
    for (let i = 0; i < 30; i++)
      counted.push(await view(m.id, { ...real, ip: i % 2 ? real.ip : newAddress() }));
    expect(counted.filter(Boolean)).toHaveLength(1);
    expect(await visitorsToday(m)).toBe(1);
  });

  it(`30 fresh page loads from one address add at most ${NEW_VISITORS_PER_ADDRESS} visitors to a shop a day`, async () => {
    const m = await newMerchant(t);
    const ip = newAddress();
    const counted = [];
    for (let i = 0; i < 30; i++) counted.push(await view(m.id, await person(m.id, ip)));
    expect(counted.filter(Boolean)).toHaveLength(NEW_VISITORS_PER_ADDRESS);
    expect(counted.slice(0, NEW_VISITORS_PER_ADDRESS).every(Boolean)).toBe(true);
    expect(await visitorsToday(m)).toBe(NEW_VISITORS_PER_ADDRESS);
    // Nothing is left behind for the refused ones: the rows are the figure.
    expect(await visitRows(m)).toHaveLength(NEW_VISITORS_PER_ADDRESS);
    // People at other addresses still count; so does that address at another shop, and the next day.
    expect(await view(m.id, await person(m.id))).toBe(true);
    const other = await newMerchant(t);
    expect(await view(other.id, await person(other.id, ip))).toBe(true);
    t.clock.advance(DAY);
    expect(await view(m.id, await person(m.id, ip))).toBe(true);
  });

  it('IPv6 addresses of one /64 are one client; another /64 is another', async () => {
    const m = await newMerchant(t);
    const counted = [];
    for (let i = 1; i <= 12; i++)
      counted.push(await view(m.id, await person(m.id, `2001:db8:7:7::${i.toString(16)}`)));
    expect(counted.filter(Boolean)).toHaveLength(NEW_VISITORS_PER_ADDRESS);
    expect(await view(m.id, await person(m.id, '2001:db8:7:8::1'))).toBe(true);
  });

  it('automated clients count nothing, even with a real visitor id', async () => {
    const m = await newMerchant(t);
    const real = await person(m.id);
    for (const ua of [
      '',
      'curl/8.5.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    ])
      expect(await view(m.id, { ...real, ua }), ua).toBe(false);
    expect(await visitorsToday(m)).toBe(0);
    expect(await view(m.id, real)).toBe(true);
  });

  it('a missing shop is NOT_FOUND; a bad body is INVALID_INPUT; neither records anything', async () => {
    const real = await person(1);
    const anon = new Client(t.app);
    expectRefusal(
      await anon.call(r.visit, { shop: 999_999_999 }, { headers: { cookie: real.cookie! } }),
      'NOT_FOUND',
    );
    expectRefusal(await anon.post(r.visit.path, {}), 'INVALID_INPUT', 'shop');
    expectRefusal(await anon.post(r.visit.path, { shop: 'one' }), 'INVALID_INPUT', 'shop');
    const rows = await t.database.db
      .selectFrom('shop_visits')
      .select('merchant_id')
      .where('merchant_id', '=', 999_999_999)
      .execute();
    expect(rows).toEqual([]);
  });
});
