import { CallFailed } from '../api';
import { type HomeContext, partOf, type Region, regionOf } from './region';

/** Where the figures are: still coming, on screen, or failed (and why) with none kept to show. */
export type FiguresStatus = 'loading' | 'shown' | CallFailed;

/**
 * The figures' status, in the page's main column (`data-region="main"`): the loading line, the
 * failure with its reason and a retry (`retry`), and the figures' box busy while it loads (a
 * screen reader then reads the reason and the retry, not a box still loading).
 */
export function mountStatus(root: HTMLElement, c: HomeContext, retry: () => void): Region<FiguresStatus> {
  const { texts } = c;
  const loading = partOf(root, 'loading');
  const failed = partOf(root, 'failed');
  const box = regionOf(root, 'figures');
  partOf(root, 'retry').addEventListener('click', retry);
  return {
    update(status) {
      if (status === 'loading') box.setAttribute('aria-busy', 'true');
      else box.removeAttribute('aria-busy');
      loading.hidden = status !== 'loading';
      if (status instanceof CallFailed)
        partOf(failed, 'failed-text').textContent =
          status.kind === 'refused' && status.message
            ? status.message
            : status.kind === 'server'
              ? texts.serverFailed
              : texts.loadFailed;
      failed.hidden = !(status instanceof CallFailed);
    },
  };
}
