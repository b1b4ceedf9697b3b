import { REVIEWERS } from '@dropdesk/contract/route';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertNoUnmockedCalls, contractRow, mockApi, ok, okOffContract, refusal } from './fake-api';

const get = (path: string) => fetch(path).then((r) => r.json());
const config = {
  service_url: '',
  service_text: '',
  invite_base_url: 'http://localhost',
  languages: [],
  countries: ['VN'],
  min_topup: '100.00',
  currency: { code: 'USD', symbol: '$' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the fake API', () => {
  it('knows every row of the contract by method and path', () => {
    expect(contractRow('GET /merchant/common/config')?.path).toBe('/merchant/common/config');
    expect(contractRow('GET /admin/recharges')?.roles).toEqual(REVIEWERS);
    expect(contractRow('GET /store/products')).toMatchObject({ method: 'GET', path: '/store/products' });
    expect(contractRow('GET /nowhere')).toBeUndefined();
  });

  it('answers a faked success the contract accepts, and the test passes', async () => {
    mockApi({ 'GET /merchant/common/config': () => ok(config) });
    expect((await get('/merchant/common/config')).data.currency.code).toBe('USD');
    expect(() => assertNoUnmockedCalls()).not.toThrow();
  });

  it('fails the test on a faked success the contract refuses, naming the route and each field', async () => {
    const { currency: _, ...noCurrency } = config;
    mockApi({ 'GET /merchant/common/config': () => ok({ ...noCurrency, min_topup: 100 }) });
    // The screen still gets the fake: the test runs on, and fails once it ends.
    expect((await get('/merchant/common/config')).data.min_topup).toBe(100);
    expect(() => assertNoUnmockedCalls()).toThrow(
      /contract does not allow[\s\S]*GET \/merchant\/common\/config:\n {4}data\.min_topup: [^\n]+\n {4}data\.currency: /,
    );
    // Reported once: the next test starts clean.
    expect(() => assertNoUnmockedCalls()).not.toThrow();
  });

  it('checks items of lists by their place', async () => {
    mockApi({
      'GET /admin/queues': () =>
        ok({ queues: [], reasons: { recharge: [{ code: 'x' }], withdrawal: [], kyc: [] } }),
    });
    await get('/admin/queues');
    expect(() => assertNoUnmockedCalls()).toThrow(/data\.reasons\.recharge\[0\]\.text: /);
  });

  it('fails the test on a refusal its route does not declare, and takes the declared and the transport ones', async () => {
    mockApi({
      'POST /merchant/merchant/extract': (_call, n) =>
        n === 1 ? refusal('MIN_WITHDRAWAL', 'Too little') : refusal('EMAIL_TAKEN', 'Taken'),
      'POST /merchant/merchant/changeBank': () => refusal('WRONG_PAY_PASSWORD', 'Wrong'),
      'GET /merchant/merchant/bank': () => refusal('RATE_LIMITED', 'Slow down'),
    });
    await fetch('/merchant/merchant/extract', { method: 'POST', body: '{}' });
    await fetch('/merchant/merchant/changeBank', { method: 'POST', body: '{}' });
    await fetch('/merchant/merchant/bank');
    expect(() => assertNoUnmockedCalls()).not.toThrow();
    await fetch('/merchant/merchant/extract', { method: 'POST', body: '{}' });
    expect(() => assertNoUnmockedCalls()).toThrow(
      /POST \/merchant\/merchant\/extract:\n {4}refused with EMAIL_TAKEN, which its row does not declare \(it may refuse with [^)]*MIN_WITHDRAWAL/,
    );
  });

  it('does not check routes the contract does not have, or a fake said to be off the contract', async () => {
    mockApi({
      'GET /merchant/common/config': () => refusal('INTERNAL', 'boom'),
      'GET /s/123': () => ok({ anything: true }),
      'GET /merchant/merchant/getMerInfo': () =>
        okOffContract({ id: 1 }, 'an old server, as the page must bear'),
    });
    await get('/merchant/common/config');
    await get('/s/123');
    await get('/merchant/merchant/getMerInfo');
    expect(() => assertNoUnmockedCalls()).not.toThrow();
  });

  it('still fails the test on a route it did not mock', async () => {
    mockApi({});
    await get('/merchant/common/config');
    expect(() => assertNoUnmockedCalls()).toThrow(
      'The test called routes it did not mock: GET /merchant/common/config',
    );
  });

  it('counts the calls to each route, and lists them', async () => {
    const seen: number[] = [];
    const api = mockApi({
      'GET /merchant/common/config': (_call, n) => {
        seen.push(n);
        return ok(config);
      },
    });
    await get('/merchant/common/config');
    await get('/merchant/common/config?x=1');
    expect(seen).toEqual([1, 2]);
    expect(api.of('GET /merchant/common/config').map((c) => c.query.get('x'))).toEqual([null, '1']);
    assertNoUnmockedCalls();
  });
});
