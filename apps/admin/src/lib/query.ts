import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** Refusals and 401s are answers, not glitches: only transport failures are retried, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          count < 1 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'server'),
      },
      mutations: { retry: false },
    },
  });
}

let appClient: QueryClient | undefined;

/** The console's one cache, made on first use. */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}

/** Tests and sign-out: the next screen starts with an empty cache. */
export function resetAppQueryClient(): void {
  appClient?.clear();
  appClient = undefined;
}
