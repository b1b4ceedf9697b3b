import pg from 'pg';
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

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL ending the pool’s idle connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps serving: lost connections are reported and replaced, never thrown at the process', async () => {
    const m = await newMerchant(t);
    // Another session ends every pooled connection to this database, as a restart or failover would.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const ended = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1',
      [new URL(t.config.databaseUrl!).pathname.slice(1)],
    );
    await admin.end();
    expect(ended.rows[0].n).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.lostConnections.length).toBe(ended.rows[0].n);
    const me = await new Client(t.app, m.token).get('/merchant/merchant/getMerInfo');
    expect(me.code).toBe(1);
    expect(me.data.email).toBe(m.email);
  });
});
