import { formatDate, formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import { currentLang } from '../../../lib/i18n';
import { type Rating, useRatings } from '../api/get-ratings';
import styles from '../components/home.module.css';
import { homePaths, orderDetailPath } from '../paths';

/** 1–5 stars drawn, and said in words ("4 out of 5 stars"). */
function Stars({ stars }: { stars: number }) {
  const { t } = useTranslation();
  return (
    <span className={styles.stars} role="img" aria-label={t('home.ratings.stars', { count: stars })}>
      {'★'.repeat(stars)}
      <span className={styles.starsOff}>{'★'.repeat(5 - stars)}</span>
    </span>
  );
}

function RatingRow({ rating }: { rating: Rating }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <li className={styles.rating} data-testid="rating">
      <div className={styles.ratingHead}>
        <Stars stars={rating.stars} />
        <time dateTime={rating.rated_at}>{formatDate(rating.rated_at, lang, false)}</time>
      </div>
      {rating.comment.trim() ? (
        <p className={styles.comment}>{rating.comment}</p>
      ) : (
        <p className={styles.noComment}>{t('home.ratings.noComment')}</p>
      )}
      <Link className={styles.product} to={orderDetailPath(rating.order_id)}>
        {t('home.ratings.order', {
          orderNo: rating.order_no,
          title: rating.title || t('home.ratings.noTitle'),
        })}
      </Link>
    </li>
  );
}

/** What Home's rating is made of: each buyer's 1–5 rating and comment, newest first. */
export default function RatingsScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const q = useRatings();
  const total = q.data?.pages[0]?.total;
  return (
    <Page
      title={t('routes.ratings')}
      tabRoot={homePaths.home}
      right={<RefreshButton onRefresh={() => void q.refetch()} busy={q.isRefetching} />}
    >
      <Refreshable onRefresh={() => q.refetch()}>
        {total !== undefined && total > 0 && (
          <p className={styles.total} data-testid="ratings-total">
            {t('home.ratings.total', { count: total, n: formatNumber(total, lang) })}
          </p>
        )}
        <InfiniteList query={q} empty={t('home.ratings.empty')}>
          {(rows) => (
            <ul className={list.cards}>
              {rows.map((r) => (
                <RatingRow key={`${r.order_id}-${r.rated_at}`} rating={r} />
              ))}
            </ul>
          )}
        </InfiniteList>
      </Refreshable>
    </Page>
  );
}
