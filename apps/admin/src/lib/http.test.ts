import { mockApi } from '@dropdesk/test-kit/fake-api';
import { afterEach, describe, expect, it } from 'vitest';
import { USD } from '../test/render';
import { signInLoads } from '../test/setup';
import { readFlash } from './flash';
import { request } from './http';
import { session } from './session';

/**
 * docs/design.md §4: a token that is sent and not valid (the session expired, was revoked, or the operator
 * was disabled) answers 401; the console then forgets the session and opens its sign-in screen with
 * the server's words.
 */
describe('the console on a 401', () => {
  afterEach(() => {
    signInLoads.length = 0;
    session.signOut();
  });

  it('forgets the session and signs in again, saying why', async () => {
    session.signIn('dead-token', { id: 1, username: 'ops', role: 'reviewer' }, 30, USD);
    const api = mockApi({
      'GET /admin/recharges': () => ({
        status: 401,
        body: { code: 401, error: 'UNAUTHORIZED', msg: 'Your session has ended, sign in again' },
      }),
    });
    await expect(request('GET', '/admin/recharges')).rejects.toMatchObject({
      kind: 'unauthorized',
      status: 401,
    });
    expect(api.calls[0]?.headers.get('token')).toBe('dead-token');
    expect(session.get().token).toBeNull();
    expect(signInLoads).toHaveLength(1);
    expect(readFlash()).toBe('Your session has ended, sign in again');
  });

  it('without a session, a 401 sends nobody anywhere', async () => {
    mockApi({
      'GET /admin/me': () => ({ status: 401, body: { code: 401, error: 'UNAUTHORIZED', msg: 'x' } }),
    });
    await expect(request('GET', '/admin/me')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(signInLoads).toHaveLength(0);
  });
});
