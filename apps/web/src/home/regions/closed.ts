import type { MerInfo } from '@dropdesk/contract/account';
import { fill, type HomeContext, partOf, type Region } from './region';

/**
 * The closed shop's notice at the top (`data-region="closed"`), from the shop's state: the one the
 * session kept at once, then `getMerInfo`'s. Hidden while the shop is open.
 */
export function mountClosed(root: HTMLElement, c: HomeContext): Region<Partial<MerInfo> | null | undefined> {
  const reason = partOf(root, 'closed-reason');
  return {
    update(merinfo) {
      root.hidden = merinfo?.status !== 'closed';
      partOf(root, 'closed-text').textContent = c.texts.shopClosed;
      reason.textContent = merinfo?.closed_reason
        ? fill(c.texts.closedReason, { reason: merinfo.closed_reason })
        : '';
      reason.hidden = !merinfo?.closed_reason;
    },
  };
}
