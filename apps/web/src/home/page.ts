import type { CurrencyInfo, MerInfo } from '@dropdesk/contract/account';
import type { EchartRange } from '@dropdesk/contract/constants';
import { isLang, LATE_PICKUP_HOURS, type Lang } from '@dropdesk/contract/constants';
import { parseMoney, formatMoney as wireMoney } from '@dropdesk/contract/money';
// The page's look: the app's base styles and the classes HomeView draws with (./styles), into one
// stylesheet that scripts/prerender.mjs writes inline into the page.
import '../app/global.css';
import { writeLongDay, writePointLabel } from '../features/home/components/dates';
import { writeAmount, writeNumber } from '../lib/amount';
import { orderFigurePaths } from '../lib/figures';
import { setFlash, takeFlash } from '../lib/flash';
import { LANG_STORAGE_KEY, storedLang, storeLang } from '../lib/lang-storage';
import { paths } from '../lib/paths';
import { clearSession, readSession, updateSession } from '../lib/session-storage';
import { clearSnapshots, readSnapshot, writeSnapshot } from '../lib/snapshot';
import {
  type Announcement,
  type Caller,
  CallFailed,
  type Dashboard,
  type Echart,
  type EchartPoint,
  getAffiche,
  getCurrency,
  getDashboard,
  getEchart,
  getMerInfo,
  getOrderBadge,
  isAnnouncements,
  isCurrency,
  isDashboard,
} from './api';
import {
  CURVE_HEIGHT,
  CURVE_LINES,
  type CurveLine,
  type HomeTexts,
  homeIds,
  type Plural,
  RANGES,
} from './ids';
import '../page-base.css';
import './page.css';
import { pullToRefresh } from './pull';
import { sketchCurve } from './sketch';
import { stylesheets } from './styles';

const styles = stylesheets.home;

/**
 * The Home page's behaviour (docs/web.md, "The Home page"). /home is served as HTML prerendered per
 * language (HomeView.tsx: every label, a dash for each value), and this script, a few kilobytes,
 * fills it without React: at once from the last figures kept on the phone, then from the API
 * (figures, curve, announcements, the shop's state, the Order tab's badge). The figures and the
 * shortcuts are plain links into the app, whose start files are fetched into the HTTP cache at the
 * merchant's first touch, so the next screen opens sooner.
 */

/** Under these names (and the merchant's id) the last answers are kept in local storage. */
const SNAPSHOT = { dashboard: 'dashboard-v1', currency: 'currency-v1', affiche: 'affiche-v1' } as const;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export interface PageEnv {
  /** Opens another address with a full page load (the login page). */
  go: (url: string) => void;
  /** Reloads this page (the language: the server sends it in the cookie's). */
  reload: () => void;
  /** The curve's drawing (uPlot, loaded on first use); replaceable in tests, where there is no canvas. */
  drawCurve: () => Promise<typeof import('./curve')>;
  fetch?: typeof fetch;
}

const browserEnv: PageEnv = {
  go: (url) => window.location.replace(url),
  reload: () => window.location.reload(),
  drawCurve: () => import('./curve'),
};

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Once the browser has painted (the task after the next frame); at once in a hidden tab. */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible')
      return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/** A wire amount in minor units, a refund's minus sign included. */
const minorOf = (wire: string): number =>
  wire.startsWith('-') ? -(parseMoney(wire.slice(1)) ?? 0) : (parseMoney(wire) ?? 0);

