import { describe, expect, it } from 'vitest';
import { orderData, shopData } from '../test/factories';
import { fakeApi, ok, refused } from '../test/fake-api';
import { actionKeys, api, StoreError, startEarly } from './api';
import { getBuyer, sessionEnded, setBuyer } from './session';

describe('api()', () => {
  it('unwraps code 1, with the lang, token and order-token headers', async () => {
    setBuyer({ token: 'tok-1', email: 'a@example.com' });
    const calls = fakeApi({ 'GET /store/order': () => ok({ order: orderData({ id: 1 }), payment: null }) });
    const data = await api('order', { query: { id: '1' }, orderToken: 'link-token' });
    expect(data).toEqual({ order: orderData({ id: 1 }), payment: null });
    const call = calls.of('GET /store/order')[0];
    expect(call?.query.get('id')).toBe('1');
    expect(call?.headers.get('lang')).toBe('en');
    expect(call?.headers.get('token')).toBe('tok-1');
    expect(call?.headers.get('order-token')).toBe('link-token');
  });

  it('throws a refusal with its key, message and field messages on code 0', async () => {
    fakeApi({
      'POST /store/auth/send_code': () => refused('INVALID_INPUT', 'Check it', { email: 'Bad email' }),
    });
    const error = await api('sendCode', { body: { email: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({
      kind: 'refused',
      key: 'INVALID_INPUT',
      message: 'Check it',
      fields: { email: 'Bad email' },
    });
    expect((error as StoreError).answered).toBe(true);
  });

  it('a read started early is answered once to the same call; another session or query asks again', async () => {
    setBuyer(null);
    const calls = fakeApi({
      'GET /store/shop': (c) => ok(shopData({ id: Number(c.query.get('shop')) })),
    });
    startEarly('shop', { shop: '3' });
    expect(await api('shop', { query: { shop: '3' } })).toEqual(shopData({ id: 3 }));
    expect(calls.of('GET /store/shop')).toHaveLength(1);
    // Taken once: the next identical call asks the server again.
    await api('shop', { query: { shop: '3' } });
    expect(calls.of('GET /store/shop')).toHaveLength(2);
    // Started for a guest, asked by a buyer who signed in since: not the same answer.
    startEarly('shop', { shop: '3' });
    setBuyer({ token: 'tok-2', email: 'b@example.com' });
    await api('shop', { query: { shop: '3' } });
    expect(calls.of('GET /store/shop').map((c) => c.headers.get('token'))).toEqual([
      null,
      null,
      null,
      'tok-2',
    ]);
    // A different query is a different read.
    startEarly('shop', { shop: '4' });
    expect(await api('shop', { query: { shop: '5' } })).toEqual(shopData({ id: 5 }));
    expect(calls.of('GET /store/shop')).toHaveLength(6);
  });

  it('drops the buyer session on 401 and asks to sign in again', async () => {
    setBuyer({ token: 'old', email: 'a@example.com' });
    fakeApi({
      'GET /store/orders': () => ({ status: 401, body: { code: 401, error: 'UNAUTHORIZED', msg: 'Log in' } }),
    });
    const error = await api('orders').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(getBuyer()).toBeNull();
    expect(localStorage.getItem('sf.token')).toBeNull();
    expect(sessionEnded()).toBe(true);
  });

  it('a read a guest may make is made again as a guest after the dead session is dropped', async () => {
    setBuyer({ token: 'expired', email: 'a@example.com' });
    const calls = fakeApi({
      'GET /store/order': (c) =>
        c.headers.get('token')
          ? { status: 401, body: { code: 401, error: 'UNAUTHORIZED', msg: 'Log in' } }
          : ok({ order: orderData({ id: 41 }), payment: null }),
    });
    const data = await api('order', { query: { id: '41' }, orderToken: 'link-token' });
    expect(data).toEqual({ order: orderData({ id: 41 }), payment: null });
    const sent = calls.of('GET /store/order');
    expect(sent.map((c) => c.headers.get('token'))).toEqual(['expired', null]);
    // The guest's own way in (the order link's token) goes with the retry.
    expect(sent[1]?.headers.get('order-token')).toBe('link-token');
    expect(getBuyer()).toBeNull();
    expect(sessionEnded()).toBe(true);
  });

  it('a write is not sent again: the buyer decides, signed in again or as a guest', async () => {
    setBuyer({ token: 'revoked', email: 'a@example.com' });
    const calls = fakeApi({
      'POST /store/checkout': () => ({
        status: 401,
        body: { code: 401, error: 'UNAUTHORIZED', msg: 'Log in' },
      }),
    });
    const error = await api('checkout', { body: {} as never, idempotencyKey: 'k-1' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(calls.of('POST /store/checkout')).toHaveLength(1);
    expect(sessionEnded()).toBe(true);
  });

  it('a 401 to a guest ends no session and asks nothing', async () => {
    setBuyer(null);
    fakeApi({
      'POST /store/follow': () => ({
        status: 401,
        body: { code: 401, error: 'UNAUTHORIZED', msg: 'Log in' },
      }),
    });
    const error = await api('follow', { body: { shop: 7, follow: true } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized' });
    expect(sessionEnded()).toBe(false);
  });

  it('tells a network failure and a 5xx from a refusal (no final answer: the same key may be retried)', async () => {
    fakeApi({
      'GET /store/shop': (_c, n) =>
        n === 1 ? 'network-error' : { status: 500, body: { code: 500, error: 'INTERNAL', msg: 'x' } },
    });
    const first = await api('shop', { query: { shop: '1' } }).catch((e: unknown) => e);
    const second = await api('shop', { query: { shop: '1' } }).catch((e: unknown) => e);
    expect(first).toMatchObject({ kind: 'network', answered: false });
    expect(second).toMatchObject({ kind: 'server', answered: false });
  });
});

describe('actionKeys()', () => {
  it('keeps the key for the same body until answered, and changes it with the body', () => {
    const keys = actionKeys();
    const a = keys.keyFor({ id: 1 });
    expect(keys.keyFor({ id: 1 })).toBe(a);
    const b = keys.keyFor({ id: 2 });
    expect(b).not.toBe(a);
    keys.done();
    expect(keys.keyFor({ id: 2 })).not.toBe(b);
  });
});
