import type { expressRoutes } from '@dropdesk/contract/express';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys, expressKeys } from '../../../lib/query-keys';
import { refreshBalances } from '../../../lib/refresh-balances';

type R = typeof expressRoutes.buyTrain;

/**
 * POST index/buy_train: buys a package from the wallet with the payment password, featuring the
 * chosen listings. A money route: one Idempotency-Key per attempt, so a second tap or a retry after
 * a lost answer gets the first answer instead of a second purchase.
 */
export const buyTrain = ({ body, idempotencyKey }: { body: BodyOf<R>; idempotencyKey: string }) =>
  // Quiet: the form shows a refusal at its field, or above its button.
  call<R>({ method: 'POST', path: '/merchant/index/buy_train' }, { body, idempotencyKey, quiet: true });

export function useBuyTrain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyTrain,
    // Money moved (or may have): every balance, the express lane, and the listings' recommended flags.
    onSettled: () =>
      Promise.all([
        refreshBalances(queryClient),
        queryClient.invalidateQueries({ queryKey: expressKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      ]),
  });
}
