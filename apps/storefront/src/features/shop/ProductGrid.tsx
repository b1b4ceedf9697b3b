import type { DataOf } from '@dropdesk/contract/route';
import type { storeRoutes } from '@dropdesk/contract/store';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Failure, Loading } from '../../components/Failure';
import { Money } from '../../components/Money';
import { api } from '../../lib/api';
import { usePages } from '../../lib/use-load';
import { productsQuery } from './query';

type Product = DataOf<typeof storeRoutes.products>['list'][number];
/** Products in the first rows get their images at once (the likely LCP); the rest when scrolled to. */
const EAGER = 4;

/** The shop's on-shelf products, recommended first (the server's order), 20 at a time. */
export function ProductGrid({ shop }: { shop: string }) {
  const { t } = useTranslation();
  const { items, total, loading, error, retry, more, hasMore } = usePages<Product>(
    (page, signal) => api('products', { query: productsQuery(shop, page), signal }),
    [shop],
  );

  return (
    <section aria-labelledby="products-title">
      <h2 id="products-title">{t('shop.products', { count: total })}</h2>
      {items.length > 0 && (
        <ul className="grid" aria-labelledby="products-title">
          {items.map((p, i) => (
            <li key={p.id}>
              <Link href={`/p/${p.id}`} className="item">
                {p.image ? (
                  <img
                    src={p.image.url}
                    alt=""
                    width={p.image.width}
                    height={p.image.height}
                    loading={i < EAGER ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                ) : (
                  <span className="noimg" aria-hidden="true" />
                )}
                <div>
                  <p className="title">{p.title}</p>
                  <span className="price">
                    <Money value={p.price} />
                  </span>
                  <p className="muted">
                    {p.recommended && <span className="badge">{t('shop.recommended')}</span>}{' '}
                    {p.stock > 0 ? t('shop.sold', { count: p.sales }) : t('product.soldOut')}
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!loading && !error && items.length === 0 && <p className="notice">{t('shop.empty')}</p>}
      {loading && <Loading />}
      {error !== null && <Failure error={error} retry={retry} />}
      {hasMore && (
        <p className="actions">
          <button type="button" className="btn block" onClick={more}>
            {t('shop.more')}
          </button>
        </p>
      )}
    </section>
  );
}
