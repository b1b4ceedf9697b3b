import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { newConfig, newMerInfo, orderBadge } from '../../../test/factories';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import type { SecurityEvent } from '../api/get-events';
import type { Session } from '../api/get-sessions';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const SESSIONS = 'GET /merchant/security/sessions';
const EVENTS = 'GET /merchant/security/events';
const SIGN_OUT = 'POST /merchant/security/sessions/sign_out';
const SIGN_OUT_OTHERS = 'POST /merchant/security/sessions/sign_out_others';
const of = (calls: Call[], route: string) => calls.filter((c) => `${c.method} ${c.path}` === route);

let seq = 100;
/** A live session as the server lists it; noon UTC, so its day is the same in any test time zone. */
function newSession(over: Partial<Session> = {}): Session {
  seq += 1;
  return {
    id: seq,
    current: false,
    device: 'Firefox 133 on Windows',
    country: 'TH',
    ip_hint: '198.51.100.x',
    first_seen: '2026-11-12T12:00:00.000Z',
    last_seen: '2026-11-19T12:00:00.000Z',
    ...over,
  };
}
const thisDevice = () =>
  newSession({
    current: true,
    device: 'Chrome 131 on Android',
    country: 'VN',
    ip_hint: '203.0.113.x',
    first_seen: '2026-11-20T12:00:00.000Z',
    last_seen: '2026-11-20T12:00:00.000Z',
  });

/** A security event as the history lists it. */
function newEvent(over: Partial<SecurityEvent> = {}): SecurityEvent {
  seq += 1;
  return {
    id: seq,
    kind: 'sign_in',
    at: '2026-11-20T12:00:00.000Z',
    params: {},
    device: 'Chrome 131 on Android',
    country: 'VN',
    ip_hint: '203.0.113.x',
    ...over,
  };
}

const sessions = (list: Session[]) => ok({ list });
const events = (list: SecurityEvent[], total = list.length) => ok({ total, page: 1, limit: 20, list });

async function dialog() {
  return within(await screen.findByRole('dialog'));
}
const cards = () => screen.findAllByTestId('session');

