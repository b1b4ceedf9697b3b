import { isLang, type Lang } from '@dropdesk/contract/constants';
// The page's look: the app's base styles and the classes HomeView draws with (./styles), into one
// stylesheet that scripts/prerender.mjs writes inline into the page.
import '../app/global.css';
import { setFlash, takeFlash } from '../lib/flash';
import { inStoredLang, loadPageIn, storedLang } from '../lib/lang-storage';
import { paths } from '../lib/paths';
import { clearSession, readSession, updateSession } from '../lib/session-storage';
import { clearSnapshots, readSnapshot, writeSnapshot } from '../lib/snapshot';
import {
  type Caller,
  CallFailed,
  type Dashboard,
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
import { type HomeTexts, TEXTS_ID } from './spec';
import '../page-base.css';
import './page.css';
import { mountAnnouncements } from './regions/announcements';
import { mountBadge } from './regions/badge';
import { mountClosed } from './regions/closed';
import { mountCurve } from './regions/curve';
import { mountFigures } from './regions/figures';
import { mountPull, mountRefresh } from './regions/pull';
import { homeContext, nextTask, regionOf } from './regions/region';
import { mountSheet } from './regions/sheet';
import { mountStatus } from './regions/status';
import { mountToast } from './regions/toast';

/**
 * The Home page's behaviour (docs/web.md, "The Home page"). /home is served as HTML prerendered per
 * language (HomeView.tsx: every label, a dash for each value), and this script, a few kilobytes,
 * fills it without React: at once from the last figures kept on the phone, then from the API
 * (figures, curve, announcements, the shop's state, the Order tab's badge). The figures and the
 * shortcuts are plain links into the app, whose start files are fetched into the HTTP cache at the
 * merchant's first touch, so the next screen opens sooner.
 *
 * This module only orchestrates: it reads the session and the snapshots, mounts each region of the
 * page (regions/: a module per region, `mountX(root, ctx)` answering `{ update(data) }`), asks the
 * API (api.ts) and hands each answer, typed, to its region, each in a task of its own.
 */

/** Under these names (and the merchant's id) the last answers are kept in local storage. */
const SNAPSHOT = { dashboard: 'dashboard-v1', currency: 'currency-v1', affiche: 'affiche-v1' } as const;

export interface PageEnv {
  /** Opens another address with a full page load (the login page). */
  go: (url: string) => void;
  /** Loads this page again in a language (the server sends it in the one its address names). */
  reload: (lang: Lang) => void;
  /** The curve's drawing (uPlot, loaded on first use); replaceable in tests, where there is no canvas. */
  drawCurve: () => Promise<typeof import('./curve')>;
  fetch?: typeof fetch;
}

const browserEnv: PageEnv = {
  go: (url) => window.location.replace(url),
  reload: loadPageIn,
  drawCurve: () => import('./curve'),
};

/** Once the browser has painted (the task after the next frame); at once in a hidden tab. */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible')
      return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/** Wires the page up; answers false when the markup is not Home's. */
export function enhance(doc: Document = document, env: PageEnv = browserEnv): boolean {
  const textsEl = doc.getElementById(TEXTS_ID);
  const main = regionOf(doc, 'main');
  if (!textsEl || !main) return false;
  const texts = JSON.parse(textsEl.textContent ?? '{}') as HomeTexts;
  const lang: Lang = isLang(doc.documentElement.lang) ? doc.documentElement.lang : storedLang();

  if (!inStoredLang(lang, env.reload)) return true;

  // No session: the login page, with its message, and back here after.
  const session = readSession();
  if (!session) {
    setFlash(texts.logInFirst);
    env.go(`${paths.login}?redirect=${encodeURIComponent(paths.home)}`);
    return true;
  }
  const merchantId = session.merinfo?.id;
  const caller: Caller = { token: session.token, lang, ...(env.fetch ? { fetch: env.fetch } : {}) };
  const c = homeContext(
    doc,
    lang,
    texts,
    readSnapshot(SNAPSHOT.currency, merchantId, isCurrency)?.data ?? null,
  );

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

  // The first round of answers drawn (the start below): the chart waits for it.
  let resolveFirstAnswers: (done: Promise<unknown>) => void = () => undefined;
  const firstAnswers = new Promise<void>((resolve) => {
    resolveFirstAnswers = (done) =>
      void done.then(
        () => resolve(),
        () => resolve(),
      );
  });

  // ---- the regions
  const tabs = regionOf(doc, 'tabs');
  const sheet = mountSheet(regionOf<HTMLTemplateElement>(doc, 'sheet'), c);
  const figures = mountFigures(regionOf(doc, 'figures'), c, sheet.open);
  const status = mountStatus(main, c, () => {
    status.update('loading');
    void loadFigures();
  });
  const curve = mountCurve(regionOf(doc, 'curve'), c, {
    ask: (range) => attempt(() => getEchart(caller, range)),
    draw: env.drawCurve,
    firstAnswers,
    covered: () => Math.round(tabs.getBoundingClientRect().height),
  });
  const announcements = mountAnnouncements(regionOf(doc, 'announcements'), c);
  const closed = mountClosed(regionOf(doc, 'closed'), c);
  const badge = mountBadge(tabs);

  // ---- the answers, each to its region
  let dashboard: Dashboard | null = null;
  const showFigures = (d: Dashboard) => {
    dashboard = d;
    figures.update(d);
    sheet.update(d);
    status.update('shown');
  };
  const loadFigures = async () => {
    const answer = await attempt(() => getDashboard(caller));
    // Figures already on screen stay when a refresh fails; without any, the reason and a retry.
    if (answer instanceof CallFailed) {
      if (!dashboard) status.update(answer);
      return;
    }
    writeSnapshot(SNAPSHOT.dashboard, merchantId, answer);
    showFigures(answer);
  };
  const affiche = `${SNAPSHOT.affiche}-${lang}`;
  const loadAnnouncements = async () => {
    const answer = await attempt(() => getAffiche(caller));
    // Without them (or when they fail) Home simply shows none.
    if (answer instanceof CallFailed) return;
    writeSnapshot(affiche, merchantId, answer.list);
    announcements.update(answer.list);
  };
  // The shop's state (a closed shop's notice) and the Order tab's badge are kept in the session.
  const loadShop = async () => {
    const info = await attempt(() => getMerInfo(caller));
    if (info instanceof CallFailed) return;
    updateSession({ merinfo: info });
    closed.update(info);
  };
  const loadBadge = async () => {
    const total = await attempt(() => getOrderBadge(caller));
    if (total instanceof CallFailed) return;
    updateSession({ orderTotal: total });
    badge.update(total);
  };
  const loadCurrency = async () => {
    const answer = await attempt(() => getCurrency(caller));
    if (answer instanceof CallFailed) return;
    writeSnapshot(SNAPSHOT.currency, merchantId, answer);
    if (answer.code === c.currency?.code && answer.symbol === c.currency.symbol) return;
    c.currency = answer;
    // Amounts written before the currency was known are written again with it.
    if (dashboard) showFigures(dashboard);
    curve.rewrite();
  };

  // ---- refreshing: the header's button, and pulling down
  let refreshing: Promise<unknown> | null = null;
  const refresh = () => {
    refreshing ??= Promise.all([
      loadFigures(),
      curve.load(),
      loadAnnouncements(),
      loadShop(),
      loadBadge(),
    ]).finally(() => {
      refreshing = null;
      refreshButton.update(false);
    });
    refreshButton.update(true);
    return refreshing;
  };
  const refreshButton = mountRefresh(regionOf<HTMLButtonElement>(doc, 'refresh'), refresh);
  mountPull(main, c, refresh);

  // ---- start: paint what the phone kept, then ask the server
  closed.update(session.merinfo);
  badge.update(session.orderTotal);
  const kept = readSnapshot(SNAPSHOT.dashboard, merchantId, isDashboard);
  if (kept) showFigures(kept.data);
  const keptAnnouncements = readSnapshot(affiche, merchantId, isAnnouncements);
  if (keptAnnouncements) announcements.update(keptAnnouncements.data);
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
  if (flash) mountToast(regionOf(doc, 'toast')).update(flash.text);
  void started.then(() => {
    doc.documentElement.dataset.ready = 'home';
  });
  return true;
}

// On the page, at once (the script is a module: the markup is parsed). Imported by a test, there is
// no Home markup yet and this does nothing.
if (typeof document !== 'undefined') enhance();
