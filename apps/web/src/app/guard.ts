import { redirect } from 'react-router';
import { setFlash } from '../lib/flash';
import { i18nReady } from '../lib/i18n';
import { messageOf } from '../lib/messages';
import { paths } from '../lib/paths';
import { getToken } from '../lib/session';

/**
 * Loader of every page that needs a session. The specification leaves pages unguarded; the issue
 * asks us to send a logged-out visitor to /login with its own message, 'Please log in first'.
 */
export async function requireSession({ request }: { request: Request }) {
  if (getToken()) return null;
  await i18nReady();
  // Shown by the login page, which is opened with a full page load (a toast would go with this one).
  setFlash(messageOf('UNAUTHORIZED'));
  const { pathname, search } = new URL(request.url);
  throw redirect(`${paths.login}?redirect=${encodeURIComponent(pathname + search)}`);
}
