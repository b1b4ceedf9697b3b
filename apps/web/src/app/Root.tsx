import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';

export interface RouteHandle {
  /** The translation key of the page title (a literal in the route table). */
  title?: string;
}

/**
 * The page title is the translated title of the deepest route that has one, set in the same commit
 * as the screen it names (a layout effect): a passive effect ran a moment later, so the new screen
 * could stand under the last one's title (a test that read it then failed under load).
 */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const title = handle?.title ? t(handle.title) : '';
  useLayoutEffect(() => {
    document.title = title ? `${title} · Dropdesk` : 'Dropdesk';
  }, [title]);
}

/** Each new screen starts at the top (smooth scrolling is for moves within a screen). */
function useScrollTopOnNavigate() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname]);
}

export function Root() {
  useDocumentTitle();
  useScrollTopOnNavigate();
  return <Outlet />;
}
