import { MAX_PICK_BATCH, ORDER_TABS, type OrderStatus } from '@dropdesk/contract/orders';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import { useSelection } from '../../../components/selection';
import ui from '../../../components/ui.module.css';
import { useOrderCount } from '../api/get-order-count';
import { type Order, useOrders } from '../api/get-orders';
import { useOrderStatusLabel } from '../components/labels';
import { type ChipFilter, filtersOf, hasFilters, OrderFilters } from '../components/OrderFilters';
import { OrderRow } from '../components/OrderRow';
import { OrderSums } from '../components/OrderSums';
import styles from '../components/orders.module.css';
import { usePickSheet } from '../components/PickSheet';
import { type OrderTab, StatusTabs } from '../components/StatusTabs';
import { orderPaths } from '../paths';

/** The tab in the address (`?status=5`); anything else is "all". */
function tabOf(param: string | null): OrderTab {
  if (param === null || param === '') return 'all';
  const n = Number(param);
  return ORDER_TABS.includes(n as OrderStatus) ? (n as OrderStatus) : 'all';
}

/**
 * The Order tab: the shop's orders by status (each tab with its count), newest first, pulled to
 * refresh and loaded as the list scrolls. An order awaiting pickup is picked up on its own or with
 * others (ticked, or all those shown), with the payment password; the sheet then says what was
 * picked up and what could not be. A search (order number or product title), a settlement filter
 * and the figures' filters (`sold=1`, `paid=1`, `paid_day=`, `paid_range=`, `refunded=1`,
 * `in_escrow=1`) narrow the list; with one of those the list is what a figure of Home or the finance
 * report is made of, and shows what all its orders add up to. The tab and the filters live in the
 * address, so back, forward and reload keep them, and the figures link to their orders.
 */
export default function OrderScreen() {
  const { t } = useTranslation();
  const statusLabel = useOrderStatusLabel();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('status'));
  const filters = filtersOf(params);
  const filtered = hasFilters(filters);
  const query = useOrders(tab === 'all' ? filters : { ...filters, status: tab });
  const counts = useOrderCount();
  const selection = useSelection();
  const pick = usePickSheet({ onPicked: selection.clear });

  const awaiting: Order[] = (query.data?.pages.flatMap((p) => p.list) ?? []).filter((o) => o.status === 5);
  const ticked = awaiting.filter((o) => selection.selected.has(o.id));
  const refresh = () => Promise.all([query.refetch(), counts.refetch()]);

  const choose = (next: OrderTab) => {
    const p = new URLSearchParams(params);
    if (next === 'all') p.delete('status');
    else p.set('status', String(next));
    setParams(p, { replace: true, preventScrollReset: true });
    selection.clear();
  };

  const filter = (next: Partial<Record<'keyword' | 'settlement' | ChipFilter, string | undefined>>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v === undefined) p.delete(k);
      else p.set(k, v);
    }
    setParams(p, { replace: true, preventScrollReset: true });
    selection.clear();
  };
  const clearFilters = () =>
    filter({
      keyword: undefined,
      settlement: undefined,
      sold: undefined,
      paid_day: undefined,
      paid: undefined,
      paid_range: undefined,
      refunded: undefined,
      in_escrow: undefined,
    });
  const sums = query.data?.pages[0]?.sums;

  const pickMany = () => {
    const chosen = ticked.length > 0 ? ticked : awaiting;
    // The list is newest first; pick_batch goes in the order given until the balance runs out, so
    // the orders that have waited longest go first. One call takes at most MAX_PICK_BATCH.
    pick.open({ mode: 'batch', orders: [...chosen].reverse().slice(0, MAX_PICK_BATCH) });
  };

  return (
    <Page
      title={t('routes.order')}
      back={false}
      right={<RefreshButton onRefresh={() => void refresh()} busy={query.isRefetching} />}
    >
      <StatusTabs value={tab} onChange={choose} counts={counts.data} />
      <OrderFilters filters={filters} onChange={filter} />
      <div className={list.toolbar}>
        <Link to={orderPaths.refundRequest} className={ui.link}>
          {t('routes.refundRequest')}
        </Link>
      </div>
      <Refreshable onRefresh={refresh}>
        {sums && <OrderSums sums={sums} />}
        <InfiniteList
          query={query}
          empty={
            filtered ? (
              <>
                {t('orders.filter.none')}
                <button type="button" className={ui.secondaryButton} onClick={clearFilters}>
                  {t('orders.filter.clear')}
                </button>
              </>
            ) : tab === 'all' ? (
              t('orders.empty')
            ) : (
              t('orders.emptyStatus', { status: statusLabel(tab) })
            )
          }
        >
          {(rows) => (
            <ul className={list.cards}>
              {rows.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  selected={selection.selected.has(order.id)}
                  onToggle={() => selection.toggle(order.id)}
                  onPick={() => pick.open({ mode: 'one', order })}
                  busy={pick.isOpen}
                />
              ))}
            </ul>
          )}
        </InfiniteList>
      </Refreshable>
      {awaiting.length > 0 && (
        <fieldset className={`${list.selectionBar} ${styles.aboveTabBar}`} data-testid="pick-bar">
          <legend className="visually-hidden">{t('orders.pickAllLegend')}</legend>
          <label className={list.selectAll}>
            <input
              type="checkbox"
              checked={ticked.length === awaiting.length}
              onChange={() => selection.toggleAll(awaiting.map((o) => o.id))}
            />
            {t('orders.selectAll')}
          </label>
          <span className={list.selectionCount} aria-live="polite">
            {t('orders.selected', { count: ticked.length })}
          </span>
          <button type="button" className={list.smallPrimary} onClick={pickMany} disabled={pick.isOpen}>
            {ticked.length > 0
              ? t('orders.pickSelected', { count: ticked.length })
              : t('orders.pickAll', { count: awaiting.length })}
          </button>
        </fieldset>
      )}
      {pick.sheet}
    </Page>
  );
}
