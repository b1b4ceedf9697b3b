import type { MerInfo } from '@dropdesk/contract/account';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/QueryState';
import { ShopClosedNotice } from '../../../components/ShopClosedNotice';
import { useShop } from '../api/get-shop';

/**
 * Every shop settings screen starts here: the merchant info loads (its loading and error states),
 * and a closed shop sees the closed notice, with its reason, instead of a form the server would
 * refuse with SHOP_CLOSED. `closed` adds what the screen still shows then (the shop's preview).
 */
export function ShopGate({
  children,
  closed,
}: {
  children: (merinfo: MerInfo) => ReactNode;
  closed?: (merinfo: MerInfo) => ReactNode;
}) {
  return (
    <QueryState query={useShop()}>
      {(merinfo) =>
        merinfo.status === 'closed' ? (
          <>
            <ShopClosedNotice reason={merinfo.closed_reason} />
            {closed?.(merinfo)}
          </>
        ) : (
          children(merinfo)
        )
      }
    </QueryState>
  );
}
