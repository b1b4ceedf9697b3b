import tabs from '../app/TabLayout.module.css';
import chart from '../components/chart/chart.module.css';
import notice from '../components/notice.module.css';
import ui from '../components/ui.module.css';
import home from '../features/home/components/home.module.css';

/**
 * The stylesheets Home's components are drawn with (view/: the tab bar's, the screens' header and
 * chips, the chart's legend, the closed notice, the home feature's), in one place. The page's CSS
 * is its script's (scripts/prerender.mjs writes it inline): the components import this file, and so
 * every one of them (tools/vite-keep-stylesheets.ts keeps an imported CSS module that nothing reads).
 */
export const stylesheets = { tabs, chart, notice, ui, home };
