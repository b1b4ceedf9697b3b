import { MAX_ORDER_QUANTITY } from '@dropdesk/contract/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Failure, isNotFound, Loading } from '../../components/Failure';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { NotFound } from '../../components/NotFound';
import { api } from '../../lib/api';
import { followShop } from '../../lib/i18n';
import { useTitle } from '../../lib/title';
import { useLoad } from '../../lib/use-load';
import { recordVisit } from '../../lib/visitor';

/** `/s/p/<listing id>`: the product's images, price, stock and description, a quantity, Buy. */
export default function ProductPage({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const valid = /^[1-9]\d{0,14}$/.test(id);
  // Asked again in another language: the title and description are the catalogue's, in the reader's.
  const product = useLoad(
    (signal) => (valid ? api('product', { query: { id }, signal }) : Promise.reject(new Error('id'))),
    [id, i18n.language],
  );
  const [quantity, setQuantity] = useState('1');
  const shopId = product.data?.shop_id;
  useEffect(() => {
    if (shopId) recordVisit(shopId);
  }, [shopId]);
  // Shown in its shop's language unless the buyer chose one (lib/lang.ts).
  const shopLang = product.data?.shop_lang;
  useEffect(() => {
    if (shopId && shopLang) void followShop(shopId, shopLang);
  }, [shopId, shopLang]);
  useTitle(product.data?.title);
  if (!valid || isNotFound(product.error)) return <NotFound />;
  if (product.error) return <Failure error={product.error} retry={product.reload} page />;
  const p = product.data;
  if (!p) return <Loading />;
  const max = Math.max(1, Math.min(p.stock, MAX_ORDER_QUANTITY));
  const images = p.images.length > 0 ? p.images : p.image ? [p.image] : [];
  return (
    <article className="page">
      {/* The gallery scrolls sideways: it takes focus, so a keyboard can scroll it too (axe). */}
      {images.length > 0 && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
        <ul className="gallery" aria-label={t('product.images')} tabIndex={0}>
          {images.map((img, i) => (
            <li key={img.url}>
              <img
                src={img.url}
                alt={t('product.imageAlt', { title: p.title, n: i + 1, of: images.length })}
                width={img.width}
                height={img.height}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <h1>{p.title}</h1>
      <p className="price">
        <Money value={p.price} />
      </p>
      <p className="muted">
        {p.stock > 0 ? t('product.stock', { count: p.stock }) : t('product.soldOut')} ·{' '}
        {t('shop.sold', { count: p.sales })}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          navigate(`/checkout/${p.id}?q=${encodeURIComponent(quantity)}`);
        }}
      >
        <Field name="quantity" label={t('checkout.quantity')} hint={t('checkout.quantityHint', { max })}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              required
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="btn primary block" disabled={p.stock < 1}>
          {p.stock > 0 ? t('product.buy') : t('product.soldOut')}
        </button>
      </form>
      {p.description && (
        <>
          <h2>{t('product.description')}</h2>
          <p className="desc">{p.description}</p>
        </>
      )}
      <p>
        <Link href={`/${p.shop_id}`}>{t('product.backToShop')}</Link>
      </p>
    </article>
  );
}
