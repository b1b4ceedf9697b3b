import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { MERCHANT_PASSWORD, newMerchant, newOperator } from '../../../test/factories';
import { loadConfig } from '../../config';

/**
 * The account side: the platform's currency in the public config, the merchant's time zone
 * changed from personal info, and a new login password that must differ from the current one.
 */
const CONFIG = '/merchant/common/config';
const SET_ZONE = '/merchant/merchant/setTimeZone';
const ME = '/merchant/merchant/getMerInfo';
const REPORT = '/merchant/merchant/financial_report';
const RESET = '/merchant/merchant/resetpwd';

describe('the platform currency setting (CURRENCY)', () => {
  const env = (CURRENCY?: string) => ({
    SECRET: 'x'.repeat(32),
    ...(CURRENCY === undefined ? {} : { CURRENCY }),
  });

  it('is USD by default, and any ISO 4217 currency with two decimals otherwise', () => {
    expect(loadConfig(env()).currency).toEqual({ code: 'USD', symbol: '$' });
    expect(loadConfig(env('')).currency).toEqual({ code: 'USD', symbol: '$' });
    expect(loadConfig(env('eur')).currency).toEqual({ code: 'EUR', symbol: '€' });
    expect(loadConfig(env('GBP')).currency).toEqual({ code: 'GBP', symbol: '£' });
  });

  it('refuses at start a code that is not a currency, or one whose minor unit is not a cent', () => {
    for (const bad of ['DOLLAR', 'US', 'ZZZ', '$'])
      expect(() => loadConfig(env(bad)), bad).toThrow(/CURRENCY/);
    // Amounts are integer cents with two decimals everywhere: a currency without them can't be ours.
    for (const bad of ['JPY', 'VND', 'KWD']) expect(() => loadConfig(env(bad)), bad).toThrow(/2 decimals/);
  });
});

describe(`personal info (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('the public config names the currency, before login', async () => {
    const res = await new Client(t.app).get(CONFIG);
    expect(res.code, res.raw).toBe(1);
    expect(res.data.currency).toEqual({ code: 'USD', symbol: '$' });
  });

  it('an app configured in euros says so', async () => {
    const eur = await buildTestApp({ currency: { code: 'EUR', symbol: '€' } });
    try {
      expect((await new Client(eur.app).get(CONFIG)).data.currency).toEqual({ code: 'EUR', symbol: '€' });
    } finally {
      await eur.close();
    }
  });

  it("setTimeZone changes getMerInfo's zone and the finance report's, for this merchant only", async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t, { timeZone: 'Asia/Ho_Chi_Minh' });
    expect((await m.client.get(ME)).data.time_zone).toBe('UTC');
    const res = await m.client.post(SET_ZONE, { time_zone: 'Asia/Tokyo' });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toEqual({ time_zone: 'Asia/Tokyo' });
    expect((await m.client.get(ME)).data.time_zone).toBe('Asia/Tokyo');
    expect((await m.client.get(REPORT, { range: 'today' })).data.time_zone).toBe('Asia/Tokyo');
    expect((await other.client.get(ME)).data.time_zone).toBe('Asia/Ho_Chi_Minh');
  });

  it('setTimeZone refuses what is not an IANA zone, and fields it does not take', async () => {
    const m = await newMerchant(t);
    const other = await newMerchant(t);
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['no zone', {}, 'time_zone', 'Required'],
      ['an unknown zone', { time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'Not a valid value'],
      ['an offset', { time_zone: '+07:00' }, 'time_zone', 'Not a valid value'],
      ['a number', { time_zone: 7 }, 'time_zone', 'Required'],
      ['5,000 characters', { time_zone: 'A'.repeat(5000) }, 'time_zone', 'Not a valid value'],
      [
        'a control character',
        { time_zone: 'UTC\u0000' },
        'time_zone',
        'Contains characters that are not allowed',
      ],
      // No way to name another merchant: the zone is always the caller's own.
      [
        'another merchant id',
        { time_zone: 'Asia/Tokyo', merchant_id: other.id },
        'merchant_id',
        'Unknown field',
      ],
    ];
    for (const [what, body, field, message] of cases) {
      const res = await m.client.post(SET_ZONE, body, { lang: 'en' });
      expectRefusal(res, 'INVALID_INPUT', field, what);
      expect(res.fields?.[field], what).toBe(message);
    }
    expect((await m.client.get(ME)).data.time_zone).toBe('UTC');
    expect((await other.client.get(ME)).data.time_zone).toBe('UTC');
  });

  it('setTimeZone needs a merchant session: none, or an operator session, is 401', async () => {
    const op = await newOperator(t, 'admin');
    expect((await new Client(t.app).post(SET_ZONE, { time_zone: 'Asia/Tokyo' })).status).toBe(401);
    expect((await op.post(SET_ZONE, { time_zone: 'Asia/Tokyo' })).status).toBe(401);
  });

  it('changing the login password to the same one is refused with PASSWORD_UNCHANGED, in every language', async () => {
    const m = await newMerchant(t);
    const same = {
      old_password: MERCHANT_PASSWORD,
      password: MERCHANT_PASSWORD,
      password_confirm: MERCHANT_PASSWORD,
    };
    const res = await m.client.post(RESET, same, { lang: 'en' });
    expectRefusal(res, 'PASSWORD_UNCHANGED', 'password');
    expect(res.fields?.password).toBe('The new password must be different from the current one');
    const messages = new Set<string>();
    for (const lang of ['zh-CN', 'en', 'ko', 'ja', 'th', 'vi', 'tr']) {
      const r = await m.client.post(RESET, same, { lang });
      expectRefusal(r, 'PASSWORD_UNCHANGED', 'password', lang);
      messages.add(r.msg);
    }
    expect(messages.size).toBe(7);
    // Nothing changed: the session lives and the password still logs in.
    expect((await m.client.get(ME)).code).toBe(1);
    const login = await new Client(t.app).post('/merchant/merchant/login', {
      account: m.email,
      password: MERCHANT_PASSWORD,
    });
    expect(login.code, login.raw).toBe(1);

    // A wrong current password is still that, whatever the new one.
    const wrong = await m.client.post(RESET, { ...same, old_password: 'Wrong#1234' });
    expectRefusal(wrong, 'WRONG_PASSWORD', 'old_password');
    const changed = await m.client.post(RESET, {
      old_password: MERCHANT_PASSWORD,
      password: 'Another#123',
      password_confirm: 'Another#123',
    });
    expect(changed.code, changed.raw).toBe(1);
  });
});
