import type { InfiniteData } from '@tanstack/react-query';
import { isCancelledError } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './LoadFailed';
import { type QueryLike, QueryState } from './QueryState';
import ui from './ui.module.css';

/** What InfiniteList reads of a TanStack infinite query whose pages carry a `list`. */
export interface InfiniteQueryLike<T> extends QueryLike<InfiniteData<{ list: T[] }, unknown>> {
  hasNextPage: boolean;
  fetchNextPage: (options?: { throwOnError?: boolean }) => Promise<unknown>;
}

export interface InfiniteListProps<T> {
  query: InfiniteQueryLike<T>;
  /** Said in place of the list when it has no rows. */
  empty: ReactNode;
  /** The rows of every page loaded so far. */
  children: (rows: T[]) => ReactNode;
}

/**
 * A paged list: the first page through QueryState (loading, the error with a retry, empty), the
 * next ones as its end comes into view (antd-mobile's InfiniteScroll). A next page that fails says
 * so under the rows already shown, with its own retry.
 *
 *   <InfiniteList query={useBill(type)} empty={t('funds.empty')}>
 *     {(rows) => <ul>{rows.map((r) => <Row key={r.id} row={r} />)}</ul>}
 *   </InfiniteList>
 */
export function InfiniteList<T>({ query, empty, children }: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const rowsOf = (data: InfiniteData<{ list: T[] }, unknown>) => data.pages.flatMap((p) => p.list);
  const loadMore = async () => {
    try {
      // InfiniteScroll shows its retry when loadMore throws.
      await query.fetchNextPage({ throwOnError: true });
    } catch (error) {
      // A page dropped because the list was refreshed meanwhile is no failure.
      if (!isCancelledError(error)) throw error;
    }
  };
  return (
    <QueryState query={query} empty={empty} isEmpty={(data) => rowsOf(data).length === 0}>
      {(data) => (
        <>
          {children(rowsOf(data))}
          <InfiniteScroll hasMore={query.hasNextPage} loadMore={loadMore}>
            {(hasMore, failed, retry) =>
              failed ? (
                <LoadFailed error={query.error} onRetry={retry} />
              ) : hasMore ? (
                <p className={ui.listEnd} role="status">
                  {t('common.loading')}
                </p>
              ) : (
                <p className={ui.listEnd}>{t('common.noMore')}</p>
              )
            }
          </InfiniteScroll>
        </>
      )}
    </QueryState>
  );
}
