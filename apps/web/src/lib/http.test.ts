import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newMerInfo } from '../test/factories';
import { expectToast, logIn, logOut, setupI18n } from '../test/render';
import { ApiError, FLASH_KEY, request } from './http';
import { useSession } from './session';

describe('the HTTP client', () => {
  beforeEach(async () => {
    await setupI18n();
    logOut();
    window.history.replaceState(null, '', '/my');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('unwraps the envelope and sends the token and lang headers under /merchant', async () => {
    logIn();
    const me = newMerInfo({ id: 7 });
    const { calls } = mockApi({ 'GET /merchant/merchant/getMerInfo': () => ok(me) });
    await expect(request('GET', '/merchant/merchant/getMerInfo', { query: { a: 1 } })).resolves.toEqual(me);
    expect(calls[0]?.headers.get('token')).toBe('tok-test');
    expect(calls[0]?.headers.get('lang')).toBe('en');
    expect(calls[0]?.query.get('a')).toBe('1');
  });

  it('sends this browser’s device id with every call: made once, kept in local storage', async () => {
    logIn();
    const { calls } = mockApi({
      'GET /merchant/merchant/getMerInfo': () => ok(newMerInfo()),
      'POST /merchant/merchant/register': () => ok({ merinfo: { ...newMerInfo(), token: 't' } }),
    });
    expect(localStorage.getItem('device')).toBeNull();
    await request('GET', '/merchant/merchant/getMerInfo');
    await request('POST', '/merchant/merchant/register', { body: {} });
    await request('GET', '/merchant/merchant/getMerInfo');
    const kept = localStorage.getItem('device');
    expect(kept).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.map((c) => c.headers.get('device'))).toEqual([kept, kept, kept]);

    // An id kept from an earlier visit is the one sent.
    localStorage.setItem('device', 'kept-from-before_0123456789');
    await request('GET', '/merchant/merchant/getMerInfo');
    expect(calls.at(-1)?.headers.get('device')).toBe('kept-from-before_0123456789');
  });

  it('turns a refusal into an ApiError with its key and fields, and toasts the message', async () => {
    mockApi({
      'POST /merchant/merchant/register': () =>
        refusal('PASSWORDS_DO_NOT_MATCH', 'Passwords entered do not match', {
          fields: { password_confirm: 'Passwords entered do not match' },
        }),
    });
    const error = await request<never>('POST', '/merchant/merchant/register', { body: {} }).catch(
      (e: ApiError) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('refused');
    expect(error.key).toBe('PASSWORDS_DO_NOT_MATCH');
    expect(error.fields).toEqual({ password_confirm: 'Passwords entered do not match' });
    await expectToast('Passwords entered do not match');
  });

  it('logs out on 401, hard-redirects to /login and keeps the message for the next page', async () => {
    logIn();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/my', assign });
    mockApi({
      'GET /merchant/merchant/getMerInfo': () => ({
        status: 401,
        body: { code: 401, error: 'UNAUTHORIZED', msg: 'Your session has expired' },
      }),
    });
    const error = await request<never>('GET', '/merchant/merchant/getMerInfo').catch((e: ApiError) => e);
    expect(error.kind).toBe('unauthorized');
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().merinfo).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
    expect(sessionStorage.getItem(FLASH_KEY)).toBe('Your session has expired');
    vi.restoreAllMocks();
  });

  it('treats a body code 401 on HTTP 200 the same way', async () => {
    logIn();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, pathname: '/setting', assign });
    mockApi({ 'GET /merchant/x': () => ({ body: { code: 401, msg: 'Please log in' } }) });
    await expect(request('GET', '/merchant/x')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(useSession.getState().token).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
    vi.restoreAllMocks();
  });

  it('tells the user clearly when the network fails', async () => {
    mockApi({ 'GET /merchant/x': () => 'network-error' });
    await expect(request('GET', '/merchant/x')).rejects.toMatchObject({ kind: 'network' });
    await expectToast(/No connection to the server/);
  });

  it('hides server internals on 5xx behind a clear message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /merchant/x': () => ({ status: 500, body: { code: 500, error: 'INTERNAL', msg: 'boom' } }),
    });
    await expect(request('GET', '/merchant/x')).rejects.toMatchObject({ kind: 'server', status: 500 });
    await expectToast(/Something went wrong on our side/);
    vi.restoreAllMocks();
  });

  it('stays quiet when asked (a call that may not exist yet)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /merchant/order/list': () => ({
        status: 404,
        body: { code: 404, error: 'NOT_FOUND', msg: 'Route not found' },
      }),
    });
    await expect(request('GET', '/merchant/order/list', { quiet: true })).rejects.toMatchObject({
      kind: 'http',
      status: 404,
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(document.body.textContent).not.toContain('Route not found');
    vi.restoreAllMocks();
  });
});
