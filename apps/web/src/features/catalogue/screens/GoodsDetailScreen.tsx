import { formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { useAddProducts } from '../api/add-products';
import { type DetailRef, type ProductDetail, useDetail } from '../api/get-detail';
import styles from '../components/catalogue.module.css';
import { useShowDistributeResult } from '../components/distribute-result';
import { Figures, ProductTitle } from '../components/Figures';
import { Gallery } from '../components/Gallery';
import { ListingBadges } from '../components/ListingBadges';
import { useShelfActions } from '../components/shelf-actions';
import { cataloguePaths } from '../paths';

/** This shop's listing of the product: its state and what can be done with it, or a way to list it. */
function ListingState({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const actions = useShelfActions();
  const add = useAddProducts();
  const showResult = useShowDistributeResult();
  const listing = product.listing;
  const title = product.title || t('catalogue.noTitle');

  if (!listing)
    return (
      <section className={ui.card} aria-labelledby="listing-state" data-testid="listing-state">
        <h2 id="listing-state" className={ui.sectionTitle}>
          {t('catalogue.inYourShop')}
        </h2>
        <p className={ui.hint}>{t('catalogue.notListed')}</p>
        <div className={styles.buttons}>
          <button
            type="button"
            className={ui.button}
            disabled={add.isPending || !product.active}
            onClick={async () => {
              try {
                await showResult(await add.mutateAsync([product.id]));
              } catch {
                // Told by the call's toast.
              }
            }}
          >
            {t('catalogue.distributeThis')}
          </button>
        </div>
      </section>
    );

  return (
    <section className={ui.card} aria-labelledby="listing-state" data-testid="listing-state">
      <h2 id="listing-state" className={ui.sectionTitle}>
        {t('catalogue.inYourShop')}
      </h2>
      <ListingBadges status={listing.status} unsellableReason={listing.unsellable_reason} />
      <p className={ui.hint}>
        {listing.sellable ? t('catalogue.sellable') : t('catalogue.notSellable')} ·{' '}
        {t('catalogue.viewsSales', {
          views: formatNumber(listing.views, lang),
          sales: formatNumber(listing.sales, lang),
        })}
      </p>
      <div className={styles.buttons}>
        {listing.status === 'selling' ? (
          <button
            type="button"
            className={ui.button}
            disabled={actions.busy}
            onClick={() =>
              void actions.shelve([listing.id], 'warehouse', t('catalogue.ask.offShelfItem', { title }))
            }
          >
            {t('catalogue.offShelf')}
          </button>
        ) : (
          <button
            type="button"
            className={ui.button}
            disabled={actions.busy}
            onClick={() =>
              void actions.shelve([listing.id], 'selling', t('catalogue.ask.onShelfItem', { title }))
            }
          >
            {t('catalogue.onShelf')}
          </button>
        )}
        <button
          type="button"
          className={ui.buttonGhost}
          disabled={actions.busy}
          onClick={async () => {
            // The listing is gone: back to the shop's list.
            if (await actions.remove([listing.id], t('catalogue.ask.removeItem', { title })))
              navigate(cataloguePaths.goods, { replace: true });
          }}
        >
          {t('catalogue.remove')}
        </button>
      </div>
    </section>
  );
}

function Detail({ product }: { product: ProductDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <>
      <Gallery images={product.images} title={product.title || t('catalogue.noTitle')} />
      <section className={ui.card}>
        <h2 className={styles.detailTitle} data-testid="detail-title">
          <ProductTitle title={product.title} />
        </h2>
        <Figures cost={product.cost} price={product.price} profit={product.profit} />
        <p className={ui.hint}>
          {t('catalogue.stockSales', {
            stock: formatNumber(product.stock, lang),
            sales: formatNumber(product.sales, lang),
          })}
        </p>
        {!product.active && (
          <p className={ui.error} data-testid="inactive">
            {t('catalogue.inactiveProduct')}
          </p>
        )}
      </section>
      <ListingState product={product} />
      <section className={ui.card} aria-labelledby="description">
        <h2 id="description" className={ui.sectionTitle}>
          {t('catalogue.description')}
        </h2>
        <p className={styles.description}>{product.description || t('catalogue.noDescription')}</p>
      </section>
    </>
  );
}

function DetailOf({ productRef }: { productRef: DetailRef }) {
  return <QueryState query={useDetail(productRef)}>{(product) => <Detail product={product} />}</QueryState>;
}

const idOf = (value: string | null) =>
  value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * A product's detail: a listing (`?id=`, from product management) or a catalogue product
 * (`?product_id=`, from the distribution centre): images, prices, stock, sales, and the listing's
 * state and actions.
 */
export default function GoodsDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const productId = idOf(params.get('product_id'));
  const productRef: DetailRef | null =
    id !== null ? { id } : productId !== null ? { product_id: productId } : null;
  return (
    <Page title={t('routes.goodsDetail')} tabRoot={cataloguePaths.goods}>
      {productRef ? (
        <DetailOf productRef={productRef} />
      ) : (
        <p className={ui.center}>{t('catalogue.noSuchProduct')}</p>
      )}
    </Page>
  );
}
