/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { homePaths, visitorsPath } from '../../features/home/paths';
import { nowPaths, orderFigurePaths } from '../../lib/figures';
import type { Figure as FigureName } from '../model';
import { stylesheets } from '../styles';
import { fill } from '../write';
import { NONE, type View } from './view';

const styles = stylesheets.home;

/**
 * One figure: its label, its value and a line under it; a link to what it is made of, or a button
 * opening its explanation (enabled once there are figures to explain).
 */
function Figure({
  v,
  figure,
  label,
  value,
  sub,
  to,
  explains,
}: {
  v: View;
  figure: FigureName;
  label: string;
  /** A dash until the figures come. */
  value: string | null | undefined;
  /** The line under the value; a space keeps its room. */
  sub?: ComponentChildren;
  to?: string;
  explains?: 'credit' | 'followers';
}) {
  const inner = (
    <>
      <span class={styles.label}>{label}</span>
      <strong class={styles.value} data-value={figure}>
        {value ?? NONE}
      </strong>
      <span class={styles.sub} data-sub={figure}>
        {sub || '\u00a0'}
      </span>
    </>
  );
  const testId = `figure-${figure.replaceAll('_', '-')}`;
  return (
    <li>
      {to ? (
        <a href={to} class={styles.figure} data-testid={testId}>
          {inner}
        </a>
      ) : (
        <button
          type="button"
          class={styles.figure}
          aria-haspopup="dialog"
          data-testid={testId}
          disabled={!v.state.dashboard}
          onClick={(e) => explains && v.on.explain(explains, e.currentTarget)}
        >
          {inner}
        </button>
      )}
    </li>
  );
}

/** All the life of the shop: its sales and its profit. */
function TotalCard({ v }: { v: View }) {
  const { t, w } = v;
  const d = v.state.dashboard;
  const life = orderFigurePaths(null);
  return (
    <section class={styles.hero} aria-labelledby="home-total">
      <h2 id="home-total" class="visually-hidden">
        {t('home.total.title')}
      </h2>
      <ul class={`${styles.figures} ${styles.heroGrid}`}>
        <Figure
          v={v}
          figure="total_sales"
          label={t('figures.sales')}
          value={d && w.amount(d.total_sales)}
          sub={d && w.plural(v.texts.ordersSold, d.total_orders, { n: w.n(d.total_orders) })}
          to={life.sales}
        />
        <Figure
          v={v}
          figure="total_profit"
          label={t('figures.profit')}
          value={d && w.amount(d.total_profit)}
          sub={t('home.total.profitSub')}
          to={life.profit}
        />
      </ul>
    </section>
  );
}

/** Today's: they open the orders paid on the merchant's today (the answer's day, not the phone's). */
function TodayCard({ v }: { v: View }) {
  const { t, w } = v;
  const d = v.state.dashboard;
  const links = orderFigurePaths(d ? { paid_day: d.today } : null);
  return (
    <section class={styles.card} aria-labelledby="home-today">
      <div class={styles.cardHead}>
        <h2 id="home-today" class={styles.cardTitle}>
          {t('home.today.title')}
        </h2>
        <p class={styles.cardNote} data-testid="home-today-date">
          {d && w.day(d.today)}
        </p>
      </div>
      <ul class={`${styles.figures} ${styles.grid3}`}>
        <Figure
          v={v}
          figure="today_orders"
          label={t('figures.orders')}
          value={d && w.n(d.today_orders)}
          to={links.orders}
        />
        <Figure
          v={v}
          figure="today_sales"
          label={t('figures.sales')}
          value={d && w.amount(d.today_sales)}
          to={links.sales}
        />
        <Figure
          v={v}
          figure="today_profit"
          label={t('figures.profit')}
          value={d && w.amount(d.today_profit)}
          to={links.profit}
        />
      </ul>
      <p class={styles.cardFoot}>{t('home.today.estimated')}</p>
    </section>
  );
}

