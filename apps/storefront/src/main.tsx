import { createRoot } from 'react-dom/client';
import { App, preloadLanding } from './app/App';
import './app/global.css';
import { initI18n } from './lib/i18n';

preloadLanding(location.pathname);
// The buyer's language first (one small chunk), then the page: no flash of another language.
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(<App />);
});
