/**
 * The login page's HTML, built by `vite build --ssr` and run at build time (scripts/prerender.mjs)
 * and by Vite's dev server (vite.config.ts), never in a browser: LoginView's markup in a language,
 * and the messages its script needs (src/login/page.ts).
 */
import type { Lang } from '@dropdesk/contract/constants';
import { renderToString } from 'react-dom/server';
import type { LoginTexts } from './login/ids';
import { LoginView } from './login/LoginView';

type Messages = Record<string, unknown>;

function lookup(messages: Messages, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`prerender: no text for ${key}`);
  return value;
}

export function renderLogin(
  lang: Lang,
  messages: Messages,
  serverMessages: Messages,
): { markup: string; title: string; texts: Omit<LoginTexts, 'appFiles'> } {
  const t = (key: string) => lookup(messages, key);
  const server = (key: string) => lookup(serverMessages, key);
  return {
    markup: renderToString(<LoginView lang={lang} t={t} />),
    title: `${t('routes.login')} · Dropdesk`,
    texts: {
      required: {
        account: server('ACCOUNT_REQUIRED'),
        password: server('FIELD_REQUIRED'),
        captcha: server('CAPTCHA_REQUIRED'),
      },
      network: t('errors.network'),
      loading: t('common.loading'),
      chooseLanguage: t('language.choose'),
      close: t('common.cancel'),
    },
  };
}
