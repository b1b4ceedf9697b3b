import type { DataOf } from '@dropdesk/contract/route';
import type { storeRoutes } from '@dropdesk/contract/store';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Failure, isNotFound, Loading, useFailureText } from '../../components/Failure';
import { NotFound } from '../../components/NotFound';
import { api } from '../../lib/api';
import { followShop } from '../../lib/i18n';
import { safeLink } from '../../lib/links';
import { useBuyer } from '../../lib/session';
import { save } from '../../lib/storage';
import { useTitle } from '../../lib/title';
import { useLoad } from '../../lib/use-load';
import { recordVisit } from '../../lib/visitor';
import { ProductGrid } from './ProductGrid';

type Shop = DataOf<typeof storeRoutes.shop>;

/**
 * `/s/<shop>`: the shop's banner, logo, name, welcome and figures, what it says of itself
 * (introduction, social links, advertisement banner), and its on-shelf products.
 */
export default function ShopPage({ id }: { id: string }) {
  const { i18n } = useTranslation();
  const valid = /^[1-9]\d{0,14}$/.test(id);
  const buyer = useBuyer();
  const shop = useLoad(
    (signal) => (valid ? api('shop', { query: { shop: id }, signal }) : Promise.reject(new Error('id'))),
    [id, buyer?.token],
  );
  useEffect(() => {
    if (!valid) return;
    recordVisit(Number(id));
    save('shop', id);
  }, [id, valid]);
  // The shop's own language, unless the buyer chose one (lib/lang.ts; the landing already did it).
  const shopLang = shop.data?.lang;
  useEffect(() => {
    if (valid && shopLang) void followShop(id, shopLang);
  }, [id, valid, shopLang]);
  useTitle(shop.data?.name);
  if (!valid || isNotFound(shop.error)) return <NotFound />;
  if (shop.error) return <Failure error={shop.error} retry={shop.reload} page />;
  if (!shop.data) return <Loading />;
  return (
    <>
      <ShopHead shop={shop.data} onChange={shop.setData} />
      <ShopAbout shop={shop.data} />
      {/* Drawn anew in another language: the titles are the catalogue's, in the reader's language. */}
      <ProductGrid key={`${id} ${i18n.language}`} shop={id} />
    </>
  );
}

function ShopHead({ shop, onChange }: { shop: Shop; onChange: (shop: Shop) => void }) {
  const { t } = useTranslation();
  const buyer = useBuyer();
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const serviceLink = safeLink(shop.service_link);
  const follow = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api('follow', { body: { shop: shop.id, follow: !shop.following } });
      onChange({ ...shop, following: res.following, followers: res.followers });
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="page" aria-labelledby="shop-name">
      {shop.banner_url && (
        <img className="banner" src={shop.banner_url} alt="" width={1200} height={400} fetchPriority="high" />
      )}
      <div className="shop-head">
        {shop.logo_url ? (
          <img className="logo" src={shop.logo_url} alt="" width={64} height={64} />
        ) : (
          <span className="logo" aria-hidden="true" />
        )}
        <div>
          <h1 id="shop-name">{shop.name}</h1>
          <ul className="stats">
            <li>{t('shop.followers', { count: shop.followers })}</li>
            <li>
              {shop.rating === null
                ? t('shop.noRating')
                : t('shop.rating', { rating: shop.rating.toFixed(1), count: shop.ratings })}
            </li>
          </ul>
        </div>
      </div>
      {shop.closed && (
        <p className="notice error" role="status">
          {t('shop.closed')}
        </p>
      )}
      {shop.welcome && <p className="desc">{shop.welcome}</p>}
      <div className="actions">
        {buyer ? (
          <button
            type="button"
            className={shop.following ? 'btn' : 'btn primary'}
            aria-pressed={shop.following}
            disabled={busy}
            onClick={follow}
          >
            {shop.following ? t('shop.following') : t('shop.follow')}
          </button>
        ) : (
          <Link href={`/login?next=${encodeURIComponent(`/${shop.id}`)}`} className="btn primary">
            {t('shop.signInToFollow')}
          </Link>
        )}
        {serviceLink && (
          <a className="btn" href={serviceLink} target="_blank" rel="noopener noreferrer">
            {t('shop.contact')}
            <span className="sr"> {t('shop.newTab')}</span>
          </a>
        )}
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/**
 * What the shop says of itself: its introduction (text, line breaks kept), its Twitter and Google
 * links (https only, opened in a new tab without giving it this page: `noopener noreferrer`), and
 * its advertisement banner (4:1).
 */
function ShopAbout({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const links = [
    { key: 'twitter', label: t('shop.twitter'), href: safeLink(shop.twitter) },
    { key: 'google', label: t('shop.google'), href: safeLink(shop.google) },
  ].filter((link) => link.href !== null);
  return (
    <>
      {(shop.intro || links.length > 0) && (
        <section className="page" aria-labelledby="shop-about">
          <h2 id="shop-about">{t('shop.about')}</h2>
          {shop.intro && <p className="desc">{shop.intro}</p>}
          {links.length > 0 && (
            <ul className="links" aria-label={t('shop.links')}>
              {links.map((link) => (
                <li key={link.key}>
                  <a href={link.href ?? undefined} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="sr"> {t('shop.newTab')}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {shop.ad_banner_url && (
        <img
          className="ad-banner"
          src={shop.ad_banner_url}
          alt={t('shop.adAlt', { name: shop.name })}
          width={1200}
          height={300}
          loading="lazy"
        />
      )}
    </>
  );
}
