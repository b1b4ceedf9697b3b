import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './LoadFailed';
import ui from './ui.module.css';

/** The one loading line, in place of what is loading. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className={ui.center} role="status">
      {t('common.loading')}
    </p>
  );
}

/** What QueryState reads of a TanStack query (useQuery's result fits). */
export interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Shown instead of `children` when the data holds nothing to show. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * A query's three states before its data: loading, failed (the reason and a retry, and no toast:
 * the calls behind a QueryState are quiet) and empty. Data already on screen stays when a
 * background refetch fails.
 *
 *   <QueryState query={useBank()}>{(data) => <Card bank={data.bank} />}</QueryState>
 */
export function QueryState<T>({ query, empty, isEmpty, children }: QueryStateProps<T>) {
  if (query.data === undefined) {
    if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
    return <Loading />;
  }
  if (empty !== undefined && isEmpty?.(query.data)) return <p className={ui.center}>{empty}</p>;
  return <>{children(query.data)}</>;
}
