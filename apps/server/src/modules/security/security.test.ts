import { accountRoutes } from '@dropdesk/contract/account';
import { kycRoutes } from '@dropdesk/contract/kyc';
import { securityRoutes as r } from '@dropdesk/contract/security';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant, registerMerchant, type TestMerchant } from '../../../test/factories';
import { noticesOf } from '../../../test/services';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
/** Addresses the country database knows: a Viettel (Vietnam) and a Google (United States) one. */
const VIETNAM_IP = '203.113.131.1';
const US_IP = '8.8.8.8';
/** A device id as the merchant app keeps it (apps/web/src/lib/device.ts). */
const DEVICE_ID = '5f0c6a3e9b2d4c1fa7e8d9c0b1a2f3e4';

describe('the security centre', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Signs the merchant in through the API, from a browser and an address: a client of that session. */
  async function signIn(m: TestMerchant, from: { ua: string; ip: string; device?: string }) {
    const browser = { ip: from.ip, headers: { 'user-agent': from.ua, device: from.device } };
    const res = await new Client(t.app, null, browser).call(accountRoutes.login, {
      account: m.email,
      password: m.password,
    });
    if (res.code !== 1) throw new Error(`login failed: ${res.raw}`);
    return new Client(t.app, res.data.merinfo.token, browser);
  }

  /** The id of the session a client uses (the list's current one). */
  async function sessionIdOf(client: Client): Promise<number> {
    const res = await client.call(r.sessions);
    return res.data.list.find((s) => s.current)!.id;
  }

  const eventsOf = async (client: Client) => (await client.call(r.events, { limit: '100' })).data.list;
  const securityNotices = async (merchantId: number) =>
    (await noticesOf(t, merchantId)).filter((n) =>
      ['security_new_device', 'login_password_changed', 'pay_password_changed'].includes(n.type),
    );

  it('lists the live sessions: device, country, hidden address, the current one first', async () => {
    const m = await newMerchant(t);
    const android = await signIn(m, { ua: ANDROID, ip: VIETNAM_IP });
    t.clock.advance(60_000);
    await signIn(m, { ua: IPHONE, ip: '127.0.0.1' });

    const res = await android.call(r.sessions);
    expect(res.code).toBe(1);
    const list = res.data.list.map(({ id: _id, first_seen: _f, last_seen: _l, ...rest }) => rest);
    expect(list).toEqual([
      { current: true, device: 'Chrome 131 on Android', country: 'VN', ip_hint: '203.113.131.x' },
      // Then by last use: the iPhone, then the factory's session (opened before devices were recorded).
      { current: false, device: 'Safari 17 on iOS', country: null, ip_hint: '127.0.0.x' },
      { current: false, device: null, country: null, ip_hint: null },
    ]);
    expect(res.data.list[0]!.first_seen).toBe(new Date(t.clock.now() - 60_000).toISOString());
    // Each client sees itself as the current one, then the others by last use.
    const fromFactory = (await m.client.call(r.sessions)).data.list;
    expect(fromFactory.map((s) => [s.device, s.current])).toEqual([
      [null, true],
      ['Safari 17 on iOS', false],
      ['Chrome 131 on Android', false],
    ]);
  });

  it('lists no session that ended: signed out, or idle past its time', async () => {
    const m = await newMerchant(t);
    const old = await signIn(m, { ua: ANDROID, ip: US_IP });
    const outId = await sessionIdOf(await signIn(m, { ua: IPHONE, ip: US_IP }));
    expect((await old.call(r.signOutSession, { id: outId })).data).toEqual({ signed_out: 1 });
    t.clock.advance(6 * 24 * 3_600_000);
    const fresh = await signIn(m, { ua: IPHONE, ip: US_IP });
    // Two days later the first sessions have been idle eight days (a week ends them); this one two.
    t.clock.advance(2 * 24 * 3_600_000);
    const list = (await fresh.call(r.sessions)).data.list;
    expect(list.map((s) => [s.device, s.current])).toEqual([['Safari 17 on iOS', true]]);
  });

  it('a sign-in from a new device is recorded as such with one notice; the same device again is not', async () => {
    const m = await newMerchant(t);
    // The first sign-in whose device is recorded sets the baseline: the factory's session knew none.
    const first = await signIn(m, { ua: ANDROID, ip: VIETNAM_IP });
    expect((await eventsOf(first)).map((e) => e.kind)).toEqual(['sign_in']);
    expect(await securityNotices(m.id)).toEqual([]);

    const iphone = await signIn(m, { ua: IPHONE, ip: US_IP });
    const [newDevice] = await eventsOf(iphone);
    expect(newDevice).toMatchObject({
      kind: 'sign_in_new_device',
      device: 'Safari 17 on iOS',
      country: 'US',
      ip_hint: '8.8.8.x',
      params: {},
      at: new Date(t.clock.now()).toISOString(),
    });
    const notices = await securityNotices(m.id);
    expect(notices).toEqual([
      {
        type: 'security_new_device',
        title_key: 'notice.security_new_device',
        params: { device: 'Safari 17 on iOS', country: 'US', time: new Date(t.clock.now()).toISOString() },
        ref_type: null,
        ref_id: null,
      },
    ]);

    // The same browser again, from elsewhere: known.
    const again = await signIn(m, { ua: IPHONE, ip: VIETNAM_IP });
    expect((await eventsOf(again)).map((e) => e.kind)).toEqual(['sign_in', 'sign_in_new_device', 'sign_in']);
    expect(await securityNotices(m.id)).toHaveLength(1);

    // The app's device id is what tells a device when it sends one: a new id is a new device, even
    // in a browser seen before; the same id is the same device, whatever its user agent says.
    await signIn(m, { ua: ANDROID, ip: VIETNAM_IP, device: DEVICE_ID });
    const updated = await signIn(m, { ua: IPHONE, ip: VIETNAM_IP, device: DEVICE_ID });
    // A malformed id is ignored: the user agent decides (the iPhone's browser is known).
    const malformed = await signIn(m, { ua: IPHONE, ip: VIETNAM_IP, device: 'not an id!' });
    expect((await eventsOf(malformed)).map((e) => e.kind).slice(0, 3)).toEqual([
      'sign_in',
      'sign_in',
      'sign_in_new_device',
    ]);
    expect(await securityNotices(m.id)).toHaveLength(2);
    expect((await updated.call(accountRoutes.getMerInfo)).code).toBe(1);
  });

  it("registration's first session is a plain sign-in without a notice; logout is recorded and ends it", async () => {
    const m = await registerMerchant(t);
    expect((await eventsOf(m.client)).map((e) => [e.kind, e.device, e.country, e.ip_hint])).toEqual([
      // app.inject's own user agent, from the loopback address.
      ['sign_in', 'lightMyRequest', null, '127.0.0.x'],
    ]);
    expect(await securityNotices(m.id)).toEqual([]);
    const other = await signIn(m, { ua: ANDROID, ip: VIETNAM_IP });
    expect((await eventsOf(other))[0]!.kind).toBe('sign_in_new_device');

    expect((await m.client.call(accountRoutes.logout)).code).toBe(1);
    expect((await m.client.call(accountRoutes.getMerInfo)).status).toBe(401);
    expect((await eventsOf(other)).map((e) => e.kind)).toEqual(['sign_out', 'sign_in_new_device', 'sign_in']);
  });

  it('signs out another session: its token gets 401 at once, the history names its device', async () => {
    const m = await newMerchant(t);
    const android = await signIn(m, { ua: ANDROID, ip: VIETNAM_IP });
    const iphone = await signIn(m, { ua: IPHONE, ip: US_IP });
    const iphoneId = await sessionIdOf(iphone);
    expect((await iphone.call(accountRoutes.getMerInfo)).code).toBe(1);

    const res = await android.call(r.signOutSession, { id: iphoneId });
    expect(res.code).toBe(1);
    expect(res.data).toEqual({ signed_out: 1 });
    const refused = await iphone.call(accountRoutes.getMerInfo);
    expect(refused.status).toBe(401);
    expect(refused.error).toBe('UNAUTHORIZED');
    expect((await android.call(r.sessions)).data.list.map((s) => s.device)).toEqual([
      'Chrome 131 on Android',
      null,
    ]);
    const [event] = await eventsOf(android);
    expect(event).toMatchObject({
      kind: 'session_signed_out',
      params: { device: 'Safari 17 on iOS' },
      // Where the ending came from: the Android session.
      device: 'Chrome 131 on Android',
      country: 'VN',
    });
    // Ended already: there is no such live session any more.
    expectRefusal(await android.call(r.signOutSession, { id: iphoneId }), 'NOT_FOUND');
  });

  it('refuses an id that is none with INVALID_INPUT naming the field', async () => {
    const m = await newMerchant(t);
    for (const body of [{ id: 0 }, { id: -3 }, { id: 'x' }, { id: 1.5 }, {}, { id: null }]) {
      const res = await m.client.post(r.signOutSession.path, body, { lang: 'en' });
      expectRefusal(res, 'INVALID_INPUT', 'id', JSON.stringify(body));
    }
    expectRefusal(await m.client.post(r.signOutSession.path, { id: 5, extra: 1 }), 'INVALID_INPUT');
  });

  it("another merchant's session is NOT_FOUND and goes on working; so is an unknown id", async () => {
    const mine = await newMerchant(t);
    const theirs = await newMerchant(t);
    const theirClient = await signIn(theirs, { ua: ANDROID, ip: US_IP });
    const theirId = await sessionIdOf(theirClient);
    expectRefusal(await mine.client.call(r.signOutSession, { id: theirId }, { lang: 'en' }), 'NOT_FOUND');
    expect((await theirClient.call(accountRoutes.getMerInfo)).code).toBe(1);
    expectRefusal(await mine.client.call(r.signOutSession, { id: 2_000_000_000 }), 'NOT_FOUND');
    // Nothing was recorded for either.
    expect(await eventsOf(mine.client)).toEqual([]);
    expect((await eventsOf(theirClient)).map((e) => e.kind)).toEqual(['sign_in']);
  });

  it('the current session is not ended from the list: SESSION_IS_CURRENT, in the caller language', async () => {
    const m = await newMerchant(t);
    const id = await sessionIdOf(m.client);
    const res = await m.client.call(r.signOutSession, { id }, { lang: 'en' });
    expectRefusal(res, 'SESSION_IS_CURRENT');
    expect(res.msg).toBe('This is the session you are using: sign out instead');
    expect((await m.client.call(accountRoutes.getMerInfo)).code).toBe(1);
  });

  it('signs out every other session, recorded with how many; with none left, 0 and nothing recorded', async () => {
    const m = await newMerchant(t);
    const others = [
      await signIn(m, { ua: ANDROID, ip: VIETNAM_IP }),
      await signIn(m, { ua: IPHONE, ip: US_IP }),
    ];
    const keeper = await signIn(m, { ua: IPHONE, ip: VIETNAM_IP });
    const res = await keeper.call(r.signOutOthers, {});
    expect(res.data).toEqual({ signed_out: 3 });
    for (const client of [m.client, ...others])
      expect((await client.call(accountRoutes.getMerInfo)).status).toBe(401);
    expect((await keeper.call(accountRoutes.getMerInfo)).code).toBe(1);
    expect((await keeper.call(r.sessions)).data.list).toHaveLength(1);
    const [event] = await eventsOf(keeper);
    expect(event).toMatchObject({
      kind: 'other_sessions_signed_out',
      params: { count: 3 },
      device: 'Safari 17 on iOS',
    });

    const before = (await eventsOf(keeper)).length;
    expect((await keeper.call(r.signOutOthers, {})).data).toEqual({ signed_out: 0 });
    expect(await eventsOf(keeper)).toHaveLength(before);
    expectRefusal(await keeper.post(r.signOutOthers.path, { all: true }), 'INVALID_INPUT');
  });

  it('pages the history newest first, and refuses a page or limit that is none', async () => {
    const m = await newMerchant(t);
    let client = m.client;
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1_000);
      client = await signIn(m, { ua: ANDROID, ip: VIETNAM_IP });
    }
    const all = (await client.call(r.events)).data;
    expect(all.total).toBe(5);
    expect(all.limit).toBe(20);
    const times = all.list.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    const ids = all.list.map((e) => e.id);

    const second = (await client.call(r.events, { page: '2', limit: '2' })).data;
    expect(second).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(second.list.map((e) => e.id)).toEqual(ids.slice(2, 4));
    expect((await client.call(r.events, { page: '4', limit: '2' })).data.list).toEqual([]);

    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ page: 'x' }, 'page'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '1000' }, 'limit'],
      [{ limit: '1e1' }, 'limit'],
    ] as const)
      expectRefusal(await client.get(r.events.path, query), 'INVALID_INPUT', field, JSON.stringify(query));
    expectRefusal(await client.get(r.events.path, { kind: 'sign_in' }), 'INVALID_INPUT');
    // Another merchant's history is its own.
    expect((await (await newMerchant(t)).client.call(r.events)).data.total).toBe(0);
  });

  it('records the payment password set and changed, and tells the merchant of a change', async () => {
    const m = await newMerchant(t);
    const client = await signIn(m, { ua: ANDROID, ip: VIETNAM_IP });
    await client.call(accountRoutes.setPayPwd, { pay_password: '135790', pay_password_confirm: '135790' });
    // A refused change records nothing.
    const wrong = await client.call(accountRoutes.resetPay, {
      pay_password: '246802',
      pay_password_confirm: '246802',
      old_pay_password: '000000',
    });
    expectRefusal(wrong, 'WRONG_PAY_PASSWORD', 'old_pay_password');
    const changed = await client.call(accountRoutes.resetPay, {
      pay_password: '246802',
      pay_password_confirm: '246802',
      old_pay_password: '135790',
    });
    expect(changed.code).toBe(1);
    expect((await eventsOf(client)).map((e) => [e.kind, e.device, e.country])).toEqual([
      ['pay_password_changed', 'Chrome 131 on Android', 'VN'],
      ['pay_password_set', 'Chrome 131 on Android', 'VN'],
      ['sign_in', 'Chrome 131 on Android', 'VN'],
    ]);
    expect(await securityNotices(m.id)).toEqual([
      expect.objectContaining({
        type: 'pay_password_changed',
        params: {
          device: 'Chrome 131 on Android',
          country: 'VN',
          time: new Date(t.clock.now()).toISOString(),
        },
      }),
    ]);
  });

  it('records the login password changed (and told), and the bank card saved', async () => {
    const m = await newMerchant(t, { payPassword: '123456', kyc: 'verified' });
    const client = await signIn(m, { ua: IPHONE, ip: US_IP });
    const bank = await client.call(kycRoutes.changeBank, {
      holder_name: 'Nguyen Van A',
      bank_name: 'Techcombank',
      account_number: '19034567890123',
      pay_password: '123456',
    });
    expect(bank.code).toBe(1);
    const changed = await client.call(accountRoutes.resetPwd, {
      old_password: m.password,
      password: 'NewSecret#456',
      password_confirm: 'NewSecret#456',
    });
    expect(changed.code).toBe(1);
    // The change ended the other sessions, not this one.
    expect((await m.client.call(accountRoutes.getMerInfo)).status).toBe(401);
    const events = await eventsOf(client);
    expect(events.map((e) => e.kind)).toEqual(['login_password_changed', 'bank_card_changed', 'sign_in']);
    expect(events[1]!.params).toEqual({ bank_name: 'Techcombank', account_number: '**** 0123' });
    expect(events[0]).toMatchObject({ device: 'Safari 17 on iOS', country: 'US', ip_hint: '8.8.8.x' });
    expect((await securityNotices(m.id)).map((n) => [n.type, n.params.device, n.params.country])).toEqual([
      ['login_password_changed', 'Safari 17 on iOS', 'US'],
    ]);
  });

  it('keeps the history append-only: its rows are never changed nor deleted', async () => {
    const m = await newMerchant(t);
    await signIn(m, { ua: ANDROID, ip: VIETNAM_IP });
    const db = t.database.db;
    const row = await db
      .selectFrom('security_events')
      .select('id')
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    await expect(
      db.updateTable('security_events').set({ kind: 'sign_out' }).where('id', '=', row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('security_events').where('id', '=', row.id).execute()).rejects.toThrow(
      /append-only/,
    );
    if (t.engine === 'postgres')
      await expect(sql`truncate security_events`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('answers 401 without a session on every row', async () => {
    const anonymous = new Client(t.app);
    for (const res of [
      await anonymous.call(r.sessions),
      await anonymous.call(r.events),
      await anonymous.call(r.signOutOthers, {}),
      await anonymous.call(r.signOutSession, { id: 1 }),
    ])
      expect(res.status).toBe(401);
  });
});
