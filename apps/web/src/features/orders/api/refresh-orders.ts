import type { QueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../../lib/query-keys';
import { refreshBalances } from '../../../lib/refresh-balances';

/**
 * After a pickup or a refund decision: every order query (lists, the tabs' counts, the tab badge,
 * details, refund requests) and every balance (a pickup debits the cost; an approved refund may
 * return it). Run after a refusal too: another device, or the buyer, may have acted meanwhile.
 */
export async function refreshOrders(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    refreshBalances(queryClient),
  ]);
}
