import { formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { useSelection } from '../../../components/selection';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { type Listing, type ListingFilter, useListings } from '../api/get-listings';
import styles from '../components/catalogue.module.css';
import { Figures, ProductTitle } from '../components/Figures';
import { FilterChips } from '../components/FilterChips';
import { ListingBadges } from '../components/ListingBadges';
import { Quota } from '../components/Quota';
import { SearchBox } from '../components/SearchBox';
import { useShelfActions } from '../components/shelf-actions';
import { Thumb } from '../components/Thumb';
import { cataloguePaths, listingPath } from '../paths';

type Selection = ReturnType<typeof useSelection>;
type Actions = ReturnType<typeof useShelfActions>;

function ListingRow({ row, selection, actions }: { row: Listing; selection: Selection; actions: Actions }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const title = row.title || t('catalogue.noTitle');
  return (
    <li className={styles.card} data-testid="listing">
      <label className={styles.check}>
        <input
          className={list.tick}
          type="checkbox"
          checked={selection.selected.has(row.id)}
          onChange={() => selection.toggle(row.id)}
          aria-label={t('catalogue.select', { title })}
        />
      </label>
      <Thumb image={row.image} alt={title} />
      <div className={list.info}>
        <Link to={listingPath(row.id)} className={list.title}>
          <ProductTitle title={row.title} />
        </Link>
        <ListingBadges
          status={row.status}
          unsellableReason={row.unsellable_reason}
          recommended={row.recommended}
        />
        <Figures cost={row.cost} price={row.price} profit={row.profit} />
        <p className={ui.hint}>
          {t('catalogue.listingStats', {
            stock: formatNumber(row.stock, lang),
            views: formatNumber(row.views, lang),
            sales: formatNumber(row.sales, lang),
          })}
        </p>
        <div className={styles.rowActions}>
          {row.status === 'selling' ? (
            <button
              type="button"
              className={list.smallButton}
              disabled={actions.busy}
              onClick={() =>
                void actions.shelve([row.id], 'warehouse', t('catalogue.ask.offShelfItem', { title }))
              }
            >
              {t('catalogue.offShelf')}
            </button>
          ) : (
            <button
              type="button"
              className={list.smallButton}
              disabled={actions.busy}
              onClick={() =>
                void actions.shelve([row.id], 'selling', t('catalogue.ask.onShelfItem', { title }))
              }
            >
              {t('catalogue.onShelf')}
            </button>
          )}
          <button
            type="button"
            className={list.smallDanger}
            disabled={actions.busy}
            onClick={() => void actions.remove([row.id], t('catalogue.ask.removeItem', { title }))}
          >
            {t('catalogue.remove')}
          </button>
        </div>
      </div>
    </li>
  );
}

const FILTERS: readonly ListingFilter[] = ['all', 'selling', 'warehouse'];
const isFilter = (v: string | null): v is ListingFilter => FILTERS.includes(v as ListingFilter);

/**
 * Product management: the shop's listings, all / selling / in the warehouse, by keyword; each with
 * its prices, stock, views and sales, and why it can't be sold when it can't. On shelf, off shelf
 * and remove, one at a time or for a selection, each confirmed first. Filters live in the address.
 */
export default function GoodsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selection = useSelection();
  const actions = useShelfActions();
  const statusParam = params.get('status');
  const status: ListingFilter = isFilter(statusParam) ? statusParam : 'all';
  const keyword = params.get('q') ?? '';
  const query = useListings({ status, ...(keyword ? { keyword } : {}) });
  const counts = query.data?.pages[0]?.counts;
  const loaded = query.data?.pages.flatMap((p) => p.list.map((l) => l.id)) ?? [];

  const update = (next: { status?: ListingFilter; q?: string }) => {
    const p = new URLSearchParams(params);
    if (next.status !== undefined) next.status === 'all' ? p.delete('status') : p.set('status', next.status);
    if (next.q !== undefined) next.q ? p.set('q', next.q) : p.delete('q');
    setParams(p, { replace: true, preventScrollReset: true });
    selection.clear();
  };

  const n = selection.selected.size;
  const batch = async (run: () => Promise<boolean>) => {
    if (await run()) selection.clear();
  };

  return (
    <Page title={t('routes.goods')} tabRoot={cataloguePaths.product}>
      <FilterChips<ListingFilter>
        legend={t('catalogue.shelf')}
        value={status}
        onChange={(s) => update({ status: s })}
        chips={[
          { key: 'all', value: 'all', label: t('catalogue.filter.all') },
          {
            key: 'selling',
            value: 'selling',
            label: counts
              ? t('catalogue.filter.sellingCount', { n: counts.selling })
              : t('catalogue.status.selling'),
          },
          {
            key: 'warehouse',
            value: 'warehouse',
            label: counts
              ? t('catalogue.filter.warehouseCount', { n: counts.warehouse })
              : t('catalogue.status.warehouse'),
          },
        ]}
      />
      <SearchBox value={keyword} label={t('catalogue.searchListings')} onSearch={(q) => update({ q })} />
      {counts && <Quota used={counts.quota.used} total={counts.quota.total} />}
      <InfiniteList
        query={query}
        empty={
          keyword
            ? t('catalogue.noMatch', { keyword })
            : status === 'selling'
              ? t('catalogue.noSelling')
              : status === 'warehouse'
                ? t('catalogue.noWarehouse')
                : t('catalogue.noListings')
        }
      >
        {(rows) => (
          <ul className={list.cards}>
            {rows.map((row) => (
              <ListingRow key={row.id} row={row} selection={selection} actions={actions} />
            ))}
          </ul>
        )}
      </InfiniteList>
      <fieldset className={`${list.selectionBar} ${styles.bottomBar}`} data-testid="batch-bar">
        <legend className="visually-hidden">{t('catalogue.batch')}</legend>
        <label className={list.selectAll}>
          <input
            type="checkbox"
            checked={loaded.length > 0 && loaded.every((id) => selection.selected.has(id))}
            onChange={() => selection.toggleAll(loaded)}
            disabled={loaded.length === 0}
          />
          {t('catalogue.selectAll')}
        </label>
        <span className={list.selectionCount} aria-live="polite">
          {t('catalogue.selected', { count: n })}
        </span>
        <span className={styles.batchButtons}>
          {(
            [
              [
                t('catalogue.onShelf'),
                list.smallButton,
                () => actions.shelve(selection.ids, 'selling', t('catalogue.ask.onShelf', { count: n })),
              ],
              [
                t('catalogue.offShelf'),
                list.smallButton,
                () => actions.shelve(selection.ids, 'warehouse', t('catalogue.ask.offShelf', { count: n })),
              ],
              [
                t('catalogue.remove'),
                list.smallDanger,
                () => actions.remove(selection.ids, t('catalogue.ask.remove', { count: n })),
              ],
            ] as const
          ).map(([label, className, run]) => (
            <button
              key={label}
              type="button"
              className={className}
              disabled={actions.busy}
              onClick={() => void batch(run)}
            >
              {label}
            </button>
          ))}
        </span>
      </fieldset>
    </Page>
  );
}
