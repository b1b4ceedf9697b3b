import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { newMerInfo } from '../../test/factories';
import { logOut, setupI18n } from '../../test/render';
import { runHandoff } from './handoff';

const at = (search: string, pathname = '/login') => ({ pathname, search, hash: '' });

describe('start-up handoff (data, code, mer, path)', () => {
  beforeEach(async () => {
    await setupI18n();
    logOut();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing without data', async () => {
    const { calls } = mockApi({});
    await expect(runHandoff(at('?code=X'))).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('logs in with the returned token and goes to path', async () => {
    const merinfo = newMerInfo();
    const { calls } = mockApi({
      'POST /merchant/merchant/third': () => ok({ status: 1, merinfo: { ...merinfo, token: 'tok-partner' } }),
    });
    const target = await runHandoff(at('?data=signed.payload&code=C1&mer=M9&path=%2Fsetting'));
    expect(calls[0]?.body).toEqual({ data: 'signed.payload', code: 'C1', mer: 'M9' });
    expect(useSession.getState().token).toBe('tok-partner');
    expect(useSession.getState().merinfo?.id).toBe(merinfo.id);
    expect(target).toBe('/setting');
  });

  it('goes home when no path is given, and refuses a path to another site', async () => {
    mockApi({
      'POST /merchant/merchant/third': () => ok({ status: 1, merinfo: { ...newMerInfo(), token: 't' } }),
    });
    await expect(runHandoff(at('?data=d'))).resolves.toBe('/home');
    await expect(runHandoff(at('?data=d&path=%2F%2Fevil.example'))).resolves.toBe('/home');
  });

  it('keeps data for registration when no merchant is linked (status 0) and strips the parameters', async () => {
    mockApi({ 'POST /merchant/merchant/third': () => ok({ status: 0, data: 'd0', code: null }) });
    const target = await runHandoff(at('?data=d0&code=C&mer=M&path=%2Fhome&utm=x', '/register'));
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().handoffData).toBe('d0');
    expect(target).toBe('/register?utm=x');
  });

  it('shows the blocking loading toast while the partner is asked', async () => {
    let release: (v: unknown) => void = () => undefined;
    mockApi({
      'POST /merchant/merchant/third': () =>
        new Promise((r) => {
          release = () => r(ok({ status: 0, data: 'd', code: null }));
        }),
    });
    const pending = runHandoff(at('?data=d'));
    await waitFor(() => expect(document.querySelector('.adm-toast-mask')).not.toBeNull());
    expect(document.querySelector('.adm-toast-mask')).toHaveTextContent('Loading...');
    // maskClickable false: the mask takes the clicks, nothing underneath can be pressed
    expect(document.querySelector('.adm-toast-mask')).not.toHaveStyle({ pointerEvents: 'none' });
    release(undefined);
    await pending;
  });
});
