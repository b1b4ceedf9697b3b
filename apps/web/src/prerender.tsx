/**
 * The server-side render of the sign-in shell, built by `vite build --ssr` and run once at build
 * time (scripts/prerender.mjs), never in a browser. It renders /login through the app's own route
 * table, in each language, so the HTML the server sends for /login is the markup React draws: the
 * form paints before the scripts arrive, and when they do React draws the same boxes over it.
 */
import type { Lang } from '@dropdesk/contract/constants';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { i18n, SERVER_NS } from './lib/i18n';

type Messages = Record<string, unknown>;

export async function renderLogin(
  lang: Lang,
  messages: Messages,
  serverMessages: Messages,
  path = '/login',
): Promise<string> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: lang,
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  i18n.addResourceBundle(lang, 'translation', messages, true, true);
  i18n.addResourceBundle(lang, SERVER_NS, serverMessages, true, true);
  await i18n.changeLanguage(lang);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`prerender ${path}: answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}
