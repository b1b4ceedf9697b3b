import type { PurchaseState } from '@dropdesk/contract/express';
import { formatDate } from '@dropdesk/web-kit/format';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/Amount';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { expressKeys } from '../../../lib/query-keys';
import { type Purchase, useTrainBill } from '../api/get-train-bill';
import styles from '../components/express.module.css';

type Filter = 'all' | PurchaseState;

/** One purchase: its type (the package), time, amount, whether it runs, and what it features. */
function Record({ row }: { row: Purchase }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const active = row.state === 'active';
  return (
    <li className={styles.record} data-testid="purchase">
      <div className={styles.recordHead}>
        <span className={styles.name}>{row.name}</span>
        <span className={styles.price}>
          <Amount value={row.price} />
        </span>
      </div>
      <span className={styles.meta}>
        <time dateTime={row.created_at}>{formatDate(row.created_at, lang)}</time>
        {' · '}
        {t('express.days', { count: row.days })}
      </span>
      <span>
        <span className={list.badge} data-tone={active ? 'ok' : 'muted'}>
          {active ? t('express.state.active') : t('express.state.expired')}
        </span>{' '}
        <span className={styles.meta}>
          {active
            ? t('express.activeUntil', { date: formatDate(row.ends_at, lang) })
            : t('express.endedAt', { date: formatDate(row.ends_at, lang) })}
        </span>
      </span>
      <ul className={styles.products} aria-label={t('express.products')}>
        {row.products.map((p) => (
          <li key={p.product_id}>
            {p.title || t('express.noTitle')}
            {p.listing_id === null && ` (${t('express.removed')})`}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Express purchase records: newest first, all or the active or expired ones. */
export default function BuyTrainBillScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const [busy, setBusy] = useState(false);
  const query = useTrainBill(filter === 'all' ? undefined : filter);
  const refresh = async () => {
    setBusy(true);
    try {
      await queryClient.invalidateQueries({ queryKey: expressKeys.all });
    } finally {
      setBusy(false);
    }
  };
  const filters: Array<[Filter, string]> = [
    ['all', t('express.state.all')],
    ['active', t('express.state.active')],
    ['expired', t('express.state.expired')],
  ];
  return (
    <Page
      title={t('routes.buyTrainBill')}
      tabRoot={paths.storeExpress}
      right={<RefreshButton onRefresh={() => void refresh()} busy={busy} />}
    >
      <fieldset className={ui.chipRow}>
        <legend className="visually-hidden">{t('express.filter')}</legend>
        {filters.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={ui.chip}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <Refreshable onRefresh={refresh}>
        <InfiniteList query={query} empty={t('express.noRecords')}>
          {(rows) => (
            <ul className={styles.options}>
              {rows.map((r) => (
                <Record key={r.id} row={r} />
              ))}
            </ul>
          )}
        </InfiniteList>
      </Refreshable>
    </Page>
  );
}