/** Wires the page up; answers false when the markup is not Home's. */
export function enhance(doc: Document = document, env: PageEnv = browserEnv): boolean {
  const byId = <T extends HTMLElement = HTMLElement>(id: string) => doc.getElementById(id) as T | null;
  const textsEl = byId(homeIds.texts);
  const main = byId(homeIds.main);
  if (!textsEl || !main) return false;
  const texts = JSON.parse(textsEl.textContent ?? '{}') as HomeTexts;
  const lang: Lang = isLang(doc.documentElement.lang) ? doc.documentElement.lang : storedLang();
  const one = <T extends Element = HTMLElement>(selector: string, root: ParentNode = doc) =>
    root.querySelector(selector) as T;

  // Local storage holds the merchant's language; the page came in the cookie's. When they differ,
  // set the cookie and load the page in the right one (once).
  const wanted = storedLang();
  if (
    wanted !== lang &&
    localStorage.getItem(LANG_STORAGE_KEY) !== null &&
    !sessionStorage.getItem('lang-reload')
  ) {
    sessionStorage.setItem('lang-reload', '1');
    storeLang(wanted);
    env.reload();
    return true;
  }
  sessionStorage.removeItem('lang-reload');
  storeLang(lang);

  // No session: the login page, with its message, and back here after.
  const session = readSession();
  if (!session) {
    setFlash(texts.logInFirst);
    env.go(`${paths.login}?redirect=${encodeURIComponent(paths.home)}`);
    return true;
  }
  const merchantId = session.merinfo?.id;
  const caller: Caller = { token: session.token, lang, ...(env.fetch ? { fetch: env.fetch } : {}) };

  // Numbers, amounts and days as the app writes them (Intl), from the language's signs and names
  // the page came with: no Intl format here, whose first one costs a phone tens of milliseconds
  // while the locale's data loads (lib/amount.ts, features/home/components/dates.ts).
  const n = (v: number) => writeNumber(v, texts.numbers);
  let currency: CurrencyInfo | null = readSnapshot(SNAPSHOT.currency, merchantId, isCurrency)?.data ?? null;
  const amount = (wire: string) => writeAmount(wire, texts.numbers, currency);
  const pluralRules = new Intl.PluralRules(lang);
  const plural = (forms: Plural, count: number, vars: Record<string, string | number>) =>
    fill(forms[pluralRules.select(count)] ?? forms.other, vars);

  // ---- the session ended: the login page says so (a 401 anywhere ends the visit, as in the app)
  let ended = false;
  const endSession = (message: string) => {
    if (ended) return;
    ended = true;
    clearSession();
    clearSnapshots();
    setFlash(message || texts.sessionEnded);
    env.go(paths.login);
  };
  /** Runs a call; a 401 ends the session, anything else is the caller's to show (or not). */
  const attempt = async <T>(call: () => Promise<T>): Promise<T | CallFailed> => {
    let answer: T | CallFailed;
    try {
      answer = await call();
    } catch (error) {
      answer = error instanceof CallFailed ? error : new CallFailed('server');
      if (answer.kind === 'session') endSession(answer.message);
    }
    // Each answer is drawn in a task of its own: answers that arrive together would otherwise be
    // drawn in one long task, which holds a slow phone's taps.
    await nextTask();
    return answer;
  };

  // ---- the figures
  const figures = byId(homeIds.figures) as HTMLElement;
  const loading = byId(homeIds.loading) as HTMLElement;
  const failedBox = byId(homeIds.failed) as HTMLElement;
  let dashboard: Dashboard | null = null;

  const setFigure = (figure: string, value: string, sub?: string) => {
    one(`[data-value="${figure}"]`).textContent = value;
    if (sub !== undefined) one(`[data-sub="${figure}"]`).textContent = sub;
  };
  const drawFigures = (d: Dashboard) => {
    dashboard = d;
    setFigure(
      'total_sales',
      amount(d.total_sales),
      plural(texts.ordersSold, d.total_orders, { n: n(d.total_orders) }),
    );
    setFigure('total_profit', amount(d.total_profit));
    setFigure('today_orders', n(d.today_orders));
    setFigure('today_sales', amount(d.today_sales));
    setFigure('today_profit', amount(d.today_profit));
    // Today's figures open the orders paid on the merchant's today (the answer's day, not the phone's).
    const today = orderFigurePaths({ paid_day: d.today });
    for (const link of doc.querySelectorAll<HTMLAnchorElement>('[data-href^="today_"]'))
      link.href = link.dataset.href === 'today_profit' ? today.profit : today.sales;
    // Older snapshots have no "now": its figures wait for the answer.
    if (d.now) {
      setFigure('now_in_escrow', amount(d.now.in_escrow));
      setFigure('now_on_hold', amount(d.now.on_hold));
      setFigure('now_awaiting_pickup_cost', amount(d.now.awaiting_pickup_cost));
      setFigure(
        'now_pending_topups',
        amount(d.now.pending_topups),
        d.now.pending_topups_count > 0
          ? plural(texts.topups, d.now.pending_topups_count, { n: n(d.now.pending_topups_count) })
          : '',
      );
    }
    one('[data-text="today"]').textContent = writeLongDay(d.today, texts.dates);
    setFigure('followers', n(d.followers));
    const average =
      d.rating.average === null ? null : writeNumber(Number(d.rating.average).toFixed(1), texts.numbers);
    setFigure(
      'rating',
      average === null ? '–' : fill(texts.outOf5, { value: average }),
      d.rating.count === 0
        ? texts.noRatings
        : plural(texts.ratings, d.rating.count, { n: n(d.rating.count) }),
    );
    setFigure('credit', n(d.credit.score));
    setFigure('visitors_today', n(d.visitors.today));
    setFigure('visitors_seven', n(d.visitors.seven));
    setFigure('visitors_thirty', n(d.visitors.thirty));
    figures.removeAttribute('aria-busy');
    loading.hidden = true;
    failedBox.hidden = true;
    for (const button of doc.querySelectorAll<HTMLButtonElement>('[data-explain]')) button.disabled = false;
  };
  const figuresFailed = (failed: CallFailed) => {
    // Figures already on screen stay when a refresh fails; without any, the reason and a retry.
    if (dashboard) return;
    // Not busy any more: a screen reader reads the reason and the retry, not a box still loading.
    figures.removeAttribute('aria-busy');
    loading.hidden = true;
    one('[data-text="failed"]', failedBox).textContent =
      failed.kind === 'refused' && failed.message
        ? failed.message
        : failed.kind === 'server'
          ? texts.serverFailed
          : texts.loadFailed;
    failedBox.hidden = false;
  };
  const loadFigures = async () => {
    const answer = await attempt(() => getDashboard(caller));
    if (answer instanceof CallFailed) return figuresFailed(answer);
    writeSnapshot(SNAPSHOT.dashboard, merchantId, answer);
    drawFigures(answer);
  };
  byId(homeIds.retry)?.addEventListener('click', () => {
    failedBox.hidden = true;
    loading.hidden = false;
    figures.setAttribute('aria-busy', 'true');
    void loadFigures();
  });

  // ---- the explanations (credit score, followers): a sheet over the page, a native modal dialog
  const explain = (which: 'credit' | 'followers') => {
    const d = dashboard;
    const template = byId<HTMLTemplateElement>(homeIds.sheet);
    if (!d || !template) return;
    const dialog = (template.content.firstElementChild as HTMLDialogElement).cloneNode(
      true,
    ) as HTMLDialogElement;
    const content = one('[data-part="sheet-content"]', dialog);
    const para = (text: string) => {
      const p = doc.createElement('p');
      p.className = styles.sheetText ?? '';
      p.textContent = text;
      return p;
    };
    if (which === 'credit') {
      const c = d.credit;
      one('h2', dialog).textContent = fill(texts.credit.title, { score: n(c.score) });
      const table = doc.createElement('table');
      table.className = styles.sums ?? '';
      table.dataset.testid = 'credit-sums';
      const caption = table.createCaption();
      caption.className = 'visually-hidden';
      caption.textContent = texts.credit.sums;
      const body = table.createTBody();
      const row = (label: string, value: number, sub?: string) => {
        const tr = body.insertRow();
        const th = doc.createElement('th');
        th.scope = 'row';
        th.textContent = label;
        if (sub) {
          const small = doc.createElement('span');
          small.className = styles.sub ?? '';
          small.textContent = sub;
          th.append(doc.createElement('br'), small);
        }
        tr.append(th);
        tr.insertCell().textContent = n(value);
      };
      const times = (events: number, points: number) =>
        fill(texts.credit.times, { events: n(events), points: n(points) });
      row(texts.credit.base, c.base);
      row(
        fill(texts.credit.latePickups, { hours: n(LATE_PICKUP_HOURS) }),
        -(c.late_pickups * c.penalties.late_pickup),
        times(c.late_pickups, c.penalties.late_pickup),
      );
      row(
        texts.credit.refundsLost,
        -(c.refunds_lost * c.penalties.refund_lost),
        times(c.refunds_lost, c.penalties.refund_lost),
      );
      row(texts.credit.score, c.score);
      content.append(
        para(fill(texts.credit.explain, { base: n(c.base), days: n(c.window_days) })),
        table,
        para(fill(texts.credit.tip, { hours: n(LATE_PICKUP_HOURS) })),
      );
    } else {
      one('h2', dialog).textContent = texts.followers.title;
      content.append(
        para(plural(texts.followers.count, d.followers, { n: n(d.followers) })),
        para(texts.followers.explain),
      );
    }
    const opener = byId(homeIds.explainer(which));
    dialog.addEventListener('close', () => {
      dialog.remove();
      opener?.focus();
    });
    // A tap on the backdrop (outside the sheet's box) closes it, as the app's sheets do.
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) dialog.close();
    });
    one('[data-close]', dialog).addEventListener('click', () => dialog.close());
    doc.body.append(dialog);
    dialog.showModal();
    one<HTMLButtonElement>('[data-close]', dialog).focus();
  };
  for (const button of doc.querySelectorAll<HTMLButtonElement>('[data-explain]'))
    button.addEventListener('click', () =>
      explain(button.dataset.explain === 'followers' ? 'followers' : 'credit'),
    );

  // The first round of answers drawn (the start below): the chart waits for it.
  let resolveFirstAnswers: (done: Promise<unknown>) => void = () => undefined;
  const firstAnswers = new Promise<void>((resolve) => {
    resolveFirstAnswers = (done) =>
      void done.then(
        () => resolve(),
        () => resolve(),
      );
  });

  // ---- the sales curve
  const curveCard = byId(homeIds.curve) as HTMLElement;
  const curveBody = one('[data-part="curve-body"]', curveCard);
  const slot = one('[data-part="slot"]', curveCard);
  const slotStatus = one('[data-part="slot-status"]', curveCard);
  const canvas = one('[data-part="canvas"]', curveCard);
  const legendHead = one('[data-part="legend-head"]', curveCard);
  const table = one('[data-part="table"]', curveCard);
  let range: EchartRange = 'seven';
  let curve: Echart | null = null;
  let removeChart: (() => void) | null = null;
  let labels: string[] = [];

  const lineValue = (k: CurveLine, v: { sales: string; orders: number; visitors: number }) =>
    k === 'sales' ? amount(v.sales) : n(v[k]);
  const writeLegend = (pointed: number | null) => {
    if (!curve) return;
    const series = curve.series;
    const point = pointed === null ? undefined : series[pointed];
    const shown = point ?? {
      sales: wireMoney(series.reduce((s, p) => s + minorOf(p.sales), 0)),
      orders: series.reduce((s, p) => s + p.orders, 0),
      visitors: series.reduce((s, p) => s + p.visitors, 0),
    };
    legendHead.textContent = point
      ? (labels[pointed ?? 0] ?? '')
      : fill(texts.curve.whole, { range: texts.curve.ranges[curve.range] });
    for (const k of CURVE_LINES) one(`[data-legend="${k}"]`, curveCard).textContent = lineValue(k, shown);
  };
  const writeTable = (data: Echart) => {
    table.replaceChildren();
    if (!data.series.length) return;
    const t = doc.createElement('table');
    t.createCaption().textContent = fill(texts.curve.caption, { range: texts.curve.ranges[data.range] });
    const head = t.createTHead().insertRow();
    const th = (text: string, scope: 'col' | 'row') => {
      const cell = doc.createElement('th');
      cell.scope = scope;
      cell.textContent = text;
      return cell;
    };
    head.append(th(data.range === 'today' ? texts.curve.hour : texts.curve.day, 'col'));
    for (const k of CURVE_LINES) head.append(th(texts.curve.lines[k], 'col'));
    const body = t.createTBody();
    data.series.forEach((p: EchartPoint, i) => {
      const tr = body.insertRow();
      tr.append(th(labels[i] ?? '', 'row'));
      for (const k of CURVE_LINES) tr.insertCell().textContent = lineValue(k, p);
    });
    table.append(t);
  };
  /**
   * Resolves once the chart's room comes within sight, above the tab bar that covers the bottom of
   * the screen (at once without IntersectionObserver). Watched once the first answers are drawn
   * (the announcements move everything below them), from a frame, when the layout is done and the
   * bar's height costs nothing to read.
   */
  let chartWatch: Promise<void> | undefined;
  const chartInView = () =>
    (chartWatch ??= firstAnswers.then(
      () =>
        new Promise<void>((resolve) => {
          if (typeof IntersectionObserver === 'undefined') return resolve();
          requestAnimationFrame(() => {
            const covered = Math.round(byId(homeIds.tabs)?.getBoundingClientRect().height ?? 0);
            const watch = new IntersectionObserver(
              (entries) => {
                if (!entries.some((e) => e.isIntersecting)) return;
                watch.disconnect();
                resolve();
              },
              { rootMargin: `0px 0px -${covered}px 0px` },
            );
            watch.observe(slot);
          });
        }),
    ));
  const drawCurveData = async (data: Echart) => {
    curve = data;
    labels = data.series.map((p) => writePointLabel(p.label, texts.dates));
    removeChart?.();
    removeChart = null;
    canvas.replaceChildren();
    const quiet = data.series.every((p) => p.orders === 0 && p.visitors === 0 && minorOf(p.sales) === 0);
    writeLegend(null);
    if (quiet) {
      table.replaceChildren();
      slotStatus.removeAttribute('role');
      slotStatus.textContent = texts.curve.quiet;
      slotStatus.hidden = false;
      return;
    }
    writeTable(data);
    // Drawn at once as a sketch (a few SVG nodes), so the room never says "loading" over an answer
    // that is here; uPlot replaces it once the card is in view.
    sketchCurve(doc, canvas, data.series, CURVE_HEIGHT);
    slotStatus.hidden = true;
    void drawChart(data);
  };
  /**
   * The chart itself, once its room is on screen: a phone that never scrolls to it never spends the
   * time uPlot takes to load and draw (the legend and the table are written already).
   */
  const drawChart = async (data: Echart) => {
    try {
      await chartInView();
      const { drawCurve } = await env.drawCurve();
      // uPlot's evaluation and its first drawing in two tasks, so neither holds a slow phone long.
      await nextTask();
      if (curve !== data) return;
      slotStatus.hidden = true;
      canvas.replaceChildren();
      removeChart = drawCurve(canvas, data.series, labels, n, writeLegend);
    } catch {
      slotStatus.removeAttribute('role');
      slotStatus.textContent = texts.curve.failed;
      slotStatus.hidden = false;
    }
  };
  const loadCurve = async () => {
    const wanted = range;
    curveBody.classList.add(styles.busy ?? '');
    curveBody.setAttribute('aria-busy', 'true');
    const answer = await attempt(() => getEchart(caller, wanted));
    if (wanted !== range) return;
    curveBody.classList.remove(styles.busy ?? '');
    curveBody.removeAttribute('aria-busy');
    if (answer instanceof CallFailed) {
      // The previous range stays drawn; with none, the reason in the chart's room.
      if (!curve) {
        slotStatus.removeAttribute('role');
        slotStatus.textContent =
          answer.kind === 'refused' && answer.message ? answer.message : texts.loadFailed;
      }
      return;
    }
    await drawCurveData(answer);
  };
  const chips = [...curveCard.querySelectorAll<HTMLButtonElement>('[data-range]')];
  for (const chip of chips)
    chip.addEventListener('click', () => {
      const next = RANGES.find((r) => r === chip.dataset.range);
      if (!next || next === range) return;
      range = next;
      for (const c of chips) c.setAttribute('aria-pressed', String(c === chip));
      void loadCurve();
    });
  slot.hidden = false;

  // ---- the announcements: a CSS marquee that stops (its pause button, or reduced motion)
  const bar = byId(homeIds.announcements) as HTMLElement;
  const pause = byId<HTMLButtonElement>(homeIds.pause) as HTMLButtonElement;
  // Asked once there are announcements to move (the first query of a page costs a few ms).
  let motion: MediaQueryList | null | undefined;
  let paused = false;
  const setStill = () => {
    if (motion === undefined) {
      motion = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
      motion?.addEventListener('change', setStill);
    }
    const reduced = motion?.matches ?? false;
    const still = reduced || paused;
    bar.classList.toggle(styles.still ?? '', still);
    one('[data-list="marquee"]', bar).dataset.moving = String(!still);
    pause.hidden = reduced;
    pause.setAttribute('aria-pressed', String(paused));
    one('[data-icon="pause"]', pause).toggleAttribute('hidden', paused);
    one('[data-icon="play"]', pause).toggleAttribute('hidden', !paused);
  };
  pause.addEventListener('click', () => {
    paused = !paused;
    setStill();
  });
  const drawAnnouncements = (list: Announcement[]) => {
    const items = one('[data-list="announcements"]', bar);
    const marquee = one<HTMLElement>('[data-list="marquee"]', bar);
    const entry = (tag: 'li' | 'span', a: Announcement) => {
      const el = doc.createElement(tag);
      if (a.lang !== lang) el.lang = a.lang;
      el.textContent = a.text;
      return el;
    };
    items.replaceChildren(...list.map((a) => entry('li', a)));
    marquee.replaceChildren(...list.map((a) => entry('span', a)));
    // About 8 characters a second, so a long announcement is not rushed.
    const chars = list.reduce((sum, a) => sum + a.text.length, 0);
    marquee.style.setProperty('--marquee-duration', `${Math.max(10, Math.round(chars / 8) + 6)}s`);
    bar.hidden = list.length === 0;
    setStill();
  };
  const affiche = `${SNAPSHOT.affiche}-${lang}`;
  const loadAnnouncements = async () => {
    const answer = await attempt(() => getAffiche(caller));
    // Without them (or when they fail) Home simply shows none.
    if (answer instanceof CallFailed) return;
    writeSnapshot(affiche, merchantId, answer.list);
    drawAnnouncements(answer.list);
  };

  // ---- the shop's state (a closed shop's notice) and the Order tab's badge, kept in the session
  const closed = byId(homeIds.closed) as HTMLElement;
  const drawClosed = (merinfo: Partial<MerInfo> | null | undefined) => {
    closed.hidden = merinfo?.status !== 'closed';
    one('[data-text="closed"]', closed).textContent = texts.shopClosed;
    const reason = one('[data-text="closed-reason"]', closed);
    reason.textContent = merinfo?.closed_reason
      ? fill(texts.closedReason, { reason: merinfo.closed_reason })
      : '';
    reason.hidden = !merinfo?.closed_reason;
  };
  const drawBadge = (total: number) => {
    const text = total > 99 ? '99+' : String(total);
    for (const el of doc.querySelectorAll<HTMLElement>('[data-badge]')) {
      el.hidden = total <= 0;
      el.textContent = el.dataset.badge === 'orders-text' ? `(${text})` : text;
    }
  };
  const loadShop = async () => {
    const info = await attempt(() => getMerInfo(caller));
    if (info instanceof CallFailed) return;
    updateSession({ merinfo: info });
    drawClosed(info);
  };
  const loadBadge = async () => {
    const total = await attempt(() => getOrderBadge(caller));
    if (total instanceof CallFailed) return;
    updateSession({ orderTotal: total });
    drawBadge(total);
  };
  const loadCurrency = async () => {
    const answer = await attempt(() => getCurrency(caller));
    if (answer instanceof CallFailed) return;
    writeSnapshot(SNAPSHOT.currency, merchantId, answer);
    if (answer.code === currency?.code && answer.symbol === currency.symbol) return;
    currency = answer;
    // Amounts written before the currency was known are written again with it.
    if (dashboard) drawFigures(dashboard);
    if (curve) {
      writeLegend(null);
      writeTable(curve);
    }
  };

  // ---- refreshing: the header's button, and pulling down
  const refreshButton = byId<HTMLButtonElement>(homeIds.refresh) as HTMLButtonElement;
  let refreshing: Promise<unknown> | null = null;
  const refresh = () => {
    refreshing ??= Promise.all([
      loadFigures(),
      loadCurve(),
      loadAnnouncements(),
      loadShop(),
      loadBadge(),
    ]).finally(() => {
      refreshing = null;
      refreshButton.disabled = false;
    });
    refreshButton.disabled = true;
    return refreshing;
  };
  refreshButton.addEventListener('click', () => void refresh());
  pullToRefresh(main, byId(homeIds.puller) as HTMLElement, texts.pull, refresh);

  // ---- start: paint what the phone kept, then ask the server
  drawClosed(session.merinfo);
  drawBadge(session.orderTotal);
  const kept = readSnapshot(SNAPSHOT.dashboard, merchantId, isDashboard);
  if (kept) drawFigures(kept.data);
  const keptAnnouncements = readSnapshot(affiche, merchantId, isAnnouncements);
  if (keptAnnouncements) drawAnnouncements(keptAnnouncements.data);
  // The questions go once what the page holds is on screen: asked before the first paint, their
  // answers would compete with it for a slow phone's network and main thread.
  const started = afterFirstPaint().then(() => Promise.all([loadCurrency(), refresh()]));
  resolveFirstAnswers(started);

  // The app's start files, fetched into the HTTP cache at the merchant's first touch or key: the
  // next screen then skips the network. Not before: fetched as the page loads, they compete with
  // it for a slow phone's network and delay its figures. `prefetch`, not `modulepreload`: a
  // module preload is also compiled at once, on the main thread.
  const touched = doc.getElementById('root') ?? doc.body;
  const firstTouch = new AbortController(); // aborted at the first of the three: they all go
  const prefetchApp = () => {
    firstTouch.abort();
    for (const href of texts.appFiles) {
      const link = doc.createElement('link');
      link.rel = 'prefetch';
      if (href.endsWith('.js')) link.as = 'script';
      link.href = href;
      doc.head.append(link);
    }
  };
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const)
    touched.addEventListener(type, prefetchApp, { passive: true, signal: firstTouch.signal });

  const flash = takeFlash();
  if (flash) {
    const toast = byId(homeIds.toast) as HTMLElement;
    toast.textContent = flash.text;
    toast.hidden = false;
    setTimeout(() => {
      toast.hidden = true;
    }, 3000);
  }
  void started.then(() => {
    doc.documentElement.dataset.ready = 'home';
  });
  return true;
}

// On the page, at once (the script is a module: the markup is parsed). Imported by a test, there is
// no Home markup yet and this does nothing.
if (typeof document !== 'undefined') enhance();
