import serverEn from '@dropdesk/contract/messages/en.json';
import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFlash, takeFlash } from '../lib/flash';
import { HOME_PATH } from '../lib/paths';
import { useSession } from '../lib/session';
import en from '../locales/en.json';
import { renderLogin } from '../prerender';
import { newMerInfo } from '../test/factories';
import { enhance, type PageEnv } from './page';

/**
 * The login page as the server sends it: the prerendered markup of one language, and its script.
 * `go` and `reload` record the full page loads the page asks for.
 */
function openPage(search = '') {
  const { markup, texts } = renderLogin('en', en, serverEn);
  window.history.replaceState(null, '', `/login${search}`);
  for (const link of document.head.querySelectorAll('link')) link.remove();
  document.documentElement.lang = 'en';
  document.body.innerHTML = `<div id="root">${markup}</div><script type="application/json" id="login-texts">${JSON.stringify(
    { ...texts, appFiles: ['/assets/index-x.js', '/assets/main-x.css'] },
  )}</script>`;
  const env = { go: vi.fn<PageEnv['go']>(), reload: vi.fn<PageEnv['reload']>() };
  expect(enhance(document, env)).toBe(true);
  return env;
}

const account = () => screen.getByLabelText('Phone or email');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Log in' });

describe('the login page (no app, no React in the browser)', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the page mirrors the language into this cookie
    document.cookie = 'lang=; max-age=0; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is enabled by its script, and asks for the account and password before calling the server', async () => {
    const { calls } = mockApi({});
    openPage();
    expect(submit()).toBeEnabled();
    expect(document.documentElement.dataset.ready).toBe('login');
    await userEvent.click(submit());
    expect(account()).toHaveAccessibleDescription('Please enter phone number or email');
    expect(account()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('Required');
    expect(account()).toHaveFocus();
    expect(calls).toHaveLength(0);
    // Typing clears the field's message.
    await userEvent.type(account(), 'a');
    expect(account()).not.toHaveAttribute('aria-invalid');
    expect(account()).not.toHaveAccessibleDescription();
  });

  it('signs in: the session is written as the app keeps it, and the app opens at home with the server message', async () => {
    const merinfo = { ...newMerInfo(), token: 'tok-9' };
    const { calls } = mockApi({
      'POST /merchant/merchant/login': () => ok({ merinfo }, 'Welcome back'),
    });
    const env = openPage();
    await userEvent.type(account(), '  a@b.co ');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    await waitFor(() => expect(env.go).toHaveBeenCalledWith(HOME_PATH));
    expect(calls[0]?.body).toEqual({ account: 'a@b.co', password: 'secret-pass' });
    expect(calls[0]?.headers.get('lang')).toBe('en');
    // The device id the app sends too (lib/device.ts): the server tells a new device by it.
    expect(calls[0]?.headers.get('device')).toMatch(/^[0-9a-f]{32}$/);
    expect(calls[0]?.headers.get('device')).toBe(localStorage.getItem('device'));
    // The app's own store reads what the page wrote: it starts logged in.
    await useSession.persist.rehydrate();
    expect(useSession.getState().token).toBe('tok-9');
    expect(useSession.getState().merinfo?.id).toBe(merinfo.id);
    expect(takeFlash()).toEqual({ text: 'Welcome back', kind: 'success' });
  });

  it('goes back where a logged-out visitor was sent from, never to another site', async () => {
    mockApi({ 'POST /merchant/merchant/login': () => ok({ merinfo: { ...newMerInfo(), token: 't' } }) });
    const env = openPage('?redirect=%2Fwithdraw%3Fx%3D1');
    await userEvent.type(account(), 'a@b.co');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    await waitFor(() => expect(env.go).toHaveBeenCalledWith('/withdraw?x=1'));

    const evil = openPage('?redirect=%2F%2Fevil.example');
    await userEvent.type(account(), 'a@b.co');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    await waitFor(() => expect(evil.go).toHaveBeenCalledWith(HOME_PATH));
  });

  it('shows the captcha when the server asks for it, and sends it with its id', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'POST /merchant/merchant/login': () =>
        ++attempt === 1
          ? refusal('CAPTCHA_REQUIRED', 'Please type the verification code', { captcha_required: true })
          : ok({ merinfo: { ...newMerInfo(), token: 'tok-1' } }),
      'GET /merchant/common/captcha': () =>
        ok({ captcha_id: 'cap-1', image: 'data:image/svg+xml;base64,PHN2Zy8+' }),
    });
    const env = openPage();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
    await userEvent.type(account(), 'a@b.co');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    const captcha = await screen.findByLabelText('Verification code');
    expect(document.getElementById('login-form-error')).toHaveTextContent(
      'Please type the verification code',
    );
    expect(screen.getByRole('img', { name: 'Verification picture' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    // Now the captcha is asked for too.
    await userEvent.click(submit());
    expect(captcha).toHaveAccessibleDescription(expect.stringContaining(serverEn.CAPTCHA_REQUIRED));
    await userEvent.type(captcha, ' x7k2 ');
    await userEvent.click(submit());
    await waitFor(() => expect(env.go).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === '/merchant/merchant/login').at(-1)?.body).toEqual({
      account: 'a@b.co',
      password: 'secret-pass',
      captcha_id: 'cap-1',
      captcha: 'x7k2',
    });
  });

  it('says a refusal in the form (or at its field) and stays, ready to try again', async () => {
    let reply = refusal('INVALID_CREDENTIALS', 'Wrong account or password');
    mockApi({ 'POST /merchant/merchant/login': () => reply });
    const env = openPage();
    await userEvent.type(account(), 'a@b.co');
    await userEvent.type(password(), 'wrong-pass');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(document.getElementById('login-form-error')).toHaveTextContent('Wrong account or password'),
    );
    expect(env.go).not.toHaveBeenCalled();
    expect(submit()).toBeEnabled();
    expect(localStorage.getItem('session')).toBeNull();

    reply = refusal('INVALID_INPUT', 'Please check the marked fields', { fields: { account: 'Too long' } });
    await userEvent.click(submit());
    await waitFor(() => expect(account()).toHaveAccessibleDescription('Too long'));
    expect(document.getElementById('login-form-error')).not.toBeVisible();
  });

  it('says when the server cannot be reached', async () => {
    mockApi({ 'POST /merchant/merchant/login': () => 'network-error' });
    openPage();
    await userEvent.type(account(), 'a@b.co');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(document.getElementById('login-form-error')).toHaveTextContent(en.errors.network),
    );
  });

  it('switches the language in a dialog: remembered, and the page loaded again in it', async () => {
    mockApi({});
    const env = openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Choose language: English' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose language' });
    const options = within(dialog).getAllByRole('button');
    expect(options.map((b) => b.textContent)).toContain('Tiếng Việt');
    expect(within(dialog).getByRole('button', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tiếng Việt' }));
    expect(localStorage.getItem('lang')).toBe('vi');
    expect(document.cookie).toContain('lang=vi');
    expect(env.reload).toHaveBeenCalledTimes(1);
    // The address names the language: the cookie just written may not be in the store yet.
    expect(env.reload).toHaveBeenCalledWith('vi');
  });

  it('shows a message left by the app (a session that ended), and loads the page in the stored language once', async () => {
    mockApi({});
    setFlash('Please log in first');
    openPage();
    expect(screen.getByRole('status')).toHaveTextContent('Please log in first');

    localStorage.setItem('lang', 'ja');
    const env = openPage();
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.reload).toHaveBeenCalledWith('ja');
    expect(document.cookie).toContain('lang=ja');
    // The server still answered in English (no cookie support): no second reload, no loop.
    const again = openPage();
    expect(again.reload).not.toHaveBeenCalled();
  });

  it('takes the language the server was asked for out of the address, and keeps the rest', () => {
    mockApi({});
    localStorage.setItem('lang', 'en');
    openPage('?redirect=%2Fmy&lang=en');
    expect(window.location.pathname + window.location.search).toBe('/login?redirect=%2Fmy');
  });

  it('fetches the app while the merchant types, so home opens at once', async () => {
    mockApi({});
    openPage();
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    await userEvent.click(account());
    const links = [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['modulepreload', '/assets/index-x.js'],
        ['prefetch', '/assets/main-x.css'],
      ]),
    );
  });
});
