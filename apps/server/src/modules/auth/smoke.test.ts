import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client } from '../../../test/client';
import { newMerchant } from '../../../test/factories';

describe('registration and login, end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('registers, logs in with phone and with email, and reads its own info', async () => {
    const m = await newMerchant(t);
    const anon = new Client(t.app);
    const byEmail = await anon.post('/merchant/merchant/login', {
      account: m.email.toUpperCase(),
      password: m.password,
    });
    expect(byEmail.code).toBe(1);
    const byPhone = await anon.post('/merchant/merchant/login', { account: m.phone, password: m.password });
    expect(byPhone.code).toBe(1);
    const me = await new Client(t.app, byPhone.data.merinfo.token).get('/merchant/merchant/getMerInfo');
    expect(me.data.email).toBe(m.email);
    expect(me.raw).not.toContain('hash');
  });
});
