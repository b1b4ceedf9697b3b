import type { MerInfo } from '@dropdesk/contract/account';
import { isLang, LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import * as accountPaths from '@dropdesk/contract/paths/account';
import type { PathRow } from '@dropdesk/contract/route';
import { exchange, fieldsOf, type Reply } from '@dropdesk/web-kit/http';
// The page's look: the app's base styles and the classes LoginView draws with, into one stylesheet
// that scripts/prerender.mjs writes inline into the page.
import 'antd-mobile/es/global';
import '../app/global.css';
import ui from '../components/ui.module.css';
import '../features/auth/components/auth.module.css';
import { DEVICE_HEADER, deviceId } from '../lib/device';
import { setFlash, takeFlash } from '../lib/flash';
import { inStoredLang, loadPageIn, storedLang, storeLang } from '../lib/lang-storage';
import { HOME_PATH, safePath } from '../lib/paths';
import { writeSession } from '../lib/session-storage';
import { ids, type LoginTexts } from './ids';
import '../page-base.css';
import './page.css';

/**
 * The login page's behaviour (docs/web.md, "The login page"). /login is served as HTML prerendered
 * per language (LoginView.tsx), and this script, a few kilobytes, makes it work: it checks the
 * form, signs in through the API, asks for the captcha when the server wants one, shows refusals
 * where they belong, switches the language, and then opens the app, which starts logged in. The
 * app (React, the router, i18next) is not loaded here: only fetched in the background once the
 * merchant starts typing, so /home is ready when the password is.
 */

type Field = 'account' | 'password' | 'captcha';

export interface PageEnv {
  /** Opens another address with a full page load (the app, or this page again). */
  go: (url: string) => void;
  /** Loads this page again in a language (a language switch: the server sends it in that one). */
  reload: (lang: Lang) => void;
}

const browserEnv: PageEnv = {
  go: (url) => window.location.replace(url),
  reload: loadPageIn,
};

/** Wires the page up; answers false when the markup is not the login page's. */
export function enhance(doc: Document = document, env: PageEnv = browserEnv): boolean {
  const byId = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T | null;
  const form = byId<HTMLFormElement>(ids.form);
  const textsEl = byId<HTMLScriptElement>(ids.texts);
  if (!form || !textsEl) return false;
  const texts = JSON.parse(textsEl.textContent ?? '{}') as LoginTexts;
  const pageLang: Lang = isLang(doc.documentElement.lang) ? doc.documentElement.lang : storedLang();

  if (!inStoredLang(pageLang, env.reload)) return true;

  const input = (name: Field) => byId<HTMLInputElement>(ids.input(name)) as HTMLInputElement;
  const submit = byId<HTMLButtonElement>(ids.submit) as HTMLButtonElement;
  const formError = byId<HTMLElement>(ids.formError) as HTMLElement;
  const toastEl = byId<HTMLElement>(ids.toast) as HTMLElement;
  let captchaId: string | null = null;
  let busy = false;

  const setError = (name: Field, message: string | null) => {
    const el = input(name);
    const box = byId<HTMLElement>(ids.error(name)) as HTMLElement;
    box.textContent = message ?? '';
    box.hidden = !message;
    const hint = name === 'captcha' ? ids.hint(name) : null;
    if (message) {
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-describedby', [ids.error(name), hint].filter(Boolean).join(' '));
    } else {
      el.removeAttribute('aria-invalid');
      if (hint) el.setAttribute('aria-describedby', hint);
      else el.removeAttribute('aria-describedby');
    }
  };
  const setFormError = (message: string | null) => {
    formError.textContent = message ?? '';
    formError.hidden = !message;
  };
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  const toast = (message: string) => {
    toastEl.textContent = message;
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => {
      toastEl.hidden = true;
    }, 3000);
  };

  /** An answer of ours (the kit's envelope reading), or a throw when none came or it is not ours. */
  const call = async ({ method, path }: PathRow, body?: unknown): Promise<Reply> => {
    const reply = await exchange(() =>
      fetch(path, {
        method,
        // `device`: the server tells a sign-in from a new device by it (lib/device.ts).
        headers: {
          lang: pageLang,
          [DEVICE_HEADER]: deviceId(),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );
    if (reply.code === undefined) throw new Error(`HTTP ${reply.status}`);
    return reply;
  };

  const captchaBox = byId<HTMLElement>(ids.fieldBox('captcha')) as HTMLElement;
  const loadCaptcha = async () => {
    try {
      const res = await call(accountPaths.captcha);
      if (res.code !== 1) return void setFormError(res.msg || texts.network);
      const data = res.data as { captcha_id: string; image: string };
      captchaId = data.captcha_id;
      (byId<HTMLImageElement>(ids.captchaImage) as HTMLImageElement).src = data.image;
      captchaBox.hidden = false;
      input('captcha').value = '';
    } catch {
      setFormError(texts.network);
    }
  };
  byId(ids.captchaRefresh)?.addEventListener('click', () => void loadCaptcha());

  // The app's start files, fetched once, at the first sign of a merchant about to sign in.
  let prefetched = false;
  form.addEventListener('focusin', () => {
    if (prefetched) return;
    prefetched = true;
    for (const href of texts.appFiles) {
      const link = doc.createElement('link');
      link.rel = href.endsWith('.css') ? 'prefetch' : 'modulepreload';
      link.href = href;
      doc.head.append(link);
    }
  });

  const fields = (): Field[] =>
    captchaBox.hidden ? ['account', 'password'] : ['account', 'password', 'captcha'];
  for (const name of ['account', 'password', 'captcha'] as const)
    input(name).addEventListener('input', () => setError(name, null));

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const missing = fields().filter((name) => input(name).value.trim() === '');
    for (const name of fields()) setError(name, missing.includes(name) ? texts.required[name] : null);
    if (missing.length) return void input(missing[0] as Field).focus();
    busy = true;
    submit.disabled = true;
    const label = submit.textContent;
    submit.textContent = texts.loading;
    try {
      const res = await call(accountPaths.login, {
        account: input('account').value.trim(),
        password: input('password').value,
        ...(captchaId ? { captcha_id: captchaId, captcha: input('captcha').value.trim() } : {}),
      });
      if (res.code === 1) {
        const merinfo = (res.data as { merinfo: MerInfo & { token: string } }).merinfo;
        writeSession(merinfo);
        if (res.msg) setFlash(res.msg, 'success');
        const redirect = new URLSearchParams(doc.location?.search ?? '').get('redirect');
        env.go(safePath(redirect) ?? HOME_PATH);
        return;
      }
      const named = Object.entries(fieldsOf(res.data)).filter(([name]) =>
        (fields() as string[]).includes(name),
      );
      for (const [name, message] of named) setError(name as Field, message);
      if (!named.length) setFormError(res.msg || texts.network);
      if (
        (res.data as { captcha_required?: unknown } | undefined)?.captcha_required === true ||
        res.key === 'CAPTCHA_REQUIRED' ||
        res.key === 'CAPTCHA_INVALID'
      )
        await loadCaptcha();
    } catch {
      setFormError(texts.network);
    }
    busy = false;
    submit.disabled = false;
    submit.textContent = label;
  });

  // The language: a native modal dialog (focus kept inside, Escape closes), one button per language.
  const languageButton = byId<HTMLButtonElement>(ids.language);
  languageButton?.addEventListener('click', () => {
    const dialog = doc.createElement('dialog');
    dialog.className = 'login-languages';
    dialog.setAttribute('aria-labelledby', 'login-languages-title');
    const title = doc.createElement('h2');
    title.id = 'login-languages-title';
    title.textContent = texts.chooseLanguage;
    const list = doc.createElement('ul');
    for (const lang of LANGUAGES) {
      const item = doc.createElement('li');
      const choose = doc.createElement('button');
      choose.type = 'button';
      choose.lang = lang;
      choose.textContent = LANGUAGE_NAMES[lang];
      if (lang === pageLang) choose.setAttribute('aria-current', 'true');
      choose.addEventListener('click', () => {
        dialog.close();
        if (lang === pageLang) return;
        storeLang(lang);
        env.reload(lang);
      });
      item.append(choose);
      list.append(item);
    }
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = ui.link ?? '';
    close.textContent = texts.close;
    close.addEventListener('click', () => dialog.close());
    dialog.append(title, list, close);
    dialog.addEventListener('close', () => {
      dialog.remove();
      languageButton.focus();
    });
    doc.body.append(dialog);
    dialog.showModal();
  });

  const flash = takeFlash();
  if (flash) toast(flash.text);
  submit.disabled = false;
  doc.documentElement.dataset.ready = 'login';
  return true;
}

// On the page, at once (the script is a module: the markup is parsed). Imported by a test, there is
// no login form yet and this does nothing.
if (typeof document !== 'undefined') enhance();
