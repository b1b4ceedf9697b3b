import { operatorRoles } from '@dropdesk/contract/admin';
import type { RouteDef } from '@dropdesk/contract/route';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { contractRows } from '../../test/contract-rows';
import { newMerchant, newOperator } from '../../test/factories';
import { sha256 } from '../lib/crypto';
import { route } from '../lib/route';

describe('the contract', () => {
  const rows = contractRows();

  it('finds the admin tables', () => {
    const paths = rows.map((r) => r.path);
    expect(paths).toContain('/admin/recharges');
    expect(paths).toContain('/admin/kyc');
    expect(paths).toContain('/admin/wallet/settings');
  });

  it('every /admin row but the two login steps is an operator row that names its roles', () => {
    const signIn = ['/admin/login', '/admin/login/totp'];
    const admins = rows.filter((r) => r.path.startsWith('/admin') && !signIn.includes(r.path));
    expect(admins.length).toBeGreaterThan(10);
    for (const r of admins) {
      expect({ row: `${r.method} ${r.path}`, auth: r.auth }).toEqual({
        row: `${r.method} ${r.path}`,
        auth: 'operator',
      });
      expect(r.roles?.length ?? 0, `${r.method} ${r.path} roles`).toBeGreaterThan(0);
    }
  });

  it('only operator rows carry roles', () => {
    for (const r of rows.filter((r) => r.auth !== 'operator'))
      expect(r.roles, `${r.method} ${r.path}`).toBeUndefined();
  });
});

describe('auth plugin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses to register an operator row without roles, or roles on another row', () => {
    const app = Fastify();
    const base = { method: 'GET', summary: 'x', data: operatorRoles } as const;
    expect(() =>
      route(app, { ...base, path: '/admin/no-roles', auth: 'operator' } as RouteDef, () => 'admin'),
    ).toThrow(/roles/);
    expect(() =>
      route(
        app,
        { ...base, path: '/admin/empty-roles', auth: 'operator', roles: [] },
        () => 'admin' as const,
      ),
    ).toThrow(/roles/);
    expect(() =>
      route(
        app,
        { ...base, path: '/merchant/x', auth: 'merchant', roles: ['admin'] },
        () => 'admin' as const,
      ),
    ).toThrow(/roles/);
  });

  it("refuses an operator whose role the row doesn't name with FORBIDDEN", async () => {
    const support = await newOperator(t, 'support');
    const reviewer = await newOperator(t, 'reviewer');
    const adminOp = await newOperator(t, 'admin');

    const bySupport = await support.get('/admin/recharges');
    expect(bySupport.status).toBe(200);
    expect(bySupport.error).toBe('FORBIDDEN');
    expect((await support.get('/admin/kyc')).error).toBe('FORBIDDEN');

    expect((await reviewer.get('/admin/recharges')).code).toBe(1);
    expect((await reviewer.get('/admin/wallet/settings')).code).toBe(1);
    const setByReviewer = await reviewer.post('/admin/wallet/settings', {});
    expect(setByReviewer.error).toBe('FORBIDDEN');

    expect((await adminOp.get('/admin/recharges')).code).toBe(1);
  });

  it('a merchant token is not an operator session', async () => {
    const m = await newMerchant(t);
    const res = await m.client.get('/admin/recharges');
    expect(res.status).toBe(401);
    expect(res.error).toBe('UNAUTHORIZED');
  });

  it('authenticates before validating: an anonymous malformed POST learns only 401', async () => {
    const secured = contractRows().filter(
      (r) =>
        r.method === 'POST' &&
        (r.auth === 'merchant' || r.auth === 'operator' || r.auth === 'buyer') &&
        t.app.hasRoute({ method: r.method, url: r.path }),
    );
    expect(secured.length).toBeGreaterThan(10);
    for (const r of secured) {
      for (const payload of ['"not an object"', '{"id":', '{"unknown_field":[1,2,3]}']) {
        const res = await t.app.inject({
          method: 'POST',
          url: r.path,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        const body = JSON.parse(res.body);
        expect({ row: r.path, payload, status: res.statusCode, code: body.code, error: body.error }).toEqual({
          row: r.path,
          payload,
          status: 401,
          code: 401,
          error: 'UNAUTHORIZED',
        });
      }
    }
  });

  it('reads the session on every request: each token gets its own merchant, a revoked one is refused at once', async () => {
    const a = await newMerchant(t);
    const b = await newMerchant(t);
    expect((await a.client.get('/merchant/merchant/getMerInfo')).data.id).toBe(a.id);
    expect((await b.client.get('/merchant/merchant/getMerInfo')).data.id).toBe(b.id);
    expect((await a.client.get('/merchant/merchant/getMerInfo')).data.id).toBe(a.id);
    expect((await a.client.post('/merchant/merchant/logout')).code).toBe(1);
    const after = await a.client.get('/merchant/merchant/getMerInfo');
    expect(after.status).toBe(401);
    expect(after.error).toBe('UNAUTHORIZED');
    expect((await b.client.get('/merchant/merchant/getMerInfo')).data.id).toBe(b.id);
  });

  it('a disabled operator is refused on the next request', async () => {
    const op = await newOperator(t, 'reviewer');
    expect((await op.get('/admin/recharges')).code).toBe(1);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('subject_id')
      .where('token_hash', '=', sha256(op.token as string))
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('operators')
      .set({ disabled_at: t.clock.now() })
      .where('id', '=', session.subject_id)
      .execute();
    const res = await op.get('/admin/recharges');
    expect(res.status).toBe(401);
    expect(res.error).toBe('UNAUTHORIZED');
  });

  it('a bad token is refused before validation too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/recharges/approve',
      headers: { 'content-type': 'application/json', token: 'nope' },
      payload: '{"id":"x"}',
    });
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).error).toBe('UNAUTHORIZED');
  });
});
