/**
 * The page's only script tag: it lets the browser paint what the HTML holds (the prerendered /login,
 * or the brand mark) before the app's scripts are asked for, so on a slow network they don't
 * compete with the HTML and its styles for the first paint. It then starts the app on the next
 * frame; the router asks for the screen's chunk at once (main.tsx).
 */
const start = () => void import('./main');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
