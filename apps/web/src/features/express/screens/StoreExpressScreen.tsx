import { buyTrainBody, EXPRESS_DAY_MS } from '@dropdesk/contract/express';
import { formatDate, formatNumber } from '@dropdesk/web-kit/format';
import { useQueryClient } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/Amount';
import { FormPayPassword } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { InfiniteList } from '../../../components/InfiniteList';
import { LazyImage } from '../../../components/LazyImage';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import sheet from '../../../components/sheet.module.css';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { currentLang } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { expressKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useBuyTrain } from '../api/buy-train';
import { type ShelfListing, useShelf } from '../api/get-shelf';
import { type ExpressPackage, useTrain } from '../api/get-train';
import styles from '../components/express.module.css';

/** The payment password sheet: pays the package from the balance and features the chosen listings. */
function PayForm({
  pkg,
  listingIds,
  onDone,
  onCancel,
}: {
  pkg: ExpressPackage;
  listingIds: number[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const buy = useBuyTrain();
  const form = useContractForm(buyTrainBody, {
    defaultValues: { id: pkg.id, pay_password: '', listing_ids: listingIds },
  });
  // One key per attempt (as the level upgrade): a retry after an answer that never came sends the same
  // body with the same key and gets the first answer; a refusal is an answer, so the next try is new.
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  const refusedWith = form.formState.errors.root?.server?.type;
  const productsError = form.formState.errors.listing_ids?.message;

  const onSubmit = form.submit(async (body) => {
    const sig = JSON.stringify(body);
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: crypto.randomUUID() };
    try {
      const { purchase } = await buy.mutateAsync({ body, idempotencyKey: attempt.current.key });
      toast.success(t('express.bought', { date: formatDate(purchase.ends_at, lang) }));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'refused') attempt.current = null;
      form.setValue('pay_password', '');
      throw error;
    }
  });

  // What the merchant will see once bought: the end as of now, the server's clock decides.
  const endsBy = new Date(Date.now() + pkg.days * EXPRESS_DAY_MS).toISOString();
  return (
    <form className={sheet.form} onSubmit={onSubmit} noValidate aria-labelledby="pay-title">
      <h2 id="pay-title" className={sheet.formTitle}>
        {t('express.payTitle', { name: pkg.name })}
      </h2>
      <dl className={styles.summary}>
        <dt>{t('express.products')}</dt>
        <dd data-testid="pay-products">{formatNumber(listingIds.length, lang)}</dd>
        <dt>{t('express.until')}</dt>
        <dd>{formatDate(endsBy, lang, false)}</dd>
        <dt>{t('express.price')}</dt>
        <dd data-testid="pay-price">
          <Amount value={pkg.price} />
        </dd>
      </dl>
      {productsError && (
        <p className={ui.error} role="alert">
          {productsError}
        </p>
      )}
      <FormPayPassword
        control={form.control}
        name="pay_password"
        label={t('express.payPassword')}
        testId="express-pay-password"
      />
      <SubmitBar control={form.control} label={t('express.pay')} />
      {refusedWith === 'PACKAGE_BALANCE_SHORT' && (
        <Link className={ui.link} to={paths.recharge}>
          {t('express.topUp')}
        </Link>
      )}
      {refusedWith === 'PAY_PASSWORD_NOT_SET' && (
        <Link className={ui.link} to={paths.setPaypwd}>
          {t('routes.setPaypwd')}
        </Link>
      )}
      <button type="button" className={ui.link} onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

/** One package as a radio card: name, days, products, price. */
function PackageOption({
  pkg,
  checked,
  onChoose,
}: {
  pkg: ExpressPackage;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <label className={styles.option} data-testid="package">
        <input type="radio" name="package" checked={checked} onChange={onChoose} />
        <span className={styles.optionBody}>
          <span className={styles.name}>{pkg.name}</span>
          <span className={styles.meta}>
            {t('express.days', { count: pkg.days })} · {t('express.upTo', { count: pkg.product_count })}
          </span>
        </span>
        <span className={styles.price}>
          <Amount value={pkg.price} />
        </span>
      </label>
    </li>
  );
}

/** One on-shelf listing as a checkbox; one featured now can't be chosen again. */
function ListingOption({
  listing,
  checked,
  full,
  onToggle,
}: {
  listing: ShelfListing;
  checked: boolean;
  full: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const title = listing.title || t('express.noTitle');
  return (
    <li>
      <label className={styles.option} data-testid="shelf-listing">
        <input
          type="checkbox"
          checked={checked}
          disabled={listing.recommended || (full && !checked)}
          onChange={onToggle}
        />
        <LazyImage
          src={listing.image?.url}
          alt=""
          width={listing.image?.width ?? 56}
          height={listing.image?.height ?? 56}
          style={{ width: 56, height: 56 }}
          className={list.thumb}
        />
        <span className={styles.optionBody}>
          <span className={styles.productTitle}>{title}</span>
          <span className={styles.meta}>
            <Amount value={listing.price} />
            {listing.recommended && (
              <>
                {' '}
                <span className={list.badge} data-tone="info">
                  {t('express.featuredNow')}
                </span>
              </>
            )}
          </span>
        </span>
      </label>
    </li>
  );
}

/** The products to feature: the shop's on-shelf listings, up to the package's count. */
function ProductPicker({
  pkg,
  chosen,
  onChange,
}: {
  pkg: ExpressPackage;
  chosen: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const full = chosen.length >= pkg.product_count;
  const toggle = (id: number) =>
    onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('express.chooseProducts', { count: pkg.product_count })}</legend>
      <InfiniteList
        query={useShelf(true)}
        empty={
          <>
            {t('express.noShelf')}{' '}
            <Link className={ui.link} to={paths.distribution}>
              {t('routes.distribution')}
            </Link>
          </>
        }
      >
        {(rows) => (
          <ul className={styles.options}>
            {rows.map((l) => (
              <ListingOption
                key={l.id}
                listing={l}
                checked={chosen.includes(l.id)}
                full={full}
                onToggle={() => toggle(l.id)}
              />
            ))}
          </ul>
        )}
      </InfiniteList>
    </fieldset>
  );
}

function Express() {
  const { t } = useTranslation();
  const lang = currentLang();
  const train = useTrain();
  const [pkgId, setPkgId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [paying, setPaying] = useState(false);
  const pkg = train.data?.list.find((p) => p.id === pkgId) ?? null;

  const choose = (id: number) => {
    setPkgId(id);
    const next = train.data?.list.find((p) => p.id === id);
    // A smaller package keeps the first of the products already chosen.
    if (next) setChosen((ids) => ids.slice(0, next.product_count));
  };

  return (
    <>
      <QueryState query={train}>
        {(info) => (
          <>
            <p className={styles.intro}>{t('express.intro')}</p>
            <p className={styles.intro} data-testid="featured-now">
              <span className={styles.featured}>{t('express.featuredCount', { count: info.featured })}</span>
            </p>
            {info.list.length === 0 ? (
              <p className={ui.center}>{t('express.noPackages')}</p>
            ) : (
              <fieldset className={styles.group}>
                <legend className={styles.legend}>{t('express.choosePackage')}</legend>
                <ul className={styles.options}>
                  {info.list.map((p) => (
                    <PackageOption
                      key={p.id}
                      pkg={p}
                      checked={p.id === pkgId}
                      onChoose={() => choose(p.id)}
                    />
                  ))}
                </ul>
              </fieldset>
            )}
          </>
        )}
      </QueryState>
      {pkg && (
        <>
          <ProductPicker pkg={pkg} chosen={chosen} onChange={setChosen} />
          <div className={styles.payBar}>
            <span role="status" data-testid="chosen">
              {t('express.chosen', {
                chosen: formatNumber(chosen.length, lang),
                total: formatNumber(pkg.product_count, lang),
              })}
            </span>
            <button
              type="button"
              className={ui.button}
              disabled={chosen.length === 0}
              onClick={() => setPaying(true)}
            >
              {t('express.buy')}
            </button>
          </div>
          <Popup
            visible={paying}
            onMaskClick={() => setPaying(false)}
            destroyOnClose
            bodyClassName={sheet.sheet}
          >
            <div role="dialog" aria-label={t('express.payTitle', { name: pkg.name })}>
              <PayForm
                pkg={pkg}
                listingIds={chosen}
                onCancel={() => setPaying(false)}
                onDone={() => {
                  setPaying(false);
                  setChosen([]);
                  setPkgId(null);
                }}
              />
            </div>
          </Popup>
        </>
      )}
    </>
  );
}

/**
 * The shop express lane: the packages on sale, the products to feature (on-shelf listings, up to the
 * package's count; one featured now can't be chosen), paid with the payment password. A purchase
 * puts them first in the storefront, marked recommended, until it ends: visibility, never orders.
 */
export default function StoreExpressScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      await queryClient.invalidateQueries({ queryKey: expressKeys.all });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page
      title={t('routes.storeExpress')}
      right={<RefreshButton onRefresh={() => void refresh()} busy={busy} />}
    >
      <p className={ui.links}>
        <Link className={ui.link} to={paths.buyTrainBill}>
          {t('routes.buyTrainBill')}
        </Link>
      </p>
      <Refreshable onRefresh={refresh}>
        <Express />
      </Refreshable>
    </Page>
  );
}
