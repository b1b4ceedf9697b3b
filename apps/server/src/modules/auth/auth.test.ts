import { randomBytes } from 'node:crypto';
import { HANDOFF_TTL_MS, VERIFICATION_CODE_TTL_MS } from '@dropdesk/contract/constants';
import en from '@dropdesk/contract/messages/en.json';
import vi from '@dropdesk/contract/messages/vi.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_CAPTCHA, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant, platformCode, registerMerchant, registrationBody } from '../../../test/factories';
import { signHandoff } from './handoff';

const REGISTER = '/merchant/merchant/register';
const LOGIN = '/merchant/merchant/login';
const LOGOUT = '/merchant/merchant/logout';
const ME = '/merchant/merchant/getMerInfo';
const VERIFY_CODE = '/merchant/merchant/verify_code';
const SEND_CODE = '/merchant/merchant/send_code';
const RESETPWD = '/merchant/merchant/resetpwd';
const THIRD = '/merchant/merchant/third';
const TKREGISTER = '/merchant/merchant/tkregister';
const SET_LANGUAGE = '/merchant/merchant/set_language';
const LANGUAGE_LIST = '/merchant/merchant/language_list';

let ipSeq = 0;
/** A client from its own address, so login failures of one test do not reach another. */
const fresh = (t: TestApp) =>
  new Client(t.app, null, { ip: `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

describe('accounts, through HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const merchantCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('merchants')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const passwordHash = async (id: number) =>
    (
      await t.database.db
        .selectFrom('merchants')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;

  describe('register and verify_code', () => {
    it('registers and answers a logged-in merinfo that reads back through getMerInfo', async () => {
      const body = await registrationBody(t);
      const res = await fresh(t).post(REGISTER, body);
      expect(res.code).toBe(1);
      const info = res.data.merinfo;
      expect(info.token).toEqual(expect.any(String));
      expect(info.email).toBe(String(body.email).toLowerCase());
      expect(info.shop.name).toBe(body.store_name);
      const me = await new Client(t.app, info.token).get(ME);
      expect(me.data.id).toBe(info.id);
      expect(me.raw).not.toMatch(/hash/);
      // No zone sent: the shop's days are cut at UTC midnight.
      expect(me.data.time_zone).toBe('UTC');
      // Every shop starts at the base level (migration 006), bought at no price.
      expect(me.data.level).toEqual({ id: expect.any(Number), name: 'V1' });
    });

    it("keeps the zone the app sends at registration as the shop's zone", async () => {
      const m = await registerMerchant(t, { overrides: { time_zone: 'Asia/Ho_Chi_Minh' } });
      expect((await m.client.get(ME)).data.time_zone).toBe('Asia/Ho_Chi_Minh');
    });

    it.each([
      ['missing email', { email: undefined }, 'email', 'INVALID_INPUT'],
      ['malformed email', { email: 'not-an-email' }, 'email', 'INVALID_INPUT'],
      ['malformed phone', { phone: 'abc' }, 'phone', 'INVALID_INPUT'],
      ['short password', { password: 'a1', password_confirm: 'a1' }, 'password', 'INVALID_INPUT'],
      ['mismatched confirm', { password_confirm: 'Other#123' }, 'password_confirm', 'PASSWORDS_DO_NOT_MATCH'],
      ['unknown country', { country: 'XX' }, 'country', 'INVALID_INPUT'],
      ['a number for a name', { real_name: 42 }, 'real_name', 'INVALID_INPUT'],
      ['unknown field', { is_admin: true }, 'is_admin', 'INVALID_INPUT'],
      ['bad upload ref', { store_logo: 'u_nope' }, 'store_logo', 'UPLOAD_INVALID'],
      ['unknown invite code', { invite_code: 'NOSUCHCODE' }, 'invite_code', 'INVITE_CODE_INVALID'],
      ['unknown time zone', { time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'INVALID_INPUT'],
      ['a number for a time zone', { time_zone: 7 }, 'time_zone', 'INVALID_INPUT'],
    ])('refuses %s and creates no merchant', async (_name, override, field, key) => {
      const body: Record<string, unknown> = { ...(await registrationBody(t)), ...override };
      for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
      const before = await merchantCount();
      const res = await fresh(t).post(REGISTER, body, { lang: 'en' });
      expect(res.status).toBe(200);
      expectRefusal(res, key, field);
      expect(await merchantCount()).toBe(before);
      const login = await fresh(t).post(LOGIN, {
        account: String(body.email ?? 'x@y.z'),
        password: 'Secret#123',
      });
      expect(login.error).toBe('INVALID_CREDENTIALS');
    });

    it('refuses a second registration with the same email or phone', async () => {
      const m = await newMerchant(t);
      const before = await merchantCount();
      const sameEmail = await fresh(t).post(REGISTER, await registrationBody(t, { email: m.email }));
      expectRefusal(sameEmail, 'EMAIL_TAKEN', 'email');
      const samePhone = await fresh(t).post(REGISTER, await registrationBody(t, { phone: m.phone }));
      expectRefusal(samePhone, 'PHONE_TAKEN', 'phone');
      expect(await merchantCount()).toBe(before);
    });

    it('verify_code tells a platform code, a merchant code (masked) and an unknown one apart', async () => {
      const platform = await platformCode(t);
      expect((await fresh(t).post(VERIFY_CODE, { invite_code: platform.toLowerCase() })).data).toEqual({
        valid: true,
        owner: 'platform',
      });
      const m = await newMerchant(t);
      const byMerchant = await fresh(t).post(VERIFY_CODE, { invite_code: m.inviteCode });
      expect(byMerchant.data.valid).toBe(true);
      expect(byMerchant.data.owner).toContain('***');
      expect((await fresh(t).post(VERIFY_CODE, { invite_code: 'ZZZZNOPE' })).data).toEqual({
        valid: false,
        owner: null,
      });
      const missing = await fresh(t).post(VERIFY_CODE, {});
      expectRefusal(missing, 'INVALID_INPUT', 'invite_code');
      const unknown = await fresh(t).post(VERIFY_CODE, { invite_code: platform, x: 1 });
      expect(unknown.error).toBe('INVALID_INPUT');
    });

    it('a merchant registered with another merchant’s code is that merchant’s child', async () => {
      const parent = await newMerchant(t);
      const child = await registerMerchant(t, { overrides: { invite_code: parent.inviteCode } });
      const row = await t.database.db
        .selectFrom('merchants')
        .selectAll()
        .where('id', '=', child.id)
        .executeTakeFirstOrThrow();
      expect((row as Record<string, unknown>).parent_id).toBe(parent.id);
    });
  });

  describe('login, captcha and logout', () => {
    it('logs in by email or phone; a wrong password is INVALID_CREDENTIALS like an unknown account', async () => {
      const m = await newMerchant(t);
      const c = fresh(t);
      expect((await c.post(LOGIN, { account: m.email, password: m.password })).code).toBe(1);
      expect((await c.post(LOGIN, { account: m.phone, password: m.password })).code).toBe(1);
      const wrong = await fresh(t).post(LOGIN, { account: m.email, password: 'Wrong#123' });
      const nobody = await fresh(t).post(LOGIN, { account: 'nobody@example.com', password: 'Wrong#123' });
      expect(wrong.error).toBe('INVALID_CREDENTIALS');
      expect(nobody.error).toBe('INVALID_CREDENTIALS');
      expect(wrong.msg).toBe(nobody.msg);
      expect(wrong.data.token).toBeUndefined();
    });

    it.each([
      ['missing account', { password: 'x' }, 'ACCOUNT_REQUIRED', 'account'],
      ['missing password', { account: 'a@b.cd' }, 'INVALID_INPUT', 'password'],
      ['a number for the password', { account: 'a@b.cd', password: 12345678 }, 'INVALID_INPUT', 'password'],
      ['unknown field', { account: 'a@b.cd', password: 'x', remember: true }, 'INVALID_INPUT', 'remember'],
    ])('refuses %s', async (_name, body, key, field) => {
      expectRefusal(await fresh(t).post(LOGIN, body), key, field);
    });

    it('asks for a captcha after 3 failures on one account, refuses a wrong one, and accepts a right one once', async () => {
      const m = await newMerchant(t);
      const c = fresh(t);
      const first = [];
      for (let i = 0; i < 3; i++)
        first.push(await c.post(LOGIN, { account: m.email, password: 'Wrong#123' }));
      expect(first.map((r) => r.data.captcha_required)).toEqual([false, false, true]);

      const noCaptcha = await c.post(LOGIN, { account: m.email, password: m.password });
      expect(noCaptcha.error).toBe('CAPTCHA_REQUIRED');
      expect(noCaptcha.data.captcha_required).toBe(true);

      const cap1 = (await c.get('/merchant/common/captcha')).data;
      expect(cap1.image).toMatch(/^data:image\/svg\+xml;base64,/);
      const wrongCaptcha = await c.post(LOGIN, {
        account: m.email,
        password: m.password,
        captcha_id: cap1.captcha_id,
        captcha: 'ZZZZ',
      });
      expect(wrongCaptcha.error).toBe('CAPTCHA_INVALID');
      // That captcha is spent even with the right answer now.
      const reused = await c.post(LOGIN, {
        account: m.email,
        password: m.password,
        captcha_id: cap1.captcha_id,
        captcha: TEST_CAPTCHA,
      });
      expect(reused.error).toBe('CAPTCHA_INVALID');

      // The count belongs to the account: another client is asked too.
      expect((await fresh(t).post(LOGIN, { account: m.email, password: m.password })).error).toBe(
        'CAPTCHA_REQUIRED',
      );

      const cap2 = (await c.get('/merchant/common/captcha')).data;
      const ok = await c.post(LOGIN, {
        account: m.email,
        password: m.password,
        captcha_id: cap2.captcha_id,
        captcha: TEST_CAPTCHA,
      });
      expect(ok.code).toBe(1);
      // A success clears the count.
      expect((await c.post(LOGIN, { account: m.email, password: m.password })).code).toBe(1);
    });

    it('logout revokes only that session', async () => {
      const m = await newMerchant(t);
      const other = await fresh(t).post(LOGIN, { account: m.email, password: m.password });
      const out = await m.client.post(LOGOUT, {});
      expect(out.code).toBe(1);
      const after = await m.client.get(ME);
      expect(after.status).toBe(401);
      expect(after.error).toBe('UNAUTHORIZED');
      expect((await m.client.post(LOGOUT, {})).status).toBe(401);
      expect((await new Client(t.app, other.data.merinfo.token).get(ME)).data.id).toBe(m.id);
    });

    it('getMerInfo needs a valid token and answers only the caller’s own data', async () => {
      const a = await newMerchant(t);
      const b = await newMerchant(t);
      expect((await new Client(t.app).get(ME)).status).toBe(401);
      expect((await new Client(t.app, 'forged-token').get(ME)).status).toBe(401);
      const meB = await b.client.get(ME, { id: a.id });
      expect(meB.data.id).toBe(b.id);
      expect(meB.raw).not.toContain(a.email);
      expect((await a.client.get(ME)).data.email).toBe(a.email);
    });
  });

  describe('send_code and resetpwd', () => {
    const codeFrom = async (to: string) => {
      const row = await t.database.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', to)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return /\b(\d{6})\b/.exec(row.body)![1]!;
    };

    it('resets with a mailed code once; the code cannot be used again and old sessions end', async () => {
      const m = await newMerchant(t);
      const sent = await fresh(t).post(SEND_CODE, { account: m.email }, { lang: 'en' });
      expect(sent.data).toEqual({ sent: true });
      const code = await codeFrom(m.email);
      const reset = await fresh(t).post(RESETPWD, {
        account: m.email,
        code,
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
      });
      expect(reset.code).toBe(1);
      expect((await m.client.get(ME)).status).toBe(401);
      expect((await fresh(t).post(LOGIN, { account: m.email, password: 'Newpass#456' })).code).toBe(1);
      expectRefusal(
        await fresh(t).post(LOGIN, { account: m.email, password: m.password }),
        'INVALID_CREDENTIALS',
      );

      const hash = await passwordHash(m.id);
      const again = await fresh(t).post(RESETPWD, {
        account: m.email,
        code,
        password: 'Third#7890',
        password_confirm: 'Third#7890',
      });
      expect(again.error).toBe('CODE_INVALID');
      expect(await passwordHash(m.id)).toBe(hash);
    });

    it('an SMS code works by phone, and an unknown account gets the same answer and no message', async () => {
      const m = await newMerchant(t);
      expect((await fresh(t).post(SEND_CODE, { account: m.phone })).data).toEqual({ sent: true });
      const code = await codeFrom(m.phone);
      const before = await t.database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect((await fresh(t).post(SEND_CODE, { account: 'ghost@example.com' })).data).toEqual({ sent: true });
      const after = await t.database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const reset = await fresh(t).post(RESETPWD, {
        account: m.phone,
        code,
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
      });
      expect(reset.code).toBe(1);
    });

    it('refuses an expired code, a wrong code and bad bodies, and changes nothing', async () => {
      const m = await newMerchant(t);
      const hash = await passwordHash(m.id);
      await fresh(t).post(SEND_CODE, { account: m.email });
      const code = await codeFrom(m.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const body = (over: Record<string, unknown>) => ({
        account: m.email,
        code,
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
        ...over,
      });
      expect((await fresh(t).post(RESETPWD, body({ code: wrong }))).error).toBe('CODE_INVALID');
      expect((await fresh(t).post(RESETPWD, body({ code: '12ab' }))).error).toBe('CODE_INVALID');
      expect((await fresh(t).post(RESETPWD, body({ code: undefined }))).error).toBe('CODE_INVALID');
      const mismatch = await fresh(t).post(RESETPWD, body({ password_confirm: 'Other#456' }));
      expect(mismatch.error).toBe('PASSWORDS_DO_NOT_MATCH');
      const unknown = await fresh(t).post(RESETPWD, body({ merchant_id: m.id }));
      expect(unknown.error).toBe('INVALID_INPUT');
      const weak = await fresh(t).post(RESETPWD, body({ password: 'a', password_confirm: 'a' }));
      expect(weak.data.fields).toHaveProperty('password');
      expect(await passwordHash(m.id)).toBe(hash);

      t.clock.advance(VERIFICATION_CODE_TTL_MS + 1);
      const expired = await fresh(t).post(RESETPWD, body({}));
      expect(expired.error).toBe('CODE_INVALID');
      expect(await passwordHash(m.id)).toBe(hash);
      expect((await fresh(t).post(LOGIN, { account: m.email, password: m.password })).code).toBe(1);
    });

    it('a code allows 5 tries: after five wrong ones even the right code is refused', async () => {
      const m = await newMerchant(t);
      await fresh(t).post(SEND_CODE, { account: m.email });
      const code = await codeFrom(m.email);
      const wrong = code === '000000' ? '111111' : '000000';
      const body = (c: string) => ({
        account: m.email,
        code: c,
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
      });
      for (let i = 0; i < 5; i++)
        expect((await fresh(t).post(RESETPWD, body(wrong))).error).toBe('CODE_INVALID');
      expect((await fresh(t).post(RESETPWD, body(code))).error).toBe('CODE_INVALID');
      expect((await fresh(t).post(LOGIN, { account: m.email, password: m.password })).code).toBe(1);
    });

    it('logged in: changes with the old password and ends the other sessions, not this one', async () => {
      const m = await newMerchant(t);
      const other = await fresh(t).post(LOGIN, { account: m.email, password: m.password });
      const hash = await passwordHash(m.id);
      const wrongOld = await m.client.post(RESETPWD, {
        old_password: 'Wrong#123',
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
      });
      expect(wrongOld.error).toBe('WRONG_PASSWORD');
      expect(wrongOld.data.fields).toHaveProperty('old_password');
      const noOld = await m.client.post(RESETPWD, {
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
      });
      expect(noOld.error).toBe('WRONG_PASSWORD');
      expect(await passwordHash(m.id)).toBe(hash);

      const ok = await m.client.post(RESETPWD, {
        old_password: m.password,
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
      });
      expect(ok.code).toBe(1);
      expect((await m.client.get(ME)).data.id).toBe(m.id);
      expect((await new Client(t.app, other.data.merinfo.token).get(ME)).status).toBe(401);
    });

    it("another merchant's code does not reset my password", async () => {
      const a = await newMerchant(t);
      const b = await newMerchant(t);
      await fresh(t).post(SEND_CODE, { account: b.email });
      const bCode = await codeFrom(b.email);
      const hash = await passwordHash(a.id);
      const res = await fresh(t).post(RESETPWD, {
        account: a.email,
        code: bCode,
        password: 'Newpass#456',
        password_confirm: 'Newpass#456',
      });
      expect(res.error).toBe('CODE_INVALID');
      expect(await passwordHash(a.id)).toBe(hash);
    });
  });

  describe('third-party handoff', () => {
    const handoff = (over: Partial<{ uid: string; nonce: string; iat: number; mer: string }> = {}) =>
      signHandoff(t.config.secret, {
        uid: `partner-${randomBytes(4).toString('hex')}`,
        nonce: randomBytes(12).toString('hex'),
        iat: t.clock.now(),
        ...over,
      });
    const links = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('third_links')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('third answers status 0 for an unlinked user; tkregister links; third then logs in; replays are refused', async () => {
      const uid = `partner-${randomBytes(4).toString('hex')}`;
      const first = handoff({ uid });
      const unlinked = await fresh(t).post(THIRD, { data: first, code: 'ABC' });
      expect(unlinked.data).toEqual({ status: 0, data: first, code: 'ABC' });
      expect((await fresh(t).post(THIRD, { data: first })).error).toBe('HANDOFF_USED');

      const reg = handoff({ uid });
      const registered = await fresh(t).post(TKREGISTER, { ...(await registrationBody(t)), data: reg });
      expect(registered.code).toBe(1);
      const id = registered.data.merinfo.id;
      const linksAfter = await links();
      const before = await merchantCount();
      const replay = await fresh(t).post(TKREGISTER, { ...(await registrationBody(t)), data: reg });
      expect(['HANDOFF_USED', 'HANDOFF_ALREADY_LINKED']).toContain(replay.error);
      const again = await fresh(t).post(TKREGISTER, {
        ...(await registrationBody(t)),
        data: handoff({ uid }),
      });
      expect(again.error).toBe('HANDOFF_ALREADY_LINKED');
      expect(await merchantCount()).toBe(before);
      expect(await links()).toBe(linksAfter);

      const login = handoff({ uid });
      const linked = await fresh(t).post(THIRD, { data: login });
      expect(linked.data.status).toBe(1);
      expect(linked.data.merinfo.id).toBe(id);
      expect((await new Client(t.app, linked.data.merinfo.token).get(ME)).data.id).toBe(id);
      const replayed = await fresh(t).post(THIRD, { data: login });
      expect(replayed.error).toBe('HANDOFF_USED');
      expect(replayed.data?.merinfo).toBeUndefined();
    });

    it('refuses a forged, tampered, expired or mismatched handoff, and links nothing', async () => {
      const before = await links();
      const count = await merchantCount();
      const forged = signHandoff('another-secret-0123456789abcdef', {
        uid: 'x',
        nonce: randomBytes(12).toString('hex'),
        iat: t.clock.now(),
      });
      expect((await fresh(t).post(THIRD, { data: forged })).error).toBe('HANDOFF_INVALID');
      const good = handoff({ mer: 'M1' });
      const [payload, sig] = good.split('.');
      const tampered = `${Buffer.from(JSON.stringify({ uid: 'evil', nonce: 'n'.repeat(16), iat: t.clock.now() })).toString('base64url')}.${sig}`;
      expect(payload).toBeTruthy();
      expect((await fresh(t).post(THIRD, { data: tampered })).error).toBe('HANDOFF_INVALID');
      expect((await fresh(t).post(THIRD, { data: 'garbage' })).error).toBe('HANDOFF_INVALID');
      expect((await fresh(t).post(THIRD, { data: good, mer: 'M2' })).error).toBe('HANDOFF_INVALID');
      expect((await fresh(t).post(THIRD, {})).error).toBe('HANDOFF_INVALID');
      expect((await fresh(t).post(THIRD, { data: good, extra: 1 })).error).toBe('INVALID_INPUT');

      const old = handoff({ iat: t.clock.now() - HANDOFF_TTL_MS - 1 });
      expect((await fresh(t).post(THIRD, { data: old })).error).toBe('HANDOFF_EXPIRED');
      const oldReg = await fresh(t).post(TKREGISTER, { ...(await registrationBody(t)), data: old });
      expect(oldReg.error).toBe('HANDOFF_EXPIRED');
      const forgedReg = await fresh(t).post(TKREGISTER, { ...(await registrationBody(t)), data: forged });
      expect(forgedReg.error).toBe('HANDOFF_INVALID');
      // Still valid at 10 minutes less a second; the clock moves, the handoff does not.
      const fresh10 = handoff();
      t.clock.advance(HANDOFF_TTL_MS - 1_000);
      expect((await fresh(t).post(THIRD, { data: fresh10 })).data.status).toBe(0);

      expect(await links()).toBe(before);
      expect(await merchantCount()).toBe(count);
    });
  });

  describe('languages', () => {
    it('language_list offers the seven languages; set_language saves one for the caller only', async () => {
      const list = (await fresh(t).get(LANGUAGE_LIST)).data.list;
      expect(list.map((l: { code: string }) => l.code).sort()).toEqual(
        ['en', 'ja', 'ko', 'th', 'tr', 'vi', 'zh-CN'].sort(),
      );
      const a = await newMerchant(t);
      const b = await newMerchant(t);
      const langB = (await b.client.get(ME)).data.lang;
      expect((await a.client.get(SET_LANGUAGE, { lang: 'ja' })).data).toEqual({ lang: 'ja' });
      expect((await a.client.get(ME)).data.lang).toBe('ja');
      expect((await b.client.get(ME)).data.lang).toBe(langB);

      const bad = await a.client.get(SET_LANGUAGE, { lang: 'xx' });
      expectRefusal(bad, 'INVALID_INPUT', 'lang');
      const extra = await a.client.get(SET_LANGUAGE, { lang: 'en', merchant_id: b.id });
      expect(extra.error).toBe('INVALID_INPUT');
      expect((await a.client.get(ME)).data.lang).toBe('ja');
      expect((await new Client(t.app).get(SET_LANGUAGE, { lang: 'en' })).status).toBe(401);
    });

    it('the lang header picks the message language, Vietnamese by default', async () => {
      const c = fresh(t);
      const body = { account: 'nobody@example.com', password: 'Wrong#123' };
      expect((await c.post(LOGIN, body)).msg).toBe(vi.INVALID_CREDENTIALS);
      expect((await c.post(LOGIN, body, { lang: 'en' })).msg).toBe(en.INVALID_CREDENTIALS);
      expect(en.INVALID_CREDENTIALS).not.toBe(vi.INVALID_CREDENTIALS);
      expect((await new Client(t.app).get(ME, undefined, { lang: 'en' })).msg).toBe(en.UNAUTHORIZED);
    });
  });
});
