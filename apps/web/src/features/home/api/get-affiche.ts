import type { messageRoutes } from '@dropdesk/contract/messages';
import type { DataOf } from '@dropdesk/contract/route';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { dashboardKeys } from '../../../lib/query-keys';

type R = typeof messageRoutes.affiche;
export type Announcement = DataOf<R>['list'][number];

/**
 * GET merchant/affiche: the announcements scrolling on Home, in the `lang` header's language (or
 * each one's fallback). Quiet: without them Home simply shows none.
 */
export const getAffiche = () =>
  call<R>({ method: 'GET', path: '/merchant/merchant/affiche' }, { quiet: true });

/** Keyed by the language they are asked in (the call sends the current one): a switch asks again. */
export const afficheQuery = (lang: string) =>
  queryOptions({
    queryKey: dashboardKeys.affiche(lang),
    queryFn: getAffiche,
    staleTime: 5 * 60_000,
    gcTime: 60 * 60_000,
  });

export const useAffiche = (lang: string) => useQuery(afficheQuery(lang));
