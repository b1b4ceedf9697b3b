import type { MerInfo } from '@dropdesk/contract/account';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../../components/LazyImage';
import ui from '../../../components/ui.module.css';
import styles from './shop.module.css';

/** The storefront's address of a shop: the buyers' page the server serves under /s/. */
export const storefrontUrl = (merchantId: number) => `/s/${merchantId}`;

/** The shop at a glance (logo, name, welcome) and a link to its page as buyers see it. */
export function ShopPreview({ merinfo }: { merinfo: MerInfo }) {
  const { t } = useTranslation();
  const hint = useId();
  const { shop } = merinfo;
  return (
    <section className={`${ui.card} ${styles.preview}`} aria-label={shop.name} data-testid="shop-preview">
      <LazyImage src={shop.logo_url} alt={t('shop.logo')} width={56} height={56} className={styles.logo} />
      <div className={styles.previewText}>
        <p className={styles.shopName}>{shop.name}</p>
        {shop.welcome && <p className={ui.hint}>{shop.welcome}</p>}
        <a
          className={styles.previewLink}
          href={storefrontUrl(merinfo.id)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={hint}
        >
          {t('shop.preview')}
        </a>
        <p id={hint} className="visually-hidden">
          {t('shop.previewHint')}
        </p>
      </div>
    </section>
  );
}
