import type { MessageType } from '@dropdesk/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import { useUnreadMessages } from '../../../lib/api/get-unread-messages';
import { messageKeys } from '../../../lib/query-keys';
import { useMessages } from '../api/get-messages';
import { useSeeMessages } from '../api/see-messages';
import { MessageRow } from '../components/MessageRow';
import { MessageTabs } from '../components/MessageTabs';

/** The tab in the address (`?type=notice`); anything else is system messages, the first tab. */
const tabOf = (param: string | null): MessageType => (param === 'notice' ? 'notice' : 'system');

/**
 * Messages: system messages (the platform's broadcasts) and notices (events of the merchant's own:
 * an order to pick up, a refund asked, a review decided...), newest first, each tab with a dot while
 * it holds unread ones. Unread rows carry a dot too; "Mark all read" reads the whole tab. Pulled to
 * refresh, loaded as the list scrolls; the tab lives in the address, so back and reload keep it.
 */
export default function MessageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const type = tabOf(params.get('type'));
  const query = useMessages({ type, is_see: 'all' });
  const unread = useUnreadMessages();
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

  return (
    <Page
      title={t('routes.message')}
      right={<RefreshButton onRefresh={() => void refresh()} busy={query.isRefetching} />}
    >
      <MessageTabs value={type} onChange={choose} unread={counts} />
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
