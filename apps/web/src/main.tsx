import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
// antd-mobile's theme variables (--adm-color-border, --adm-font-size-*...): its components are
// imported one by one, which leaves them out, and without them borders and backgrounds vanish.
import 'antd-mobile/es/global';
import './app/global.css';
import { routes } from './app/router';
import { takeFlash } from './lib/flash';
import { i18n, initI18n } from './lib/i18n';
import { paths } from './lib/paths';
import { toast } from './lib/toast';

// A lazy screen whose chunk is gone (a new deployment) raises `vite:preloadError`; the import
// then rejects and the route's error boundary offers a reload, so Vite's default is kept.

/**
 * /login arrives prerendered (scripts/prerender.mjs), so a merchant may type before the scripts
 * arrive. What was typed, and where the caret was, carry over into the inputs React draws.
 */
function typedBeforeStart(root: HTMLElement): Array<{ name: string; value: string; focused: boolean }> {
  return [...root.querySelectorAll<HTMLInputElement>('input[name]')]
    .filter((input) => input.value !== '')
    .map((input) => ({ name: input.name, value: input.value, focused: document.activeElement === input }));
}

function carryOver(root: HTMLElement, typed: ReturnType<typeof typedBeforeStart>): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  let tries = 0;
  const apply = () => {
    const inputs = typed.map(
      (t) => [t, root.querySelector<HTMLInputElement>(`input[name="${t.name}"]`)] as const,
    );
    // The screen's chunk may still be on its way: look again on the next frames (about a second).
    if (inputs.some(([, input]) => !input) && ++tries < 60) return void requestAnimationFrame(apply);
    for (const [t, input] of inputs) {
      if (input?.value !== '') continue;
      setValue?.call(input, t.value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      if (t.focused) input.focus();
    }
  };
  requestAnimationFrame(apply);
}

async function start() {
  // Redirect "/" before the router exists, so no lazy screen of "/" is fetched for nothing.
  if (window.location.pathname === '/') {
    window.history.replaceState(null, '', `${paths.login}${window.location.search}${window.location.hash}`);
  }
  const locale = initI18n();
  if (new URLSearchParams(window.location.search).has('data')) {
    // Start-up handoff first: it decides which screen to show.
    // Loaded only then: a partner's handoff is rare, and it brings the HTTP client into the start.
    const [{ runHandoff }] = await Promise.all([import('./features/auth/handoff'), locale]);
    const target = await runHandoff(window.location);
    if (target) window.history.replaceState(null, '', target);
  }
  // The router starts fetching the current screen's chunk at once, alongside the locale.
  const router = createBrowserRouter(routes);
  await locale;
  // Draw once the screen's chunk is in: until then what is on screen (the prerendered /login, or
  // the brand mark) stays, instead of an empty page in between.
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  const root = document.getElementById('root')!;
  const typed = typedBeforeStart(root);
  // A transition: React renders the first screen in slices, yielding to the browser between them,
  // so a slow phone's main thread is never held for the whole render (a long task blocks taps).
  startTransition(() => createRoot(root).render(<RouterProvider router={router} />));
  if (typed.length) carryOver(root, typed);

  const flash = takeFlash();
  if (flash) toast.fail(flash);
}

start().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root)
    root.textContent = i18n.isInitialized ? i18n.t('errors.start') : 'Dropdesk: please reload the page.';
});
