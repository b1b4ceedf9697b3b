import { MESSAGE_TYPES, type MessageType } from '@dropdesk/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import { type UnreadMessages, useUnreadMessages } from '../../../lib/api/get-unread-messages';
import { messageKeys } from '../../../lib/query-keys';
import { useMessages } from '../api/get-messages';
import { useSeeMessages } from '../api/see-messages';
import { MessageRow } from '../components/MessageRow';
import { MessageTabs } from '../components/MessageTabs';

/** The tab the address names (`?type=notice`), if it names one. */
const tabIn = (param: string | null): MessageType | undefined => MESSAGE_TYPES.find((type) => type === param);

/**
 * The tab to open when the address names none: where the unread messages are. System messages
 * first when they have any (the platform's broadcasts are few and may be urgent: tonight's
 * maintenance); otherwise the notices, the shop's own events, which is where a trading shop's
 * messages are. (It opened on an empty system tab while 14 unread notices waited.)
 */
export const openingTab = (unread: UnreadMessages | undefined): MessageType =>
  (unread?.system ?? 0) > 0 ? 'system' : 'notice';

/**
 * Messages: system messages (the platform's broadcasts) and notices (events of the merchant's own:
 * an order to pick up, a refund asked, a review decided...), newest first, each tab with its count
 * of unread ones; opened without a tab, it opens where the unread ones are (`openingTab`). Unread rows carry a dot too; "Mark all read" reads the whole tab. Pulled to
 * refresh, loaded as the list scrolls; the tab lives in the address, so back and reload keep it.
 */
export default function MessageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const unread = useUnreadMessages();
  const asked = tabIn(params.get('type'));
  // No tab in the address: wait for the unread counts (My's entry has usually fetched them), then
  // open where the unread ones are; a failed count opens the notices.
  const opening = asked ?? (unread.isPending ? undefined : openingTab(unread.data));
  const type = opening ?? 'notice';
  const query = useMessages({ type, is_see: 'all' }, { enabled: opening !== undefined });
  const see = useSeeMessages();

  // Every page carries both tabs' unread counts: the freshest keeps the badge and the dots right.
  const latest = query.data?.pages[query.data.pages.length - 1]?.unread;
  useEffect(() => {
    if (latest) queryClient.setQueryData(messageKeys.unread(), latest);
  }, [latest, queryClient]);

  const counts = unread.data ?? latest;
  const refresh = () => Promise.all([query.refetch(), unread.refetch()]);
  const choose = (next: MessageType) => {
    const p = new URLSearchParams(params);
    p.set('type', next);
    setParams(p, { replace: true, preventScrollReset: true });
  };
  // The tab chosen for the merchant goes in the address too, so back and reload keep it.
  useEffect(() => {
    if (asked || !opening) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('type', opening);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [asked, opening, setParams]);

  return (
    <Page
      title={t('routes.message')}
      right={<RefreshButton onRefresh={() => void refresh()} busy={query.isRefetching} />}
    >
      <MessageTabs value={opening} onChange={choose} unread={counts} />
      {opening && (
        <div className={list.toolbar}>
          <span aria-live="polite" data-testid="unread-summary">
            {(counts?.[type] ?? 0) > 0
              ? t('messages.unreadInTab', { n: String(counts?.[type]) })
              : t('messages.allRead')}
          </span>
          <button
            type="button"
            className={list.smallButton}
            disabled={see.isPending || (counts?.[type] ?? 0) === 0}
            onClick={() => see.mutate({ body: { type, all: true } })}
          >
            {t('messages.markAllRead')}
          </button>
        </div>
      )}
      <Refreshable onRefresh={refresh}>
        <InfiniteList
          query={query}
          empty={type === 'system' ? t('messages.emptySystem') : t('messages.emptyNotice')}
        >
          {(rows) => (
            <ul className={list.cards}>
              {rows.map((m) => (
                <MessageRow key={`${m.type}-${m.id}`} message={m} />
              ))}
            </ul>
          )}
        </InfiniteList>
      </Refreshable>
    </Page>
  );
}
