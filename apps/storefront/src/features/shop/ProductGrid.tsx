import type { DataOf } from '@dropdesk/contract/route';
import type { storeRoutes } from '@dropdesk/contract/store';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Failure, Loading } from '../../components/Failure';
import { Money } from '../../components/Money';
import { api } from '../../lib/api';

type Product = DataOf<typeof storeRoutes.products>['list'][number];
const LIMIT = 20;
/** Products in the first rows get their images at once (the likely LCP); the rest when scrolled to. */
const EAGER = 4;

/** The shop's on-shelf products, recommended first (the server's order), 20 at a time. */
export function ProductGrid({ shop }: { shop: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Product[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` re-runs a failed page on retry
  useEffect(() => {
    const ctl = new AbortController();
    setLoading(true);
    setError(null);
    api('products', { query: { shop, page: String(page), limit: String(LIMIT) }, signal: ctl.signal }).then(
      (res) => {
        if (ctl.signal.aborted) return;
        // A page appends; page 1 (a new shop) replaces.
        setItems((prev) =>
          page === 1 ? res.list : [...prev, ...res.list.filter((p) => !prev.some((q) => q.id === p.id))],
        );
        setTotal(res.total);
        setLoading(false);
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        setError(e);
        setLoading(false);
      },
    );
    return () => ctl.abort();
  }, [shop, page, round]);

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
      {error !== null && <Failure error={error} retry={() => setRound((r) => r + 1)} />}
      {!loading && !error && items.length < total && (
        <p className="actions">
          <button type="button" className="btn block" onClick={() => setPage((n) => n + 1)}>
            {t('shop.more')}
          </button>
        </p>
      )}
    </section>
  );
}
