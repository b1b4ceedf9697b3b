import en from '@dropdesk/contract/messages/en.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, type Reply } from '../../../test/client';
import { newMerchant } from '../../../test/factories';

/** The real limits (rateLimitScale 1): login, captcha, reset codes and payment passwords. */
describe('rate limits at production scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitScale: 1 });
  });
  afterAll(() => t.close());

  const expectLimited = (res: Reply) => {
    expect(res.status).toBe(429);
    expect(res.error).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('login: 20 a minute per client, then 429 with Retry-After; another client is not affected', async () => {
    const c = new Client(t.app, null, { ip: '10.9.0.1' });
    const body = { account: 'nobody@example.com', password: 'Wrong#123' };
    for (let i = 0; i < 20; i++) expect((await c.post('/merchant/merchant/login', body)).status).toBe(200);
    const limited = await c.post('/merchant/merchant/login', body, { lang: 'en' });
    expectLimited(limited);
    expect(limited.msg).toBe(en.RATE_LIMITED);
    const other = new Client(t.app, null, { ip: '10.9.0.2' });
    expect((await other.post('/merchant/merchant/login', body)).status).toBe(200);
  });

  it('captcha: 30 a minute per client', async () => {
    const c = new Client(t.app, null, { ip: '10.9.1.1' });
    for (let i = 0; i < 30; i++) expect((await c.get('/merchant/common/captcha')).code).toBe(1);
    expectLimited(await c.get('/merchant/common/captcha'));
  });

  it('send_code: one a minute per address, whether or not the account exists', async () => {
    const m = await newMerchant(t);
    const c = new Client(t.app, null, { ip: '10.9.2.1' });
    const codes = () =>
      t.database.db
        .selectFrom('verification_codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
    expect((await c.post('/merchant/merchant/send_code', { account: m.email })).code).toBe(1);
    const before = Number((await codes()).n);
    expectLimited(await c.post('/merchant/merchant/send_code', { account: m.email.toUpperCase() }));
    expect(Number((await codes()).n)).toBe(before);
    expect((await c.post('/merchant/merchant/send_code', { account: 'ghost@example.com' })).code).toBe(1);
    expectLimited(await c.post('/merchant/merchant/send_code', { account: 'ghost@example.com' }));
  });

  it('verify_pay: 30 a minute, then 429 even for the right password', async () => {
    const m = await newMerchant(t, { payPassword: '123456' });
    const c = new Client(t.app, m.token, { ip: '10.9.3.1' });
    for (let i = 0; i < 30; i++)
      expect((await c.post('/merchant/merchant/verify_pay', { pay_password: '123456' })).code).toBe(1);
    expectLimited(await c.post('/merchant/merchant/verify_pay', { pay_password: '123456' }));
  });

  it('resetPay: 10 a minute, and a limited change changes nothing', async () => {
    const m = await newMerchant(t, { payPassword: '123456' });
    const c = new Client(t.app, m.token, { ip: '10.9.4.1' });
    const body = { pay_password: '654321', pay_password_confirm: '654321', password: 'Wrong#123' };
    for (let i = 0; i < 10; i++)
      expect((await c.post('/merchant/merchant/resetPay', body)).error).toBe('WRONG_PASSWORD');
    expectLimited(await c.post('/merchant/merchant/resetPay', { ...body, password: m.password }));
    const other = new Client(t.app, m.token, { ip: '10.9.4.2' });
    expect((await other.post('/merchant/merchant/verify_pay', { pay_password: '123456' })).code).toBe(1);
  });
});
