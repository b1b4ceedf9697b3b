import type { QueryClient } from '@tanstack/react-query';
import { accountKeys, reportsKeys, walletKeys } from './query-keys';

/**
 * After anything that moves money (a top-up asked for or cancelled, a withdrawal made or
 * cancelled), every query that shows a balance or a movement: the merchant's info (/my), the
 * wallet's figures and records, the funds records and the finance report. Screens on view refetch
 * now; the others are marked stale and refetch when they open, so /my never shows the old balance.
 */
export async function refreshBalances(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [accountKeys.merInfo(), walletKeys.all, reportsKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
