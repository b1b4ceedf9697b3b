import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant } from '../../../test/factories';
import { createOperator } from './operators';

describe('admin login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createOperator(
      t.database.db,
      { username: 'alice', password: 'Operator#1', role: 'reviewer' },
      t.config.argon2,
      t.clock.now(),
    );
  });
  afterAll(() => t.close());

  const sessions = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('logs an operator in with its role, and that token is not a merchant token', async () => {
    const res = await new Client(t.app).post('/admin/login', { username: 'alice', password: 'Operator#1' });
    expect(res.code).toBe(1);
    expect(res.data.operator).toMatchObject({ username: 'alice', role: 'reviewer' });
    expect(res.data.token).toEqual(expect.any(String));
    const asMerchant = await new Client(t.app, res.data.token).get('/merchant/merchant/getMerInfo');
    expect(asMerchant.status).toBe(401);
  });

  it.each([
    ['a wrong password', { username: 'alice', password: 'Wrong#1' }, 'INVALID_CREDENTIALS', undefined],
    ['an unknown operator', { username: 'bob', password: 'Operator#1' }, 'INVALID_CREDENTIALS', undefined],
    ['a missing password', { username: 'alice' }, 'INVALID_INPUT', 'password'],
    ['a number for the username', { username: 1, password: 'Operator#1' }, 'INVALID_INPUT', 'username'],
    [
      'an unknown field',
      { username: 'alice', password: 'Operator#1', role: 'admin' },
      'INVALID_INPUT',
      'role',
    ],
  ])('refuses %s and opens no session', async (_name, body, key, field) => {
    const before = await sessions();
    const res = await new Client(t.app).post('/admin/login', body);
    expect(res.code).toBe(0);
    expectRefusal(res, key, field);
    expect(await sessions()).toBe(before);
  });

  it('a merchant cannot log in as an operator with its own credentials', async () => {
    const m = await newMerchant(t);
    const res = await new Client(t.app).post('/admin/login', { username: m.email, password: m.password });
    expect(res.error).toBe('INVALID_CREDENTIALS');
  });

  it('a disabled operator cannot log in', async () => {
    await createOperator(
      t.database.db,
      { username: 'carol', password: 'Operator#1', role: 'support' },
      t.config.argon2,
      t.clock.now(),
    );
    await t.database.db
      .updateTable('operators')
      .set({ disabled_at: t.clock.now() })
      .where('username', '=', 'carol')
      .execute();
    const res = await new Client(t.app).post('/admin/login', { username: 'carol', password: 'Operator#1' });
    expect(res.error).toBe('INVALID_CREDENTIALS');
  });
});
