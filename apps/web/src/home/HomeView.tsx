import BankcardOutline from 'antd-mobile-icons/es/BankcardOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import UndoOutline from 'antd-mobile-icons/es/UndoOutline';
import type { ReactNode } from 'react';
import { TABS } from '../app/tabs';
import { homePaths, visitorsPath } from '../features/home/paths';
import { nowPaths, orderFigurePaths } from '../lib/figures';
import { paths } from '../lib/paths';
import type { Figure } from './regions/figures';
import type { Explained } from './regions/sheet';
import { CURVE_COLOURS, CURVE_LINES, part, RANGES, region } from './spec';
import { stylesheets } from './styles';

const { tabs: tabStyles, chart, notice, ui, home: styles } = stylesheets;

/** The app's words for a key (`figures.sales`...), in the page's language. */
export type Translate = (key: string) => string;

/** The value of a figure before the answer (or a snapshot) comes: a dash, as a figure with no value. */
const NONE = '–';

/**
 * One figure: its label, its value and a line under it; a link to what it is made of, or a button
 * opening its explanation. The figures region (regions/figures.ts) finds it by `data-figure` and
 * writes its `value` and `sub` parts; `figure` is one of that region's figures (`FIGURES`).
 */
function FigureItem({
  figure,
  label,
  sub,
  to,
  explains,
}: {
  figure: Figure;
  label: string;
  /** A fixed line under the value; without one the script writes it (or it stays empty). */
  sub?: ReactNode;
  to?: string;
  /** The explanation this button opens (the credit score, the followers). */
  explains?: Explained;
}) {
  const inner = (
    <>
      <span className={styles.label}>{label}</span>
      <strong className={styles.value} {...part('value')}>
        {NONE}
      </strong>
      <span className={styles.sub} {...part('sub')}>
        {sub ?? '\u00a0'}
      </span>
    </>
  );
  const testId = `figure-${figure.replaceAll('_', '-')}`;
  return (
    <li>
      {to ? (
        <a href={to} className={styles.figure} data-testid={testId} data-figure={figure}>
          {inner}
        </a>
      ) : (
        <button
          type="button"
          className={styles.figure}
          aria-haspopup="dialog"
          data-testid={testId}
          data-figure={figure}
          data-explain={explains}
          disabled
        >
          {inner}
        </button>
      )}
    </li>
  );
}

const SHORTCUTS = [
  { key: 'settings', to: homePaths.settingup, label: 'home.shortcut.settings', icon: <SetOutline /> },
  { key: 'refunds', to: homePaths.refundRequest, label: 'home.shortcut.refunds', icon: <UndoOutline /> },
  { key: 'express', to: homePaths.storeExpress, label: 'home.shortcut.express', icon: <SendOutline /> },
  { key: 'service', to: homePaths.service, label: 'home.shortcut.service', icon: <MessageOutline /> },
  { key: 'withdraw', to: homePaths.withdraw, label: 'home.shortcut.withdraw', icon: <BankcardOutline /> },
  {
    key: 'distribution',
    to: homePaths.distribution,
    label: 'home.shortcut.distribution',
    icon: <ShopbagOutline />,
  },
] as const;

/**
 * Home's markup: rendered to HTML at build time for each language (src/prerender.tsx,
 * scripts/prerender.mjs), never in the browser. /home is a page of its own, as /login is: this
 * markup is the dashboard with every label in place and a dash for each value, and
 * src/home/page.ts, a few kilobytes of script, fills it from the API (or at once from the last
 * figures kept on the phone) without React. Every link is a plain link into the app.
 *
 * The script fills it region by region (regions/*.ts): each region's root is marked
 * `{...region('figures')}` and the parts it writes `{...part('value')}` (spec.ts, typed on both
 * sides). What no region writes (headings, shortcuts, icons) carries no mark.
 *
 * It is drawn with the app's own stylesheets (the tab bar's, the screens' header, the home
 * feature's), so it looks like the app around it.
 */
