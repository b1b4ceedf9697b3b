import { writeLongDay } from '../../features/home/components/dates';
import { writeNumber } from '../../lib/amount';
import { orderFigurePaths } from '../../lib/figures';
import type { Dashboard } from '../api';
import { fill, type HomeContext, partOf, type Region } from './region';
import type { Explained } from './sheet';

/** What a figure shows from an answer: its value, the line under it and where it leads, when the answer writes them. */
interface FigureText {
  value: string;
  sub?: string;
  href?: string;
}

/**
 * Home's figures, each written from the dashboard. This table is the figures' spec: HomeView places
 * a figure by its name (`<FigureItem figure="…">`, typed by this table's keys; it renders
 * `data-figure` with its `value` and `sub` parts), and the region writes each place it finds.
 *
 * A new figure touches two places, both typed against each other: its writer here, and its place
 * (label, link, card) in HomeView.tsx; and its label's text in the locales if it is a new word.
 * (Before the regions it was four: the list of figures in ids.ts, the markup, the script's writer
 * and the element it looked up.) `regions/figures.test.ts` checks that each figure has exactly one
 * place in the markup.
 */
export const FIGURES = {
  total_sales: (d, c) => ({
    value: c.amount(d.total_sales),
    sub: c.plural(c.texts.ordersSold, d.total_orders, { n: c.n(d.total_orders) }),
  }),
  total_profit: (d, c) => ({ value: c.amount(d.total_profit) }),
  // Today's figures open the orders paid on the merchant's today (the answer's day, not the phone's).
  today_orders: (d, c) => ({
    value: c.n(d.today_orders),
    href: orderFigurePaths({ paid_day: d.today }).sales,
  }),
  today_sales: (d, c) => ({
    value: c.amount(d.today_sales),
    href: orderFigurePaths({ paid_day: d.today }).sales,
  }),
  today_profit: (d, c) => ({
    value: c.amount(d.today_profit),
    href: orderFigurePaths({ paid_day: d.today }).profit,
  }),
  // Older snapshots have no "now": its figures wait for the answer.
  now_in_escrow: (d, c) => d.now && { value: c.amount(d.now.in_escrow) },
  now_on_hold: (d, c) => d.now && { value: c.amount(d.now.on_hold) },
  now_awaiting_pickup_cost: (d, c) => d.now && { value: c.amount(d.now.awaiting_pickup_cost) },
  now_pending_topups: (d, c) =>
    d.now && {
      value: c.amount(d.now.pending_topups),
      sub:
        d.now.pending_topups_count > 0
          ? c.plural(c.texts.topups, d.now.pending_topups_count, { n: c.n(d.now.pending_topups_count) })
          : '',
    },
  followers: (d, c) => ({ value: c.n(d.followers) }),
  rating: (d, c) => ({
    value:
      d.rating.average === null
        ? '–'
        : fill(c.texts.outOf5, { value: writeNumber(Number(d.rating.average).toFixed(1), c.texts.numbers) }),
    sub:
      d.rating.count === 0
        ? c.texts.noRatings
        : c.plural(c.texts.ratings, d.rating.count, { n: c.n(d.rating.count) }),
  }),
  credit: (d, c) => ({ value: c.n(d.credit.score) }),
  visitors_today: (d, c) => ({ value: c.n(d.visitors.today) }),
  visitors_seven: (d, c) => ({ value: c.n(d.visitors.seven) }),
  visitors_thirty: (d, c) => ({ value: c.n(d.visitors.thirty) }),
} satisfies Record<string, (d: Dashboard, c: HomeContext) => FigureText | undefined>;

export type Figure = keyof typeof FIGURES;

/**
 * The figures region (`data-region="figures"`: the five cards of figures and today's date). Each
 * figure is a `data-figure` link or button whose `value` and `sub` parts it writes from the
 * dashboard; the two buttons (`data-explain`) open their explanation once there are figures to
 * explain, through `explain` (the sheet region's). Writing the same dashboard again rewrites its
 * amounts (the currency came). Whether the box is still loading is the status region's.
 */
export function mountFigures(
  root: HTMLElement,
  c: HomeContext,
  explain: (which: Explained, opener: HTMLElement) => void,
): Region<Dashboard> {
  const places = [...root.querySelectorAll<HTMLAnchorElement>('[data-figure]')].map((el) => ({
    el,
    write: FIGURES[el.dataset.figure as Figure],
    value: partOf(el, 'value'),
    sub: partOf(el, 'sub'),
  }));
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-explain]')];
  for (const button of buttons)
    button.addEventListener('click', () =>
      explain(button.dataset.explain === 'followers' ? 'followers' : 'credit', button),
    );
  const today = partOf(root, 'today');
  return {
    update(d) {
      for (const place of places) {
        const text: FigureText | undefined = place.write(d, c);
        if (!text) continue;
        place.value.textContent = text.value;
        if (text.sub !== undefined) place.sub.textContent = text.sub;
        if (text.href !== undefined) place.el.href = text.href;
      }
      today.textContent = writeLongDay(d.today, c.texts.dates);
      for (const button of buttons) button.disabled = false;
    },
  };
}
