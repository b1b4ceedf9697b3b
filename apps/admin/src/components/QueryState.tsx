import type { UseQueryResult } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Spin from 'antd/es/spin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The error of a failed load, with a retry: the server's words, no toast. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('common.loadFailed')}
      description={error instanceof Error ? error.message : undefined}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/**
 * A query's states before its data: loading, failed (with retry) and, given `isEmpty`, empty. Data
 * already on screen stays when a background refetch fails. A screen whose heading comes with its
 * data (an order's number) gives `heading` for the states before it, so the page always has one.
 */
export function QueryState<T>({
  query,
  children,
  empty,
  isEmpty,
  heading,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  heading?: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) {
    if (isEmpty?.(query.data)) return <Empty description={empty ?? t('common.empty')} />;
    return <>{children(query.data)}</>;
  }
  if (query.isError)
    return (
      <>
        {heading}
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  return (
    <>
      {heading}
      <div role="status" style={{ padding: 32, textAlign: 'center' }}>
        <Spin />
        <span style={{ marginInlineStart: 12 }}>{t('common.loading')}</span>
      </div>
    </>
  );
}
