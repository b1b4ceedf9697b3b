import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** Refusals and 401s are answers, not glitches: only transport failures are retried, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          count < 1 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'server'),
      },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | undefined;

/** The app's one cache, made on first use; AppShell provides it to every screen. */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}

/** Component tests: drop the cache, so the next rendered app starts with a fresh QueryClient. */
export function resetAppQueryClient(): void {
  appClient?.clear();
  appClient = undefined;
}

/** A page of a list as the contract's `pageOf` sends it. */
interface Page {
  total: number;
  page: number;
  limit?: number;
  list: unknown[];
  /** Catalogue search and order lists count up to a cap: past it, pages go on while they come back full. */
  total_capped?: boolean;
}

/** An infinite query's next page: the one after `last`, or undefined once every row of `total` is loaded. */
export function nextPageParam(last: Page, pages: Page[]): number | undefined {
  if (last.list.length === 0) return undefined;
  if (last.total_capped)
    return last.limit !== undefined && last.list.length < last.limit ? undefined : last.page + 1;
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total ? last.page + 1 : undefined;
}
