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
