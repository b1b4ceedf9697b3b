import type { UseQueryResult } from '@tanstack/react-query';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Flex from 'antd/es/flex';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatAge, formatNumber } from '../../../lib/format';
import styles from './queue.module.css';

export interface QueueItem {
  id: number;
  created_at: string;
}

/** What the keyboard and the buttons do on the selected item. */
export interface QueueActions {
  approve: () => void;
  reject: () => void;
  busy: boolean;
}

/** True when a key press belongs to a field or a dialog, not to the queue. */
function typing(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (e.altKey || e.ctrlKey || e.metaKey) return true;
  if (document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal')) return true;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/**
 * A work queue: its size and the oldest item's age, the items in the server's order on the left
 * (oldest first; withdrawals soonest due first), the selected one in full on the right with its
 * decision. From the keyboard: j / ↓ next, k / ↑ previous, a approve, r reject (hints on screen). A
 * decided item leaves at once; the queue refreshes itself every 30 s, so items another operator
 * decided leave too.
 */
export function QueueFrame<T extends QueueItem>({
  title,
  query,
  row,
  detail,
  actions,
  empty,
  approveLabel,
  rejectLabel,
}: {
  /** The buttons' words when approving is something else (an appeal: refund the buyer). */
  approveLabel?: string;
  rejectLabel?: string;
  title: string;
  query: UseQueryResult<{ total: number; list: T[] }>;
  /** One line of the list. */
  row: (item: T) => ReactNode;
  /** The selected item in full, and the decision's controls. */
  detail: (item: T) => ReactNode;
  /** The decision on an item (the screen's own dialogs); null: none to take here (no buttons, no keys). */
  actions: (item: T, done: () => void) => QueueActions | null;
  empty: string;
}) {
  const { t } = useTranslation();
  const [decided, setDecided] = useState<Set<number>>(() => new Set());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const items = (query.data?.list ?? []).filter((i) => !decided.has(i.id));
  const index = Math.max(
    0,
    items.findIndex((i) => i.id === selectedId),
  );
  const selected = items[index];
  const total = Math.max(
    0,
    (query.data?.total ?? 0) - (query.data ? query.data.list.length - items.length : 0),
  );
  // Not always the first: withdrawals come soonest due first, and a promise may have changed since.
  const oldest = items.reduce<string | undefined>(
    (min, i) => (min === undefined || Date.parse(i.created_at) < Date.parse(min) ? i.created_at : min),
    undefined,
  );
  const current = selected
    ? actions(selected, () => {
        setDecided((s) => new Set(s).add(selected.id));
        setSelectedId(items[index + 1]?.id ?? items[index - 1]?.id ?? null);
      })
    : null;

  const keys = useRef({ items, index, current });
  keys.current = { items, index, current };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e)) return;
      const { items: list, index: i, current: act } = keys.current;
      if (e.key === 'j' || e.key === 'ArrowDown') {
        const next = list[Math.min(list.length - 1, i + 1)];
        if (next) setSelectedId(next.id);
      } else if (e.key === 'k' || e.key === 'ArrowUp') {
        const prev = list[Math.max(0, i - 1)];
        if (prev) setSelectedId(prev.id);
      } else if (e.key === 'a' && act && !act.busy) act.approve();
      else if (e.key === 'r' && act && !act.busy) act.reject();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <PageTitle
        title={title}
        extra={
          <Flex gap={32} align="center">
            <Statistic title={t('queues.size')} value={formatNumber(total)} />
            <Statistic title={t('queues.oldest')} value={oldest ? formatAge(oldest) : '—'} />
          </Flex>
        }
      />
      <Typography.Paragraph type="secondary" className={styles.hints}>
        {t('queues.keys')} <kbd>j</kbd>/<kbd>↓</kbd> {t('queues.keyNext')} · <kbd>k</kbd>/<kbd>↑</kbd>{' '}
        {t('queues.keyPrevious')} · <kbd>a</kbd> {t('queues.keyApprove')} · <kbd>r</kbd>{' '}
        {t('queues.keyReject')}
      </Typography.Paragraph>
      <QueryState query={query}>
        {() =>
          items.length === 0 ? (
            <Empty description={empty} />
          ) : (
            <div className={styles.split}>
              <ol className={styles.list} aria-label={title}>
                {items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={item.id === selected?.id ? `${styles.item} ${styles.active}` : styles.item}
                      aria-current={item.id === selected?.id}
                      onClick={() => setSelectedId(item.id)}
                    >
                      {row(item)}
                      <Typography.Text type="secondary">{formatAge(item.created_at)}</Typography.Text>
                    </button>
                  </li>
                ))}
              </ol>
              {selected && (
                <Card className={styles.detail}>
                  {detail(selected)}
                  {current && (
                    <Flex gap={8} style={{ marginTop: 24 }}>
                      <Button type="primary" onClick={current.approve} loading={current.busy}>
                        {approveLabel ?? t('queues.approve')} <Badge count="a" color="#ffffff33" />
                      </Button>
                      <Button danger onClick={current.reject} disabled={current.busy}>
                        {rejectLabel ?? t('queues.reject')}{' '}
                        <Badge count="r" color="#ff4d4f22" style={{ color: '#ff4d4f' }} />
                      </Button>
                    </Flex>
                  )}
                </Card>
              )}
            </div>
          )
        }
      </QueryState>
    </>
  );
}