/** Where the money is now (older snapshots have no `now`: its figures wait for the answer). */
function NowCard({ v }: { v: View }) {
  const { t, w } = v;
  const now = v.state.dashboard?.now;
  const count = now?.pending_topups_count ?? 0;
  return (
    <section class={styles.card} aria-labelledby="home-now">
      <h2 id="home-now" class={styles.cardTitleAlone}>
        {t('home.now.title')}
      </h2>
      <ul class={`${styles.figures} ${styles.heroGrid}`}>
        <Figure
          v={v}
          figure="now_in_escrow"
          label={t('figures.inEscrow')}
          value={now && w.amount(now.in_escrow)}
          to={nowPaths.in_escrow}
        />
        <Figure
          v={v}
          figure="now_on_hold"
          label={t('figures.onHold')}
          value={now && w.amount(now.on_hold)}
          to={nowPaths.on_hold}
        />
        <Figure
          v={v}
          figure="now_awaiting_pickup_cost"
          label={t('figures.awaitingPickupCost')}
          value={now && w.amount(now.awaiting_pickup_cost)}
          to={nowPaths.awaiting_pickup_cost}
        />
        <Figure
          v={v}
          figure="now_pending_topups"
          label={t('figures.pendingTopups')}
          value={now && w.amount(now.pending_topups)}
          sub={count > 0 && w.plural(v.texts.topups, count, { n: w.n(count) })}
          to={nowPaths.pending_topups}
        />
      </ul>
    </section>
  );
}

/** The shop: followers and credit explained in a sheet, the rating opening the ratings. */
function ShopCard({ v }: { v: View }) {
  const { t, w, texts } = v;
  const d = v.state.dashboard;
  const average = d?.rating.average == null ? null : w.n(Number(d.rating.average).toFixed(1));
  return (
    <section class={styles.card} aria-labelledby="home-shop">
      <h2 id="home-shop" class={styles.cardTitleAlone}>
        {t('home.shop.title')}
      </h2>
      <ul class={`${styles.figures} ${styles.grid3}`}>
        <Figure
          v={v}
          figure="followers"
          label={t('home.shop.followers')}
          value={d && w.n(d.followers)}
          sub={<span class={styles.more}>{t('home.shop.what')}</span>}
          explains="followers"
        />
        <Figure
          v={v}
          figure="rating"
          label={t('home.shop.rating')}
          value={d && (average === null ? NONE : fill(texts.outOf5, { value: average }))}
          sub={
            d &&
            (d.rating.count === 0
              ? texts.noRatings
              : w.plural(texts.ratings, d.rating.count, { n: w.n(d.rating.count) }))
          }
          to={homePaths.ratings}
        />
        <Figure
          v={v}
          figure="credit"
          label={t('home.shop.credit')}
          value={d && w.n(d.credit.score)}
          sub={<span class={styles.more}>{t('home.shop.how')}</span>}
          explains="credit"
        />
      </ul>
    </section>
  );
}

function VisitorsCard({ v }: { v: View }) {
  const { t, w } = v;
  const visitors = v.state.dashboard?.visitors;
  return (
    <section class={styles.card} aria-labelledby="home-visitors">
      <div class={styles.cardHead}>
        <h2 id="home-visitors" class={styles.cardTitle}>
          {t('home.visitors.title')}
        </h2>
        <p class={styles.cardNote}>{t('home.visitors.note')}</p>
      </div>
      <ul class={`${styles.figures} ${styles.grid3}`}>
        <Figure
          v={v}
          figure="visitors_today"
          label={t('home.visitors.today')}
          value={visitors && w.n(visitors.today)}
          to={visitorsPath(7)}
        />
        <Figure
          v={v}
          figure="visitors_seven"
          label={t('home.visitors.seven')}
          value={visitors && w.n(visitors.seven)}
          to={visitorsPath(7)}
        />
        <Figure
          v={v}
          figure="visitors_thirty"
          label={t('home.visitors.thirty')}
          value={visitors && w.n(visitors.thirty)}
          to={visitorsPath(30)}
        />
      </ul>
    </section>
  );
}

/** The dashboard's figures, busy until they come (or fail). */
export function Figures({ v }: { v: View }) {
  const busy = !v.state.dashboard && !v.state.failed;
  return (
    <div id="home-figures" aria-busy={busy ? 'true' : undefined}>
      <TotalCard v={v} />
      <TodayCard v={v} />
      <NowCard v={v} />
      <ShopCard v={v} />
      <VisitorsCard v={v} />
    </div>
  );
}