export function HomeView({ t }: { t: Translate }) {
  // Every figure opens the orders or records it sums (lib/figures.ts, docs/figures.md). Today's open
  // the orders paid today: page.ts adds the day (the merchant's, the answer's).
  const life = orderFigurePaths(null);
  return (
    <div className={tabStyles.layout}>
      <div className={tabStyles.content}>
        <div className={ui.page}>
          <header className={ui.header}>
            <span className={ui.headerSide} style={{ justifyContent: 'flex-start' }} />
            <h1 className={ui.title}>{t('routes.home')}</h1>
            <span className={ui.headerSide}>
              <button
                {...region('refresh')}
                type="button"
                className={ui.iconButton}
                aria-label={t('common.refresh')}
                disabled
              >
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </button>
            </span>
          </header>
          <main className={ui.body} {...region('main')}>
            <p {...part('puller')} className="home-puller" aria-hidden="true" hidden />

            <div
              className={notice.closed}
              role="status"
              data-testid="shop-closed"
              {...region('closed')}
              hidden
            >
              <p>
                <strong {...part('closed-text')} />
              </p>
              <p className={notice.reason} {...part('closed-reason')} hidden />
              <a href={paths.service} className={notice.contact}>
                {t('service.contact')}
              </a>
            </div>

            <section
              className={styles.notice}
              aria-labelledby="home-announcements"
              data-testid="announcements"
              {...region('announcements')}
              hidden
            >
              <h2 id="home-announcements" className="visually-hidden">
                {t('home.announcements.title')}
              </h2>
              <span className={styles.noticeIcon} aria-hidden="true">
                <SoundOutline />
              </span>
              <div className={styles.track}>
                <ul className="visually-hidden" {...part('list')} />
                <div
                  className={styles.marquee}
                  aria-hidden="true"
                  data-testid="marquee"
                  {...part('marquee')}
                />
              </div>
              <button
                type="button"
                className={styles.noticeToggle}
                aria-pressed="false"
                aria-label={t('home.announcements.pause')}
                {...part('pause')}
              >
                <span {...part('pause-icon')}>
                  <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                    <path d="M3 1.5h3v11H3zM8 1.5h3v11H8z" fill="currentColor" />
                  </svg>
                </span>
                <span {...part('play-icon')} hidden>
                  <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                    <path d="M3 1.5v11l9-5.5z" fill="currentColor" />
                  </svg>
                </span>
              </button>
            </section>

            <div className={ui.center} role="alert" {...part('failed')} hidden>
              <p {...part('failed-text')} />
              <button type="button" className={ui.secondaryButton} {...part('retry')}>
                {t('common.retry')}
              </button>
            </div>

            <div {...region('figures')} aria-busy="true">
              <section className={`${styles.hero} home-loading-host`} aria-labelledby="home-total">
                <h2 id="home-total" className="visually-hidden">
                  {t('home.total.title')}
                </h2>
                {/* Over the first card while the figures come, not above it: the cards never move
                    when it goes (a layout shift that cost Lighthouse's CLS 0.12). */}
                <p className="home-loading" role="status" {...part('loading')}>
                  {t('common.loading')}
                </p>
                <ul className={`${styles.figures} ${styles.heroGrid}`}>
                  <FigureItem figure="total_sales" label={t('figures.sales')} to={life.sales} />
                  <FigureItem
                    figure="total_profit"
                    label={t('figures.profit')}
                    sub={t('home.total.profitSub')}
                    to={life.profit}
                  />
                </ul>
              </section>

              <section className={styles.card} aria-labelledby="home-today">
                <div className={styles.cardHead}>
                  <h2 id="home-today" className={styles.cardTitle}>
                    {t('home.today.title')}
                  </h2>
                  <p className={styles.cardNote} data-testid="home-today-date" {...part('today')} />
                </div>
                <ul className={`${styles.figures} ${styles.grid3}`}>
                  <FigureItem figure="today_orders" label={t('figures.orders')} to={life.orders} />
                  <FigureItem figure="today_sales" label={t('figures.sales')} to={life.sales} />
                  <FigureItem figure="today_profit" label={t('figures.profit')} to={life.profit} />
                </ul>
                <p className={styles.cardFoot}>{t('home.today.estimated')}</p>
              </section>

              <section className={styles.card} aria-labelledby="home-now">
                <h2 id="home-now" className={styles.cardTitleAlone}>
                  {t('home.now.title')}
                </h2>
                <ul className={`${styles.figures} ${styles.heroGrid}`}>
                  <FigureItem figure="now_in_escrow" label={t('figures.inEscrow')} to={nowPaths.in_escrow} />
                  <FigureItem figure="now_on_hold" label={t('figures.onHold')} to={nowPaths.on_hold} />
                  <FigureItem
                    figure="now_awaiting_pickup_cost"
                    label={t('figures.awaitingPickupCost')}
                    to={nowPaths.awaiting_pickup_cost}
                  />
                  <FigureItem
                    figure="now_pending_topups"
                    label={t('figures.pendingTopups')}
                    to={nowPaths.pending_topups}
                  />
                </ul>
              </section>

              <section className={styles.card} aria-labelledby="home-shop">
                <h2 id="home-shop" className={styles.cardTitleAlone}>
                  {t('home.shop.title')}
                </h2>
                <ul className={`${styles.figures} ${styles.grid3}`}>
                  <FigureItem
                    figure="followers"
                    label={t('home.shop.followers')}
                    sub={<span className={styles.more}>{t('home.shop.what')}</span>}
                    explains="followers"
                  />
                  <FigureItem figure="rating" label={t('home.shop.rating')} to={homePaths.ratings} />
                  <FigureItem
                    figure="credit"
                    label={t('home.shop.credit')}
                    sub={<span className={styles.more}>{t('home.shop.how')}</span>}
                    explains="credit"
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
                  <FigureItem figure="visitors_today" label={t('home.visitors.today')} to={visitorsPath(7)} />
                  <FigureItem figure="visitors_seven" label={t('home.visitors.seven')} to={visitorsPath(7)} />
                  <FigureItem
                    figure="visitors_thirty"
                    label={t('home.visitors.thirty')}
                    to={visitorsPath(30)}
                  />
                </ul>
              </section>
            </div>

            <section className={styles.card} aria-labelledby="home-curve" {...region('curve')}>
              <h2 id="home-curve" className={styles.cardTitleAlone}>
                {t('home.curve.title')}
              </h2>
              <fieldset className={styles.chips}>
                <legend className="visually-hidden">{t('home.curve.range')}</legend>
                {RANGES.map((range) => (
                  <button
                    key={range}
                    type="button"
                    className={ui.chip}
                    aria-pressed={range === 'seven'}
                    data-range={range}
                  >
                    {range === 'today'
                      ? t('home.curve.today')
                      : range === 'seven'
                        ? t('home.curve.seven')
                        : t('home.curve.thirty')}
                  </button>
                ))}
              </fieldset>
              <div {...part('curve-body')}>
                <div className={chart.slot} {...part('slot')}>
                  <p className={ui.center} role="status" {...part('slot-status')}>
                    {t('common.loading')}
                  </p>
                  <div aria-hidden="true" data-testid="sales-chart" {...part('canvas')} />
                </div>
                <div className={chart.legend} data-testid="curve-legend">
                  <p className={chart.legendHead} {...part('legend-head')}>
                    {'\u00a0'}
                  </p>
                  <ul>
                    {CURVE_LINES.map((line) => (
                      <li key={line}>
                        <span
                          className={chart.square}
                          style={{ background: CURVE_COLOURS[line] }}
                          aria-hidden="true"
                        />
                        <span>
                          {line === 'sales'
                            ? t('figures.sales')
                            : line === 'orders'
                              ? t('figures.orders')
                              : t('home.curve.visitors')}
                        </span>
                        <strong data-legend={line}>{NONE}</strong>
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="visually-hidden" {...part('table')} />
              </div>
            </section>

            <nav className={styles.card} aria-labelledby="home-shortcuts">
              <h2 id="home-shortcuts" className={styles.cardTitleAlone}>
                {t('home.shortcut.title')}
              </h2>
              <ul className={styles.shortcuts}>
                {SHORTCUTS.map((s) => (
                  <li key={s.key}>
                    <a href={s.to} className={styles.shortcut}>
                      <span className={styles.shortcutIcon} aria-hidden="true">
                        {s.icon}
                      </span>
                      {t(s.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </main>
        </div>
      </div>

      <nav className={tabStyles.bar} aria-label={t('tabs.label')} {...region('tabs')}>
        <ul className={tabStyles.list}>
          {TABS.map((tab) => {
            const current = tab.path === paths.home;
            const order = tab.path === paths.order;
            return (
              <li key={tab.path}>
                <a
                  href={tab.path}
                  className={current ? tabStyles.active : tabStyles.tab}
                  aria-current={current ? 'page' : undefined}
                >
                  <span className={tabStyles.icon} aria-hidden="true">
                    {tab.icon}
                    {order && <span className={tabStyles.badge} data-badge="orders" hidden />}
                  </span>
                  <span className={tabStyles.title}>{t(tab.title)}</span>
                  {order && <span className="visually-hidden" data-badge="orders-text" hidden />}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      {/* The explanation sheet's frame: the sheet region (regions/sheet.ts) fills a copy of it with
          the credit score's or the followers' explanation and opens it as a modal dialog. */}
      <template {...region('sheet')}>
        <dialog className="home-sheet" aria-labelledby="home-sheet-title">
          <div className={styles.sheetBody}>
            <div className={styles.sheetHead}>
              {/* biome-ignore lint/a11y/useHeadingContent: a template's heading, given its title by regions/sheet.ts before the sheet opens */}
              <h2 id="home-sheet-title" className={styles.sheetTitle} />
              <button type="button" className={ui.iconButton} aria-label={t('home.close')} {...part('close')}>
                <CloseOutline aria-hidden="true" />
              </button>
            </div>
            <div {...part('sheet-content')} />
          </div>
        </dialog>
      </template>
      <p {...region('toast')} className="page-toast" role="status" aria-live="polite" hidden />
    </div>
  );
}
