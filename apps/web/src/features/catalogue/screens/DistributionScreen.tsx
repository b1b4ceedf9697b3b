import { CATALOGUE_SORTS, type CatalogueSort } from '@dropdesk/contract/catalogue';
import { formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { useSelection } from '../../../components/selection';
import ui from '../../../components/ui.module.css';
import { confirm } from '../../../lib/dialog';
import { currentLang } from '../../../lib/i18n';
import { messageOf } from '../../../lib/messages';
import { toast } from '../../../lib/toast';
import { useAddAll } from '../api/add-all';
import { useAddAllHot } from '../api/add-all-hot';
import { useAddProducts } from '../api/add-products';
import { useCategories } from '../api/get-categories';
import { useHot } from '../api/get-hot';
import { useShopCounts } from '../api/get-listings';
import { type CatalogueItem, type ProductFilters, useProducts } from '../api/get-products';
import { type CategoryChoice, CategoryTabs, categoryName } from '../components/CategoryTabs';
import styles from '../components/catalogue.module.css';
import { useShowDistributeResult } from '../components/distribute-result';
import { Figures, ProductTitle } from '../components/Figures';
import { SearchBox } from '../components/SearchBox';
import { Thumb } from '../components/Thumb';
import { cataloguePaths, productPath } from '../paths';

type Selection = ReturnType<typeof useSelection>;

function ProductCard({ item, selection }: { item: CatalogueItem; selection: Selection }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const title = item.title || t('catalogue.noTitle');
  return (
    <li className={styles.card} data-testid="product-card">
      <label className={styles.check}>
        <input
          className={list.tick}
          type="checkbox"
          checked={selection.selected.has(item.id)}
          // Already in the shop: nothing to distribute (the server would skip it).
          disabled={item.listed}
          onChange={() => selection.toggle(item.id)}
          aria-label={t('catalogue.select', { title })}
        />
      </label>
      <Thumb image={item.image} alt={title} />
      <div className={list.info}>
        <Link to={productPath(item.id)} className={list.title}>
          <ProductTitle title={item.title} />
        </Link>
        {item.listed && (
          <span className={list.badges}>
            <span className={list.badge} data-tone="ok" data-testid="listed">
              {t('catalogue.listed')}
            </span>
          </span>
        )}
        <Figures cost={item.cost} price={item.price} profit={item.profit} />
        <p className={ui.hint}>
          {t('catalogue.stockSales', {
            stock: formatNumber(item.stock, lang),
            sales: formatNumber(item.sales, lang),
          })}
        </p>
      </div>
    </li>
  );
}

function Cards({ rows, selection }: { rows: CatalogueItem[]; selection: Selection }) {
  return (
    <ul className={list.cards}>
      {rows.map((item) => (
        <ProductCard key={item.id} item={item} selection={selection} />
      ))}
    </ul>
  );
}

function SearchResults({ filters, selection }: { filters: ProductFilters; selection: Selection }) {
  const { t } = useTranslation();
  return (
    <InfiniteList
      query={useProducts(filters)}
      empty={
        filters.keyword ? t('catalogue.noMatch', { keyword: filters.keyword }) : t('catalogue.noProducts')
      }
    >
      {(rows) => <Cards rows={rows} selection={selection} />}
    </InfiniteList>
  );
}

function HotProducts({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  return (
    <InfiniteList query={useHot()} empty={t('catalogue.noHot')}>
      {(rows) => <Cards rows={rows} selection={selection} />}
    </InfiniteList>
  );
}

const isSort = (v: string | null): v is CatalogueSort => CATALOGUE_SORTS.includes(v as CatalogueSort);

/**
 * The distribution centre: the supplier catalogue by search and category, each product priced at
 * the merchant's margin and marked when already listed; distribute the selected products, all that
 * the category or search matches, or the hot ones in one click. Filters live in the address
 * (`?q=&cat=&sort=`), so coming back from a product's detail finds the same list.
 */
export default function DistributionScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selection = useSelection();
  const categories = useCategories();
  const counts = useShopCounts();
  const add = useAddProducts();
  const addAll = useAddAll();
  const addHot = useAddAllHot();
  const showResult = useShowDistributeResult();

  const keyword = params.get('q') ?? '';
  const cat = params.get('cat');
  const choice: CategoryChoice = cat === 'hot' ? 'hot' : cat && /^\d{1,15}$/.test(cat) ? Number(cat) : 'all';
  const sortParam = params.get('sort');
  const sort: CatalogueSort = isSort(sortParam) ? sortParam : 'newest';
  const categoryId = typeof choice === 'number' ? choice : undefined;
  const filters: ProductFilters = {
    sort,
    ...(keyword ? { keyword } : {}),
    ...(categoryId !== undefined ? { category_id: categoryId } : {}),
  };

  const update = (next: { q?: string; cat?: CategoryChoice; sort?: CatalogueSort }) => {
    const p = new URLSearchParams(params);
    const set = (name: string, value: string | undefined) => (value ? p.set(name, value) : p.delete(name));
    if (next.q !== undefined) set('q', next.q);
    if (next.cat !== undefined) set('cat', next.cat === 'all' ? undefined : String(next.cat));
    if (next.sort !== undefined) set('sort', next.sort === 'newest' ? undefined : next.sort);
    setParams(p, { replace: true, preventScrollReset: true });
    selection.clear();
  };

  const busy = add.isPending || addAll.isPending || addHot.isPending;
  const tree = categories.data ?? [];

  const distributeSelected = async () => {
    if (selection.ids.length === 0) {
      toast.fail(messageOf('SELECT_PRODUCT'));
      return;
    }
    try {
      const result = await add.mutateAsync(selection.ids);
      selection.clear();
      await showResult(result);
    } catch {
      // Told by the call's toast; the lists were refreshed either way.
    }
  };

  const distributeAll = async () => {
    const category = categoryId !== undefined ? categoryName(tree, categoryId) : undefined;
    const question = keyword
      ? category
        ? t('catalogue.ask.distributeAllSearchCategory', { keyword, category })
        : t('catalogue.ask.distributeAllSearch', { keyword })
      : category
        ? t('catalogue.ask.distributeAllCategory', { category })
        : t('catalogue.ask.distributeAll');
    const yes = await confirm({
      content: question,
      confirmText: t('catalogue.distribute'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    try {
      const result = await addAll.mutateAsync({
        ...(keyword ? { keyword } : {}),
        ...(categoryId !== undefined ? { category_id: categoryId } : {}),
      });
      selection.clear();
      await showResult(result);
    } catch {
      // Told by the call's toast.
    }
  };

  const distributeHot = async () => {
    const yes = await confirm({
      content: t('catalogue.ask.distributeHot'),
      confirmText: t('catalogue.distribute'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    try {
      const result = await addHot.mutateAsync();
      selection.clear();
      await showResult(result);
    } catch {
      // Told by the call's toast.
    }
  };

  return (
    <Page title={t('routes.distribution')} tabRoot={cataloguePaths.product}>
      <SearchBox
        value={keyword}
        label={t('catalogue.searchProducts')}
        // A search looks through the catalogue: from the hot list it goes back to every category.
        onSearch={(q) => update(choice === 'hot' ? { q, cat: 'all' } : { q })}
      />
      <QueryState query={categories}>
        {(data) => <CategoryTabs tree={data} value={choice} onChange={(c) => update({ cat: c })} />}
      </QueryState>
      <div className={list.toolbar}>
        {choice !== 'hot' && (
          <label className={styles.sort}>
            {t('catalogue.sort')}
            <select value={sort} onChange={(e) => update({ sort: e.target.value as CatalogueSort })}>
              <option value="newest">{t('catalogue.sorts.newest')}</option>
              <option value="price">{t('catalogue.sorts.price')}</option>
              <option value="price_desc">{t('catalogue.sorts.priceDesc')}</option>
              <option value="sales">{t('catalogue.sorts.sales')}</option>
            </select>
          </label>
        )}
        {counts.data && (
          <span data-testid="distribution-quota">
            {t('catalogue.quotaUsed', { used: counts.data.quota.used, total: counts.data.quota.total })}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        {choice !== 'hot' && (
          <button
            type="button"
            className={ui.secondaryButton}
            onClick={() => void distributeAll()}
            disabled={busy}
          >
            {t('catalogue.distributeAll')}
          </button>
        )}
        <button
          type="button"
          className={ui.secondaryButton}
          onClick={() => void distributeHot()}
          disabled={busy}
        >
          {t('catalogue.distributeHot')}
        </button>
      </div>
      {choice === 'hot' ? (
        <HotProducts selection={selection} />
      ) : (
        <SearchResults filters={filters} selection={selection} />
      )}
      <div className={`${list.selectionBar} ${styles.bottomBar}`}>
        <span className={list.selectionCount} aria-live="polite">
          {t('catalogue.selected', { count: selection.selected.size })}
        </span>
        <button
          type="button"
          className={styles.primary}
          onClick={() => void distributeSelected()}
          disabled={busy}
        >
          {t('catalogue.distributeSelected')}
        </button>
      </div>
    </Page>
  );
}
