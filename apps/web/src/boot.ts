/**
 * The page's only script tag: it lets the browser paint what the HTML holds (the prerendered /login,
 * or the brand mark) before the app's scripts are asked for, so on a slow network they don't
 * compete with the HTML and its styles for the first paint. It then starts the app on the next
 * frame, in two tasks: React first, then the app (main.tsx), so a slow phone's main thread is
 * released between the two instead of being held for the whole start.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  await import('react-dom/client');
  await nextTask();
  await import('./main');
}

if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => void start(), 0));
else void start();
