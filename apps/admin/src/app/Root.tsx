import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';

export interface RouteHandle {
  /** The translation key of the page title (a literal in the route table). */
  title?: string;
}

/** The page title is the translated title of the deepest route that has one. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const title = handle?.title ? t(handle.title) : '';
  useEffect(() => {
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name');
  }, [title, t]);
}

/** The frame of every page, sign-in included: the title only (antd and Query come with the layout). */
export function Root() {
  useDocumentTitle();
  return <Outlet />;
}
