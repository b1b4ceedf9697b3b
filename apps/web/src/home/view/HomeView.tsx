/** @jsxImportSource preact */
import { TAB_LIST } from '../../app/tab-list';
import { homePaths } from '../../features/home/paths';
import { paths } from '../../lib/paths';
import type { LabelKey } from '../model';
import { PULL_THRESHOLD } from '../pull';
import { stylesheets } from '../styles';
import { Announcements } from './Announcements';
import { ClosedNotice } from './ClosedNotice';
import { CurveCard } from './Curve';
import { Figures } from './Figures';
import { Icon } from './Icon';
import { Region } from './Region';
import { Sheet } from './Sheet';
import type { IconName, View } from './view';

const { tabs: tabStyles, ui, home: styles } = stylesheets;

const SHORTCUTS: { icon: IconName; to: string; label: LabelKey }[] = [
  { icon: 'settings', to: homePaths.settingup, label: 'home.shortcut.settings' },
  { icon: 'refunds', to: homePaths.refundRequest, label: 'home.shortcut.refunds' },
  { icon: 'express', to: homePaths.storeExpress, label: 'home.shortcut.express' },
  { icon: 'service', to: homePaths.service, label: 'home.shortcut.service' },
  { icon: 'withdraw', to: homePaths.withdraw, label: 'home.shortcut.withdraw' },
  { icon: 'distribution', to: homePaths.distribution, label: 'home.shortcut.distribution' },
];

/** The line pulling the page down shows (pull.ts), hidden when it is not pulled. */
function Puller({ v }: { v: View }) {
  const { pull } = v.state;
  const texts = v.texts.pull;
  const height = pull === 'refreshing' ? 40 : pull;
  return (
    <p
      class="home-puller"
      aria-hidden="true"
      hidden={pull !== 'refreshing' && pull <= 0}
      style={height > 0 ? { height: `${height}px` } : undefined}
    >
      {pull === 'refreshing'
        ? texts.refreshing
        : pull > 0
          ? pull >= PULL_THRESHOLD
            ? texts.release
            : texts.pulling
          : ''}
    </p>
  );
}

/** Loading, or why the figures could not be had, with a retry (figures already shown stay). */
function FiguresState({ v }: { v: View }) {
  const { state, t } = v;
  return (
    <>
      <p class={ui.center} role="status" id="home-loading" hidden={!!state.dashboard || !!state.failed}>
        {t('common.loading')}
      </p>
      <div class={ui.center} role="alert" hidden={!state.failed}>
        <p>{state.failed}</p>
        <button type="button" class={ui.secondaryButton} onClick={v.on.retry}>
          {t('common.retry')}
        </button>
      </div>
    </>
  );
}

/** The shortcuts into the app: drawn once (Region), they never change. */
function Shortcuts({ v }: { v: View }) {
  const { t } = v;
  return (
    <nav class={styles.card} aria-labelledby="home-shortcuts">
      <h2 id="home-shortcuts" class={styles.cardTitleAlone}>
        {t('home.shortcut.title')}
      </h2>
      <ul class={styles.shortcuts}>
        {SHORTCUTS.map((s) => (
          <li key={s.icon}>
            <a href={s.to} class={styles.shortcut}>
              <span class={styles.shortcutIcon} aria-hidden="true">
                <Icon svg={v.icons[s.icon]} />
              </span>
              {t(s.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab bar, Home the current tab, the Order tab with its badge. */
function TabBar({ v }: { v: View }) {
  const { t, state } = v;
  const badge = state.badge > 99 ? '99+' : String(state.badge);
  const shown = state.badge > 0;
  return (
    <nav class={tabStyles.bar} aria-label={t('tabs.label')} id="home-tabs">
      <ul class={tabStyles.list}>
        {TAB_LIST.map((tab, i) => {
          const current = tab.path === paths.home;
          const order = tab.path === paths.order;
          return (
            <li key={tab.path}>
              <a
                href={tab.path}
                class={current ? tabStyles.active : tabStyles.tab}
                aria-current={current ? 'page' : undefined}
              >
                <span class={tabStyles.icon} aria-hidden="true">
                  <Icon svg={v.icons[`tab${i}` as IconName]} />
                  {order && (
                    <span class={tabStyles.badge} hidden={!shown}>
                      {shown && badge}
                    </span>
                  )}
                </span>
                <span class={tabStyles.title}>{t(tab.title)}</span>
                {order && (
                  <span class="visually-hidden" hidden={!shown}>
                    {shown && `(${badge})`}
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The Home page, one component per region, each drawn from the page's state (HomeState) and its
 * texts. The same tree renders the page's HTML at build for each language (src/prerender.tsx,
 * scripts/prerender.mjs: every label in place, a dash for each value) and is hydrated by Preact in
 * the browser (page.ts), which then draws what the phone kept and the API's answers. Every link is
 * a plain link into the app.
 *
 * It is drawn with the app's own stylesheets (the tab bar's, the screens' header, the home
 * feature's), so it looks like the app around it.
 */
export function HomeView({ v }: { v: View }) {
  const { t, state } = v;
  return (
    <div class={tabStyles.layout}>
      <div class={tabStyles.content}>
        <div class={ui.page}>
          <header class={ui.header}>
            <span class={ui.headerSide} style={{ justifyContent: 'flex-start' }} />
            <h1 class={ui.title}>{t('routes.home')}</h1>
            <span class={ui.headerSide}>
              <button
                type="button"
                class={ui.iconButton}
                aria-label={t('common.refresh')}
                disabled={state.refreshing}
                onClick={v.on.refresh}
              >
                {/* Coordinates to a tenth, as the build has always written this page's icons. */}
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M20 12a8 8 0 1 1-2.3-5.6M20 4v5h-5"
                    fill="none"
                    stroke="currentColor"
                    stroke-width="2"
                    stroke-linecap="round"
                    stroke-linejoin="round"
                  />
                </svg>
              </button>
            </span>
          </header>
          <main class={ui.body} id="home-main">
            <Region deps={[state.pull]}>{() => <Puller v={v} />}</Region>
            <Region deps={[state.merinfo]}>{() => <ClosedNotice v={v} />}</Region>
            <Region deps={[state.announcements, state.paused, state.reducedMotion]}>
              {() => <Announcements v={v} />}
            </Region>
            <Region deps={[state.dashboard, state.failed]}>{() => <FiguresState v={v} />}</Region>
            <Region deps={[state.dashboard, state.failed, state.currency]}>{() => <Figures v={v} />}</Region>
            <Region deps={[state.curve, state.currency]}>{() => <CurveCard v={v} />}</Region>
            <Region deps={[]}>{() => <Shortcuts v={v} />}</Region>
          </main>
        </div>
      </div>
      <Region deps={[state.badge]}>{() => <TabBar v={v} />}</Region>
      <Region deps={[state.sheet, state.dashboard, state.currency]}>{() => <Sheet v={v} />}</Region>
      <p class="page-toast" role="status" aria-live="polite" hidden={!state.toast}>
        {state.toast}
      </p>
    </div>
  );
}
