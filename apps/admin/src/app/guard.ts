import { redirect } from 'react-router';
import { paths } from '../lib/paths';
import { getToken } from '../lib/session';

/** Loader of every screen but sign-in: no session, no screen (main.tsx does the same at start). */
export function requireSession({ request }: { request: Request }) {
  if (getToken()) return null;
  const { pathname, search } = new URL(request.url);
  const inner = pathname.replace(/^\/console/, '') + search;
  throw redirect(`${paths.login}${inner && inner !== '/' ? `?redirect=${encodeURIComponent(inner)}` : ''}`);
}
