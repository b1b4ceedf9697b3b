import type { EchartRange, Lang } from '@dropdesk/contract/constants';
import { isLang } from '@dropdesk/contract/constants';
import { h, hydrate, render } from 'preact';
// The page's look: the app's base styles and the classes the components draw with (./styles), into
// one stylesheet that scripts/prerender.mjs writes inline into the page.
import '../app/global.css';
import { setFlash, takeFlash } from '../lib/flash';
import { LANG_STORAGE_KEY, storedLang, storeLang } from '../lib/lang-storage';
import { paths } from '../lib/paths';
import { clearSession, readSession, updateSession } from '../lib/session-storage';
import { clearSnapshots, readSnapshot, writeSnapshot } from '../lib/snapshot';
import {
  type Caller,
  CallFailed,
  type Echart,
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
import type { HomeTexts } from './model';
import '../page-base.css';
import './page.css';
import { pullToRefresh } from './pull';
import { type HomeState, initialState } from './state';
import { isQuiet } from './view/Curve';
import { HomeView } from './view/HomeView';
import type { HomeActions } from './view/view';
import { writerOf } from './write';

/**
 * The Home page's behaviour (docs/web.md, "The Home page"). /home is served as HTML prerendered per
 * language from the components of view/ (every label, a dash for each value); this script hydrates
 * the same components with Preact, draws at once what the phone kept, then the API's answers
 * (figures, curve, announcements, the shop's state, the Order tab's badge). Every change is a new
 * HomeState drawn by the components; nothing here writes to the page's elements.
 */

/** Under these names (and the merchant's id) the last answers are kept in local storage. */
const SNAPSHOT = { dashboard: 'dashboard-v1', currency: 'currency-v1', affiche: 'affiche-v1' } as const;
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const TEXTS_ID = 'home-texts';

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

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Once the browser has painted (the task after the next frame); at once in a hidden tab. */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible')
      return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/** Hydrates the page and starts it; answers false when the page is not Home's. */
export function enhance(doc: Document = document, env: PageEnv = browserEnv): boolean {
  const textsEl = doc.getElementById(TEXTS_ID);
  const root = doc.getElementById('root');
  if (!textsEl || !root?.firstElementChild) return false;
  const texts = JSON.parse(textsEl.textContent ?? '{}') as HomeTexts;
  const lang: Lang = isLang(doc.documentElement.lang) ? doc.documentElement.lang : storedLang();

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

  // ---- the state, drawn by the components on every change (a whole-tree diff: a few hundred
  // nodes, well under a millisecond)
  let state: HomeState = initialState();
  let opener: HTMLElement | null = null;
  let chartRoom: HTMLElement | null = null;
  const actions: HomeActions = {
    retry: () => {
      set({ failed: null });
      void loadFigures();
    },
    refresh: () => void refresh(),
    explain: (which, from) => {
      opener = from;
      set({ sheet: which });
    },
    closeSheet: () => {
      set({ sheet: null });
      opener?.focus();
    },
    pickRange: (range) => {
      if (range === state.curve.range) return;
      setCurve({ range });
      void loadCurve();
    },
    togglePause: () => set({ paused: !state.paused }),
    chartRoom: (el) => {
      chartRoom = el;
    },
  };
  const tree = () =>
    h(HomeView, {
      v: {
        state,
        texts,
        lang,
        t: (key) => texts.labels[key],
        w: writerOf(texts, lang, state.currency),
        on: actions,
        // The icons stay as built (view/Icon.tsx).
        icons: {},
      },
    });
  const set = (changes: Partial<HomeState>) => {
    state = { ...state, ...changes };
    render(tree(), root);
  };
  const setCurve = (changes: Partial<HomeState['curve']>) => set({ curve: { ...state.curve, ...changes } });
  // The page as built, hydrated: Preact takes its elements over and sets their listeners.
  hydrate(tree(), root);

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
  const loadFigures = async () => {
    const answer = await attempt(() => getDashboard(caller));
    if (answer instanceof CallFailed) {
      // Figures already on screen stay when a refresh fails; without any, the reason and a retry.
      if (!state.dashboard)
        set({
          failed:
            answer.kind === 'refused' && answer.message
              ? answer.message
              : answer.kind === 'server'
                ? texts.serverFailed
                : texts.loadFailed,
        });
      return;
    }
    writeSnapshot(SNAPSHOT.dashboard, merchantId, answer);
    set({ dashboard: answer, failed: null });
  };

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
  let removeChart: (() => void) | null = null;
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
          const room = chartRoom?.parentElement;
          if (typeof IntersectionObserver === 'undefined' || !room) return resolve();
          requestAnimationFrame(() => {
            const covered = Math.round(root.querySelector('#home-tabs')?.getBoundingClientRect().height ?? 0);
            const watch = new IntersectionObserver(
              (entries) => {
                if (!entries.some((e) => e.isIntersecting)) return;
                watch.disconnect();
                resolve();
              },
              { rootMargin: `0px 0px -${covered}px 0px` },
            );
            watch.observe(room);
          });
        }),
    ));
  /**
   * The chart itself, once its room is on screen: a phone that never scrolls to it never spends the
   * time uPlot takes to load and draw (the sketch, the legend and the table are there already).
   */
  const drawChart = async (data: Echart) => {
    try {
      await chartInView();
      const { drawCurve } = await env.drawCurve();
      // uPlot's evaluation and its first drawing in two tasks, so neither holds a slow phone long.
      await nextTask();
      if (state.curve.data !== data || !chartRoom) return;
      // The sketch goes (the components draw none once the chart is there), uPlot draws in its room.
      setCurve({ chart: true });
      const w = writerOf(texts, lang, state.currency);
      removeChart = drawCurve(
        chartRoom,
        data.series,
        data.series.map((p) => w.point(p.label)),
        w.n,
        (pointed) => setCurve({ pointed }),
      );
    } catch {
      setCurve({ note: texts.curve.failed });
    }
  };
  const drawCurveData = (data: Echart) => {
    removeChart?.();
    removeChart = null;
    setCurve({ data, note: null, chart: false, pointed: null, busy: false });
    if (!isQuiet(data)) void drawChart(data);
  };
  const loadCurve = async () => {
    const wanted: EchartRange = state.curve.range;
    setCurve({ busy: true });
    const answer = await attempt(() => getEchart(caller, wanted));
    if (wanted !== state.curve.range) return;
    if (answer instanceof CallFailed) {
      // The previous range stays drawn; with none, the reason in the chart's room.
      setCurve({
        busy: false,
        note: state.curve.data
          ? state.curve.note
          : answer.kind === 'refused' && answer.message
            ? answer.message
            : texts.loadFailed,
      });
      return;
    }
    drawCurveData(answer);
  };

  // ---- the announcements
  const affiche = `${SNAPSHOT.affiche}-${lang}`;
  // Reduced motion is asked once there are announcements to move (the first query of a page costs
  // a few ms).
  let motion: MediaQueryList | null | undefined;
  const showAnnouncements = (list: HomeState['announcements']) => {
    if (list.length && motion === undefined) {
      motion = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
      motion?.addEventListener('change', () => set({ reducedMotion: motion?.matches ?? false }));
    }
    set({ announcements: list, reducedMotion: motion?.matches ?? false });
  };
  const loadAnnouncements = async () => {
    const answer = await attempt(() => getAffiche(caller));
    // Without them (or when they fail) Home simply shows none.
    if (answer instanceof CallFailed) return;
    writeSnapshot(affiche, merchantId, answer.list);
    showAnnouncements(answer.list);
  };

  // ---- the shop's state (a closed shop's notice) and the Order tab's badge, kept in the session
  const loadShop = async () => {
    const info = await attempt(() => getMerInfo(caller));
    if (info instanceof CallFailed) return;
    updateSession({ merinfo: info });
    set({ merinfo: info });
  };
  const loadBadge = async () => {
    const total = await attempt(() => getOrderBadge(caller));
    if (total instanceof CallFailed) return;
    updateSession({ orderTotal: total });
    set({ badge: total });
  };
  // Amounts written before the currency was known are written again with it (the components do).
  const loadCurrency = async () => {
    const answer = await attempt(() => getCurrency(caller));
    if (answer instanceof CallFailed) return;
    writeSnapshot(SNAPSHOT.currency, merchantId, answer);
    if (answer.code !== state.currency?.code || answer.symbol !== state.currency.symbol)
      set({ currency: answer });
  };

  // ---- refreshing: the header's button, and pulling down
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
      set({ refreshing: false });
    });
    set({ refreshing: true });
    return refreshing;
  };
  const main = root.querySelector('main');
  if (main) pullToRefresh(main, (pull) => set({ pull }), refresh);

  // ---- start: draw what the phone kept, then ask the server
  const flash = takeFlash();
  set({
    merinfo: session.merinfo,
    badge: session.orderTotal,
    currency: readSnapshot(SNAPSHOT.currency, merchantId, isCurrency)?.data ?? null,
    dashboard: readSnapshot(SNAPSHOT.dashboard, merchantId, isDashboard)?.data ?? null,
    toast: flash?.text ?? null,
  });
  const keptAnnouncements = readSnapshot(affiche, merchantId, isAnnouncements);
  if (keptAnnouncements) showAnnouncements(keptAnnouncements.data);
  if (flash) setTimeout(() => set({ toast: null }), 3000);
  // The questions go once what the page holds is on screen: asked before the first paint, their
  // answers would compete with it for a slow phone's network and main thread.
  const started = afterFirstPaint().then(() => Promise.all([loadCurrency(), refresh()]));
  resolveFirstAnswers(started);

  // The app's start files, fetched into the HTTP cache at the merchant's first touch or key: the
  // next screen then skips the network. Not before: fetched as the page loads, they compete with
  // it for a slow phone's network and delay its figures. `prefetch`, not `modulepreload`: a
  // module preload is also compiled at once, on the main thread.
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
    root.addEventListener(type, prefetchApp, { passive: true, signal: firstTouch.signal });

  void started.then(() => {
    doc.documentElement.dataset.ready = 'home';
  });
  return true;
}

// On the page, at once (the script is a module: the markup is parsed). Imported by a test, there is
// no Home markup yet and this does nothing.
if (typeof document !== 'undefined') enhance();