describe('the security centre', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('My leads to it, beside the passwords', async () => {
    const me = logIn();
    mockApi({
      'GET /merchant/common/config': () => ok(newConfig()),
      ...orderBadge(),
      'GET /merchant/merchant/getMerInfo': () => ok(newMerInfo({ ...me })),
      [SESSIONS]: () => sessions([thisDevice()]),
      [EVENTS]: () => events([]),
    });
    const { router } = await renderApp('/my');
    const menu = await screen.findByRole('navigation', { name: 'Security and preferences' });
    await user.click(within(menu).getByRole('link', { name: 'Security' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    expect(await screen.findByTestId('only-this-device')).toBeInTheDocument();
  });

  it('lists where the account is signed in: this device first with its badge, the others with a sign-out', async () => {
    logIn();
    const mine = thisDevice();
    const laptop = newSession();
    const unknown = newSession({ device: null, country: null, ip_hint: null });
    mockApi({
      [SESSIONS]: () => sessions([mine, laptop, unknown]),
      [EVENTS]: () => events([newEvent()]),
    });
    await renderApp('/security');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Security');
    expect(screen.getByRole('heading', { name: "Where you're signed in" })).toBeInTheDocument();

    const [first, second, third] = (await cards()) as [HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Chrome 131 on Android');
    expect(first).toHaveTextContent('This device');
    expect(first).toHaveTextContent('Vietnam · IP 203.0.113.x');
    expect(first).toHaveTextContent(/First signed in\s*Nov 20, 2026/);
    expect(within(first).queryByRole('button')).toBeNull();

    expect(second).toHaveTextContent('Firefox 133 on Windows');
    expect(second).not.toHaveTextContent('This device');
    expect(second).toHaveTextContent('Thailand · IP 198.51.100.x');
    expect(second).toHaveTextContent(/First signed in\s*Nov 12, 2026/);
    expect(second).toHaveTextContent(/Last active\s*Nov 19, 2026/);
    expect(second.querySelector('time')).toHaveAttribute('dateTime', laptop.first_seen);
    expect(within(second).getByRole('button', { name: 'Sign out Firefox 133 on Windows' })).toHaveTextContent(
      'Sign out',
    );

    // What the server does not know is said to be unknown.
    expect(third).toHaveTextContent('Unknown device');
    expect(third).toHaveTextContent('Unknown place');
    expect(third).not.toHaveTextContent('IP');
    expect(within(third).getByRole('button', { name: 'Sign out Unknown device' })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeInTheDocument();
    expect(screen.queryByTestId('only-this-device')).toBeNull();
  });

  it('signs another session out after asking: the POST names it, and the sessions and the history refresh', async () => {
    logIn();
    const mine = thisDevice();
    const laptop = newSession();
    let signedOut = false;
    const { calls } = mockApi({
      [SESSIONS]: () => sessions(signedOut ? [mine] : [mine, laptop]),
      [EVENTS]: () =>
        events([
          ...(signedOut
            ? [newEvent({ kind: 'session_signed_out', params: { device: 'Firefox 133 on Windows' } })]
            : []),
          newEvent(),
        ]),
      [SIGN_OUT]: () => {
        signedOut = true;
        return ok({ signed_out: 1 });
      },
    });
    await renderApp('/security');
    const signOut = await screen.findByRole('button', { name: 'Sign out Firefox 133 on Windows' });

    // Asked first; cancelling sends nothing.
    await user.click(signOut);
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Sign out “Firefox 133 on Windows”? Using your account there will need your password again.',
    );
    await user.click((await dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(of(calls, SIGN_OUT)).toEqual([]);

    await user.click(signOut);
    await user.click((await dialog()).getByRole('button', { name: 'Sign out' }));
    await expectToast('Session signed out');
    expect(of(calls, SIGN_OUT).map((c) => c.body)).toEqual([{ id: laptop.id }]);

    // The list follows: only this device now, and the history says what was done.
    expect(await screen.findByTestId('only-this-device')).toHaveTextContent('Only this device is signed in.');
    expect(screen.getAllByTestId('session')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
    expect(await screen.findByText('Signed out the session on Firefox 133 on Windows')).toBeInTheDocument();
    expect(of(calls, SESSIONS)).toHaveLength(2);
    expect(of(calls, EVENTS)).toHaveLength(2);
  });

  it('signs all the other sessions out after asking, and says how many', async () => {
    logIn();
    const mine = thisDevice();
    let signedOut = false;
    const { calls } = mockApi({
      [SESSIONS]: () =>
        sessions(signedOut ? [mine] : [mine, newSession(), newSession({ device: 'Safari 18 on iPhone' })]),
      [EVENTS]: () =>
        events(
          signedOut
            ? [newEvent({ kind: 'other_sessions_signed_out', params: { count: 2 } }), newEvent()]
            : [newEvent()],
        ),
      [SIGN_OUT_OTHERS]: () => {
        signedOut = true;
        return ok({ signed_out: 2 });
      },
    });
    await renderApp('/security');
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Sign out every session except this device? Using your account on them will need your password again.',
    );
    await user.click((await dialog()).getByRole('button', { name: 'Sign out all other sessions' }));
    await expectToast('2 sessions signed out');
    expect(of(calls, SIGN_OUT_OTHERS).map((c) => c.body)).toEqual([{}]);

    expect(await screen.findByTestId('only-this-device')).toBeInTheDocument();
    expect(screen.getAllByTestId('session')).toHaveLength(1);
    expect(await screen.findByText('Signed out 2 other sessions')).toBeInTheDocument();
  });

  it.each([
    ['SESSION_IS_CURRENT', 'This is the session you are using: sign out instead'],
    ['NOT_FOUND', 'This session has already ended'],
  ])('a %s refusal is told in the server’s words, and the list is read again', async (key, msg) => {
    logIn();
    const mine = thisDevice();
    const other = newSession();
    const { calls } = mockApi({
      // The server's own list, read again after the refusal, no longer shows it as another session.
      [SESSIONS]: (_c, n) => sessions(n === 1 ? [mine, other] : [mine]),
      [EVENTS]: () => events([newEvent()]),
      [SIGN_OUT]: () => refusal(key, msg),
    });
    await renderApp('/security');
    await user.click(await screen.findByRole('button', { name: 'Sign out Firefox 133 on Windows' }));
    await user.click((await dialog()).getByRole('button', { name: 'Sign out' }));
    await expectToast(msg);
    expect(document.body).not.toHaveTextContent('Session signed out');
    expect(await screen.findByTestId('only-this-device')).toBeInTheDocument();
    expect(of(calls, SESSIONS)).toHaveLength(2);
  });

  it('the history: a sentence per kind, newest first, with time, device, place and address; a new device stands out', async () => {
    logIn();
    mockApi({
      [SESSIONS]: () => sessions([thisDevice()]),
      [EVENTS]: () =>
        events([
          newEvent({ kind: 'sign_in_new_device', at: '2026-11-20T12:00:00.000Z' }),
          newEvent({
            kind: 'session_signed_out',
            params: { device: 'Firefox 133 on Windows' },
            at: '2026-11-19T12:00:00.000Z',
          }),
          newEvent({ kind: 'other_sessions_signed_out', params: { count: 1 } }),
          newEvent({ kind: 'login_password_changed', device: 'Safari 18 on iPhone', country: 'TH' }),
          newEvent({ kind: 'pay_password_set' }),
          newEvent({ kind: 'bank_card_changed', device: null, country: null, ip_hint: null }),
          newEvent({ kind: 'withdraw_address_changed' }),
          newEvent({ kind: 'sign_out' }),
        ]),
    });
    await renderApp('/security');
    const rows = await screen.findAllByTestId('security-event');
    expect(screen.getByRole('heading', { name: 'Security history' })).toBeInTheDocument();
    const sentences = rows.map((r) => r.firstElementChild?.textContent);
    expect(sentences).toEqual([
      'Signed in on a new device',
      'Signed out the session on Firefox 133 on Windows',
      'Signed out 1 other session',
      'Login password changed',
      'Payment password set',
      'Bank card changed',
      'Withdrawal address changed',
      'Signed out',
    ]);
    const row = (i: number) => rows[i] as HTMLElement;
    const [newDevice, signedOut, password, bank] = [row(0), row(1), row(3), row(5)];
    // A sign-in from a device never seen stands out, with what to do if it wasn't the merchant.
    expect(newDevice).toHaveAttribute('data-tone', 'warn');
    expect(newDevice).toHaveTextContent(
      "If this wasn't you, change your password and sign out that session.",
    );
    expect(within(newDevice).getByRole('link', { name: 'Change login password' })).toHaveAttribute(
      'href',
      '/changeLoginPassword',
    );
    expect(newDevice).toHaveTextContent(
      /Nov 20, 2026.* · Chrome 131 on Android · Vietnam · IP 203\.0\.113\.x/,
    );
    expect(signedOut).not.toHaveAttribute('data-tone');
    expect(signedOut.querySelector('time')).toHaveAttribute('dateTime', '2026-11-19T12:00:00.000Z');
    expect(password).toHaveTextContent('Safari 18 on iPhone · Thailand');
    expect(bank).toHaveTextContent('Unknown device · Unknown place');
    expect(bank).not.toHaveTextContent('IP');
  });

  it('in Thai: the title, the sessions and the history sentences, the country in Thai', async () => {
    logIn();
    mockApi({
      [SESSIONS]: () => sessions([thisDevice(), newSession()]),
      [EVENTS]: () =>
        events([
          newEvent({ kind: 'sign_in_new_device' }),
          newEvent({ kind: 'session_signed_out', params: { device: 'Firefox 133 on Windows' } }),
          newEvent({ kind: 'other_sessions_signed_out', params: { count: 3 } }),
          newEvent({ kind: 'pay_password_changed' }),
        ]),
    });
    await renderApp('/security');
    await screen.findAllByTestId('security-event');
    await act(() => switchLanguage('th'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ความปลอดภัย'));
    expect(screen.getByRole('heading', { name: 'อุปกรณ์ที่คุณลงชื่อเข้าใช้อยู่' })).toBeInTheDocument();
    const [mine, other] = screen.getAllByTestId('session') as [HTMLElement, HTMLElement];
    expect(mine).toHaveTextContent('อุปกรณ์นี้');
    expect(mine).toHaveTextContent('เวียดนาม · ที่อยู่ IP 203.0.113.x');
    expect(mine).toHaveTextContent('ลงชื่อเข้าใช้ครั้งแรก');
    expect(other).toHaveTextContent('ไทย');
    expect(
      within(other).getByRole('button', { name: 'ออกจากระบบ Firefox 133 on Windows' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ออกจากระบบเซสชันอื่นทั้งหมด' })).toBeInTheDocument();

    const rows = screen.getAllByTestId('security-event');
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual([
      'ลงชื่อเข้าใช้บนอุปกรณ์ใหม่',
      'ออกจากระบบเซสชันบน Firefox 133 on Windows แล้ว',
      'ออกจากระบบเซสชันอื่น 3 เซสชันแล้ว',
      'เปลี่ยนรหัสผ่านการชำระเงินแล้ว',
    ]);
    expect(rows[0]).toHaveTextContent('หากไม่ใช่คุณ ให้เปลี่ยนรหัสผ่านและออกจากระบบเซสชันนั้น');
    await act(() => switchLanguage('en'));
  });

  it('only this device and no events yet: each section says so', async () => {
    logIn();
    mockApi({
      [SESSIONS]: () => sessions([thisDevice()]),
      [EVENTS]: () => events([]),
    });
    await renderApp('/security');
    expect(await screen.findByTestId('only-this-device')).toHaveTextContent('Only this device is signed in.');
    expect(screen.getAllByTestId('session')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Sign out/ })).toBeNull();
    expect(await screen.findByText('No security events yet')).toBeInTheDocument();
  });

  it('a list that fails to load says so in place, with a retry, and the other still shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logIn();
    const { calls } = mockApi({
      [SESSIONS]: (_c, n) =>
        n <= 2
          ? { status: 500, body: { code: 500, error: 'INTERNAL', msg: 'boom' } }
          : sessions([thisDevice()]),
      [EVENTS]: () => events([newEvent()]),
    });
    await renderApp('/security');
    // The first failure is retried once (lib/query.ts) before the screen says so.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByText('Signed in')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('only-this-device')).toBeInTheDocument();
    expect(of(calls, SESSIONS)).toHaveLength(3);
    vi.restoreAllMocks();
  });

  it('every call carries this browser’s device id, made once and kept', async () => {
    logIn();
    const { calls } = mockApi({
      [SESSIONS]: () => sessions([thisDevice(), newSession()]),
      [EVENTS]: () => events([]),
      [SIGN_OUT_OTHERS]: () => ok({ signed_out: 1 }),
    });
    await renderApp('/security');
    await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
    await user.click((await dialog()).getByRole('button', { name: 'Sign out all other sessions' }));
    await expectToast('1 session signed out');
    await waitFor(() => expect(of(calls, SESSIONS)).toHaveLength(2));

    const kept = localStorage.getItem('device');
    expect(kept).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(new Set(calls.map((c) => c.headers.get('device')))).toEqual(new Set([kept]));
  });
});
