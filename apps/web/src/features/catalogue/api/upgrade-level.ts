import type { catalogueRoutes } from '@dropdesk/contract/catalogue';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';
import { refreshBalances } from '../../../lib/refresh-balances';

type R = typeof catalogueRoutes.levelUpgrade;

/**
 * POST index/level_upgrade: buys the next level from the wallet, with the payment password. A money
 * route, so it takes an Idempotency-Key: one per attempt, so a second tap or a retry after a lost
 * answer gets the first answer instead of a second purchase.
 */
export const upgradeLevel = ({ body, idempotencyKey }: { body: BodyOf<R>; idempotencyKey: string }) =>
  // Quiet: the form shows a refusal at the payment password, or above its button.
  call<R>({ method: 'POST', path: '/merchant/index/level_upgrade' }, { body, idempotencyKey, quiet: true });

export function useUpgradeLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeLevel,
    // Money moved (or may have, from another device): every balance, the level, and the listings
    // a new margin repriced. After a refusal too.
    onSettled: () =>
      Promise.all([
        refreshBalances(queryClient),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      ]),
  });
}
