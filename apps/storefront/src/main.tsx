import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { LANDING } from './app/landing';
import './app/global.css';
import { initI18n } from './lib/i18n';

// The landing page's chunk and first reads travel while the language loads (app/landing.ts), which
// answers the page's language: the buyer's choice, else the shop's.
const lang = LANDING.start(location.pathname);
// The language first (one small chunk), then the page: no flash of another language. The first
// render is a transition: React renders in slices and yields between them, so a slow phone's main
// thread is not held for the whole page at once.
void lang.then(initI18n).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App />));
});
