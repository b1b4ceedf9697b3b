import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/Amount';
import { formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import type { Dashboard } from '../api/get-dashboard';
import { homePaths, soldOrdersPath, visitorsPath } from '../paths';
import { longDay } from './dates';
import { type Explained, explainerId } from './Explain';
import styles from './home.module.css';

/** One figure: its label, its value and a line under it; a link or a button to what it is made of. */
function Figure({
  label,
  value,
  sub,
  to,
  onClick,
  id,
  testId,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  to?: string;
  onClick?: () => void;
  /** A button's id: the explanation sheet gives it focus back when it closes. */
  id?: string;
  testId: string;
}) {
  const inner = (
    <>
      <span className={styles.label}>{label}</span>
      <strong className={styles.value}>{value}</strong>
      {sub && <span className={styles.sub}>{sub}</span>}
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={styles.figure} data-testid={testId}>
          {inner}
        </Link>
      ) : (
        <button
          id={id}
          type="button"
          className={styles.figure}
          onClick={onClick}
          aria-haspopup="dialog"
          data-testid={testId}
        >
          {inner}
        </button>
      )}
    </li>
  );
}

/**
 * Home's figures, each a link or a button to what it is made of: the sold orders behind the sales
 * and profit, today's sold orders, the visitors per day, the ratings, and the credit score's and
 * followers' explanations in a sheet.
 */
export function Figures({ data, onExplain }: { data: Dashboard; onExplain: (which: Explained) => void }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const n = (v: number) => formatNumber(v, lang);
  const explain = (which: Explained) => () => onExplain(which);
  const today = soldOrdersPath(data.today);
  const average =
    data.rating.average === null
      ? null
      : new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
          Number(data.rating.average),
        );

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-total">
        <h2 id="home-total" className="visually-hidden">
          {t('home.total.title')}
        </h2>
        <ul className={`${styles.figures} ${styles.heroGrid}`}>
          <Figure
            testId="figure-total-sales"
            label={t('home.total.sales')}
            value={<Amount value={data.total_sales} />}
            sub={t('home.total.orders', { count: data.total_orders, n: n(data.total_orders) })}
            to={soldOrdersPath()}
          />
          <Figure
            testId="figure-total-profit"
            label={t('home.total.profit')}
            value={<Amount value={data.total_profit} />}
            sub={t('home.total.profitSub')}
            to={soldOrdersPath()}
          />
        </ul>
      </section>

      <section className={styles.card} aria-labelledby="home-today">
        <div className={styles.cardHead}>
          <h2 id="home-today" className={styles.cardTitle}>
            {t('home.today.title')}
          </h2>
          <p className={styles.cardNote} data-testid="home-today-date">
            {longDay(data.today, lang)}
          </p>
        </div>
        <ul className={`${styles.figures} ${styles.grid3}`}>
          <Figure
            testId="figure-today-orders"
            label={t('home.today.orders')}
            value={n(data.today_orders)}
            to={today}
          />
          <Figure
            testId="figure-today-sales"
            label={t('home.today.sales')}
            value={<Amount value={data.today_sales} />}
            to={today}
          />
          <Figure
            testId="figure-today-profit"
            label={t('home.today.profit')}
            value={<Amount value={data.today_profit} />}
            to={today}
          />
        </ul>
        <p className={styles.cardFoot}>{t('home.today.estimated')}</p>
      </section>

      <section className={styles.card} aria-labelledby="home-shop">
        <h2 id="home-shop" className={styles.cardTitleAlone}>
          {t('home.shop.title')}
        </h2>
        <ul className={`${styles.figures} ${styles.grid3}`}>
          <Figure
            testId="figure-followers"
            label={t('home.shop.followers')}
            value={n(data.followers)}
            sub={<span className={styles.more}>{t('home.shop.what')}</span>}
            id={explainerId('followers')}
            onClick={explain('followers')}
          />
          <Figure
            testId="figure-rating"
            label={t('home.shop.rating')}
            value={average === null ? '–' : t('home.shop.outOf5', { value: average })}
            sub={
              data.rating.count === 0
                ? t('home.shop.noRatings')
                : t('home.shop.ratings', { count: data.rating.count, n: n(data.rating.count) })
            }
            to={homePaths.ratings}
          />
          <Figure
            testId="figure-credit"
            label={t('home.shop.credit')}
            value={n(data.credit.score)}
            sub={<span className={styles.more}>{t('home.shop.how')}</span>}
            id={explainerId('credit')}
            onClick={explain('credit')}
          />
        </ul>
      </section>

      <section className={styles.card} aria-labelledby="home-visitors">
        <div className={styles.cardHead}>
          <h2 id="home-visitors" className={styles.cardTitle}>
            {t('home.visitors.title')}
          </h2>
          <p className={styles.cardNote}>{t('home.visitors.note')}</p>
        </div>
        <ul className={`${styles.figures} ${styles.grid3}`}>
          <Figure
            testId="figure-visitors-today"
            label={t('home.visitors.today')}
            value={n(data.visitors.today)}
            to={visitorsPath(7)}
          />
          <Figure
            testId="figure-visitors-seven"
            label={t('home.visitors.seven')}
            value={n(data.visitors.seven)}
            to={visitorsPath(7)}
          />
          <Figure
            testId="figure-visitors-thirty"
            label={t('home.visitors.thirty')}
            value={n(data.visitors.thirty)}
            to={visitorsPath(30)}
          />
        </ul>
      </section>
    </>
  );
}
