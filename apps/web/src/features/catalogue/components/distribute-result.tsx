import { type DistributeResult, SKIP_REASONS, type SkipReason } from '@dropdesk/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { loadDialog } from '../../../lib/dialog';

/**
 * After a distribution: how many products were added, how many skipped and why (quota full, already
 * listed, switched off by the supplier, not found), and the quota now. A dialog the merchant closes,
 * not a toast that leaves before it is read.
 */
export function useShowDistributeResult() {
  const { t } = useTranslation();
  const reasons: Record<SkipReason, (count: number) => string> = {
    quota: (count) => t('catalogue.result.quota', { count }),
    listed: (count) => t('catalogue.result.listed', { count }),
    inactive: (count) => t('catalogue.result.inactive', { count }),
    missing: (count) => t('catalogue.result.missing', { count }),
  };
  return async (result: DistributeResult) => {
    const skipped = SKIP_REASONS.reduce((n, r) => n + result.skipped[r], 0);
    const title = t('catalogue.result.added', { count: result.added });
    const Dialog = await loadDialog();
    await Dialog.alert({
      title,
      content: (
        <div data-testid="distribute-result">
          {skipped > 0 && (
            <>
              <p>{t('catalogue.result.skipped', { count: skipped })}</p>
              <ul>
                {SKIP_REASONS.filter((r) => result.skipped[r] > 0).map((r) => (
                  <li key={r}>{reasons[r](result.skipped[r])}</li>
                ))}
              </ul>
            </>
          )}
          <p>{t('catalogue.quotaUsed', { used: result.quota.used, total: result.quota.total })}</p>
        </div>
      ),
      confirmText: t('catalogue.ok'),
      // Named by what happened, for a screen reader (antd-mobile's dialog role has no name).
      afterShow: () =>
        [...document.querySelectorAll('.adm-dialog [role="dialog"]')]
          .at(-1)
          ?.setAttribute('aria-label', title),
    });
  };
}
