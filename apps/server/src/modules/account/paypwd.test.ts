import vi_messages from '@dropdesk/contract/messages/vi.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant } from '../../../test/factories';
import { catalogues } from '../../i18n/t';

const SET = '/merchant/merchant/setPaypwd';
const RESET = '/merchant/merchant/resetPay';
const VERIFY = '/merchant/merchant/verify_pay';
const ME = '/merchant/merchant/getMerInfo';

describe('payment password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const payState = (id: number) =>
    t.database.db
      .selectFrom('merchants')
      .select(['pay_password_hash', 'pay_fail_count', 'pay_locked_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  describe('setPaypwd', () => {
    it('sets the payment password once, and verify_pay then accepts it', async () => {
      const m = await newMerchant(t);
      expect((await m.client.get(ME)).data.pay_password_set).toBe(false);
      const notSet = await m.client.post(VERIFY, { pay_password: '123456' });
      expect(notSet.error).toBe('PAY_PASSWORD_NOT_SET');
      expect(Object.keys(notSet.data.fields)).toEqual(['pay_password']);

      const set = await m.client.post(SET, { pay_password: '246810', pay_password_confirm: '246810' });
      expect(set.code).toBe(1);
      expect(set.data).toBeNull();
      expect((await m.client.get(ME)).data.pay_password_set).toBe(true);
      expect((await payState(m.id)).pay_password_hash).toMatch(/^\$argon2id\$/);
      expect((await m.client.post(VERIFY, { pay_password: '246810' })).data).toEqual({ ok: true });

      const again = await m.client.post(SET, { pay_password: '111111', pay_password_confirm: '111111' });
      expect(again.error).toBe('PAY_PASSWORD_ALREADY_SET');
      expect((await m.client.post(VERIFY, { pay_password: '246810' })).code).toBe(1);
      const wrong = await m.client.post(VERIFY, { pay_password: '111111' }, { lang: 'en' });
      expect(wrong.error).toBe('WRONG_PAY_PASSWORD');
      // The count is filled in, in the message and in the field's message the form shows.
      expect(wrong.msg).toBe('Incorrect payment password, 4 attempts left');
      expect(wrong.data.fields).toEqual({ pay_password: 'Incorrect payment password, 4 attempts left' });
      for (const [lang, messages] of Object.entries(catalogues)) {
        const reply = await m.client.post(VERIFY, { pay_password: '111111' }, { lang });
        expect(reply.msg).not.toMatch(/[{}]/);
        expect(reply.data.fields.pay_password).toBe(reply.msg);
        expect(messages.WRONG_PAY_PASSWORD).toMatch(/\{attempts_left\}/);
        if (reply.data.attempts_left === 0) break;
      }
    });

    it('refuses two different entries with PASSWORDS_DO_NOT_MATCH on pay_password_confirm, in the caller language', async () => {
      const m = await newMerchant(t);
      const body = { pay_password: '123456', pay_password_confirm: '654321' };
      const en = await m.client.post(SET, body, { lang: 'en' });
      expect(en.status).toBe(200);
      expect(en.code).toBe(0);
      expect(en.error).toBe('PASSWORDS_DO_NOT_MATCH');
      expect(en.msg).toBe('Passwords entered do not match');
      expect(en.data.fields).toEqual({ pay_password_confirm: 'Passwords entered do not match' });
      const vi = await m.client.post(SET, body);
      expect(vi.error).toBe('PASSWORDS_DO_NOT_MATCH');
      expect(vi.msg).not.toBe(en.msg);
      expect(vi.msg).toBe(vi_messages.PASSWORDS_DO_NOT_MATCH);
      expect((await payState(m.id)).pay_password_hash).toBeNull();
    });

    it.each([
      [
        'five digits',
        { pay_password: '12345', pay_password_confirm: '12345' },
        'PAY_PASSWORD_FORMAT',
        'pay_password',
      ],
      [
        'seven digits',
        { pay_password: '1234567', pay_password_confirm: '1234567' },
        'PAY_PASSWORD_FORMAT',
        'pay_password',
      ],
      [
        'letters',
        { pay_password: 'abcdef', pay_password_confirm: 'abcdef' },
        'PAY_PASSWORD_FORMAT',
        'pay_password',
      ],
      [
        'spaces',
        { pay_password: ' 12345', pay_password_confirm: ' 12345' },
        'PAY_PASSWORD_FORMAT',
        'pay_password',
      ],
      ['missing', { pay_password_confirm: '123456' }, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
      ['empty', { pay_password: '', pay_password_confirm: '' }, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
      [
        'a number',
        { pay_password: 123456, pay_password_confirm: 123456 },
        'PAY_PASSWORD_REQUIRED',
        'pay_password',
      ],
      [
        'unknown field',
        { pay_password: '123456', pay_password_confirm: '123456', is_admin: true },
        'INVALID_INPUT',
        'is_admin',
      ],
    ])('refuses %s and sets nothing', async (_name, body, key, field) => {
      const m = await newMerchant(t);
      const res = await m.client.post(SET, body, { lang: 'en' });
      expect(res.code).toBe(0);
      expect(res.error).toBe(key);
      expect(Object.keys(res.data.fields)).toContain(field);
      expect((await payState(m.id)).pay_password_hash).toBeNull();
      expect((await m.client.get(ME)).data.pay_password_set).toBe(false);
    });

    it('needs a session', async () => {
      const res = await new Client(t.app).post(SET, {
        pay_password: '123456',
        pay_password_confirm: '123456',
      });
      expect(res.status).toBe(401);
      expect(res.code).toBe(401);
      expect(res.error).toBe('UNAUTHORIZED');
    });
  });

  describe('resetPay', () => {
    it('changes it with the old payment password', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      const res = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654321',
        old_pay_password: '123456',
      });
      expect(res.code).toBe(1);
      expect((await m.client.post(VERIFY, { pay_password: '654321' })).code).toBe(1);
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).error).toBe('WRONG_PAY_PASSWORD');
    });

    it('changes it with the login password', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      const res = await m.client.post(RESET, {
        pay_password: '777777',
        pay_password_confirm: '777777',
        password: m.password,
      });
      expect(res.code).toBe(1);
      expect((await m.client.post(VERIFY, { pay_password: '777777' })).code).toBe(1);
    });

    it('refuses a wrong old payment password, a wrong login password, no proof or a mismatch, and changes nothing', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      const before = (await payState(m.id)).pay_password_hash;
      const wrongOld = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654321',
        old_pay_password: '000000',
      });
      expect(wrongOld.error).toBe('WRONG_PAY_PASSWORD');
      expect(wrongOld.data.fields).toHaveProperty('old_pay_password');
      expect(wrongOld.data.attempts_left).toBe(4);

      const wrongLogin = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654321',
        password: 'not-my-password',
      });
      expect(wrongLogin.error).toBe('WRONG_PASSWORD');
      expect(wrongLogin.data.fields).toHaveProperty('password');

      const noProof = await m.client.post(RESET, { pay_password: '654321', pay_password_confirm: '654321' });
      expect(noProof.error).toBe('PAY_PASSWORD_REQUIRED');
      expect(noProof.data.fields).toHaveProperty('old_pay_password');

      const mismatch = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654320',
        old_pay_password: '123456',
      });
      expect(mismatch.error).toBe('PASSWORDS_DO_NOT_MATCH');
      expect(mismatch.data.fields).toHaveProperty('pay_password_confirm');

      const malformed = await m.client.post(RESET, {
        pay_password: '65432a',
        pay_password_confirm: '65432a',
        old_pay_password: '123456',
      });
      expect(malformed.error).toBe('PAY_PASSWORD_FORMAT');

      const unknown = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654321',
        old_pay_password: '123456',
        merchant_id: 1,
      });
      expect(unknown.error).toBe('INVALID_INPUT');
      expect(unknown.data.fields).toHaveProperty('merchant_id');

      expect((await payState(m.id)).pay_password_hash).toBe(before);
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).code).toBe(1);
    });

    it('refuses when no payment password was ever set', async () => {
      const m = await newMerchant(t);
      const res = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654321',
        old_pay_password: '123456',
      });
      expect(res.error).toBe('PAY_PASSWORD_NOT_SET');
      expect((await payState(m.id)).pay_password_hash).toBeNull();
    });
  });

  describe('verify_pay and the lock', () => {
    it('counts down attempts, locks after the fifth wrong entry for 30 minutes, then unlocks', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      const left: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await m.client.post(VERIFY, { pay_password: '000000' }, { lang: 'en' });
        expect(res.error).toBe('WRONG_PAY_PASSWORD');
        left.push(res.data.attempts_left);
      }
      expect(left).toEqual([4, 3, 2, 1, 0]);

      const locked = await m.client.post(VERIFY, { pay_password: '123456' }, { lang: 'en' });
      expect(locked.error).toBe('PAY_PASSWORD_LOCKED');
      expect(locked.msg).toContain('30 minutes');
      // Named at its field, like a wrong entry, so the form shows it where the password was typed.
      expect(locked.data.fields).toEqual({ pay_password: locked.msg });
      const until = Date.parse(locked.data.locked_until);
      expect(until).toBe(t.clock.now() + 30 * 60_000);

      t.clock.advance(30 * 60_000 - 1_000);
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).error).toBe('PAY_PASSWORD_LOCKED');
      const change = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654321',
        old_pay_password: '123456',
      });
      expect(change.error).toBe('PAY_PASSWORD_LOCKED');
      expect(Object.keys(change.data.fields)).toEqual(['old_pay_password']);

      t.clock.advance(1_000);
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).data).toEqual({ ok: true });
      const after = await payState(m.id);
      expect(after.pay_fail_count).toBe(0);
      expect(after.pay_locked_until).toBeNull();
      // A fresh count after the lock: one wrong entry leaves four.
      expect((await m.client.post(VERIFY, { pay_password: '000000' })).data.attempts_left).toBe(4);
    });

    it('a right entry resets the count', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      for (let i = 0; i < 4; i++) await m.client.post(VERIFY, { pay_password: '000000' });
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).code).toBe(1);
      expect((await m.client.post(VERIFY, { pay_password: '000000' })).data.attempts_left).toBe(4);
    });

    it('a remembered right entry weakens nothing: a wrong one after it is counted, a changed password drops the old one', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      for (let i = 0; i < 3; i++) {
        expect((await m.client.post(VERIFY, { pay_password: '123456' })).data).toEqual({ ok: true });
      }
      expect((await m.client.post(VERIFY, { pay_password: '000000' })).data.attempts_left).toBe(4);
      expect((await payState(m.id)).pay_fail_count).toBe(1);
      // The right one after a failure is verified in full again, and clears the count.
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).data).toEqual({ ok: true });
      expect((await payState(m.id)).pay_fail_count).toBe(0);

      const change = await m.client.post(RESET, {
        pay_password: '654321',
        pay_password_confirm: '654321',
        old_pay_password: '123456',
      });
      expect(change.code).toBe(1);
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).error).toBe('WRONG_PAY_PASSWORD');
      expect((await m.client.post(VERIFY, { pay_password: '654321' })).data).toEqual({ ok: true });
      // Another merchant with the same digits is verified on its own.
      const other = await newMerchant(t, { payPassword: '111111' });
      expect((await other.client.post(VERIFY, { pay_password: '654321' })).error).toBe('WRONG_PAY_PASSWORD');
    });

    it('50 parallel wrong payment passwords: exactly 5 are checked, 45 find it locked, and then even the right one is refused', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => m.client.post(VERIFY, { pay_password: String(100000 + i) })),
      );
      const keys = replies.map((r) => r.error);
      expect(keys.filter((k) => k === 'WRONG_PAY_PASSWORD')).toHaveLength(5);
      expect(keys.filter((k) => k === 'PAY_PASSWORD_LOCKED')).toHaveLength(45);
      const left = replies
        .filter((r) => r.error === 'WRONG_PAY_PASSWORD')
        .map((r) => r.data.attempts_left)
        .sort();
      expect(left).toEqual([0, 1, 2, 3, 4]);

      const right = await m.client.post(VERIFY, { pay_password: '123456' });
      expect(right.error).toBe('PAY_PASSWORD_LOCKED');
      const state = await payState(m.id);
      expect(state.pay_locked_until).toBe(Date.parse(right.data.locked_until));
      expect(state.pay_fail_count).toBe(5);

      t.clock.advance(30 * 60_000);
      expect((await m.client.post(VERIFY, { pay_password: '123456' })).data).toEqual({ ok: true });
    });

    it('refuses malformed entries without counting them', async () => {
      const m = await newMerchant(t, { payPassword: '123456' });
      for (const [body, key, field] of [
        [{}, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
        [{ pay_password: '12' }, 'PAY_PASSWORD_FORMAT', 'pay_password'],
        [{ pay_password: 123456 }, 'PAY_PASSWORD_REQUIRED', 'pay_password'],
        [{ pay_password: '123456', x: 1 }, 'INVALID_INPUT', 'x'],
      ] as const) {
        expectRefusal(await m.client.post(VERIFY, body), key, field, JSON.stringify(body));
      }
      expect((await payState(m.id)).pay_fail_count).toBe(0);
    });
  });

  describe('another merchant', () => {
    it("cannot change, check or lock the first merchant's payment password", async () => {
      const a = await newMerchant(t, { payPassword: '123456' });
      const b = await newMerchant(t);
      const before = await payState(a.id);

      // B's token only ever acts on B.
      const set = await b.client.post(SET, { pay_password: '999999', pay_password_confirm: '999999' });
      expect(set.code).toBe(1);
      const change = await b.client.post(RESET, {
        pay_password: '111111',
        pay_password_confirm: '111111',
        old_pay_password: '123456',
      });
      expect(change.error).toBe('WRONG_PAY_PASSWORD');
      for (let i = 0; i < 5; i++) await b.client.post(VERIFY, { pay_password: '000000' });
      expect((await b.client.post(VERIFY, { pay_password: '999999' })).error).toBe('PAY_PASSWORD_LOCKED');

      expect(await payState(a.id)).toEqual(before);
      expect((await a.client.post(VERIFY, { pay_password: '123456' })).code).toBe(1);
    });
  });
});
