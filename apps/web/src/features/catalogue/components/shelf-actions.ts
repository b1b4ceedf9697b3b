import type { ListingStatus } from '@dropdesk/contract/catalogue';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../lib/dialog';
import { messageOf } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useRemoveListings } from '../api/remove-listings';
import { useSetSwitch } from '../api/set-switch';

/**
 * On shelf, off shelf and remove, each asked first and said after; a refusal is the call's toast.
 * Every catalogue query is refreshed after (the calls' own onSettled). Each resolves true when done.
 */
export function useShelfActions() {
  const { t } = useTranslation();
  const setSwitch = useSetSwitch();
  const remove = useRemoveListings();

  const ask = (content: string, confirmText: string) =>
    confirm({ content, confirmText, cancelText: t('common.cancel') });

  const nothingChosen = (ids: number[]) => {
    if (ids.length > 0) return false;
    toast.fail(messageOf('SELECT_PRODUCT'));
    return true;
  };

  /** `question`: names the one product, or counts the selection. */
  async function shelve(ids: number[], status: ListingStatus, question: string): Promise<boolean> {
    if (nothingChosen(ids)) return false;
    const action = status === 'selling' ? t('catalogue.onShelf') : t('catalogue.offShelf');
    if (!(await ask(question, action))) return false;
    try {
      const { updated } = await setSwitch.mutateAsync({ ids, status });
      toast.success(
        status === 'selling'
          ? t('catalogue.done.onShelf', { count: updated })
          : t('catalogue.done.offShelf', { count: updated }),
      );
      return true;
    } catch {
      return false; // told by the call's toast
    }
  }

  async function removeListings(ids: number[], question: string): Promise<boolean> {
    if (nothingChosen(ids)) return false;
    if (!(await ask(question, t('catalogue.remove')))) return false;
    try {
      const { removed } = await remove.mutateAsync(ids);
      toast.success(t('catalogue.done.removed', { count: removed }));
      return true;
    } catch {
      return false;
    }
  }

  return { shelve, remove: removeListings, busy: setSwitch.isPending || remove.isPending };
}
