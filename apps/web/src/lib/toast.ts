import { LOADING_TOAST_MS } from '@dropdesk/contract/constants';

/**
 * Toasts through antd-mobile, loaded on first use so the entry chunk stays small.
 * antd-mobile renders imperative toasts with ReactDOM.render, which React 19 removed:
 * `unstableSetRender` (documented by antd-mobile for React 19) gives it createRoot.
 */
let ready: Promise<typeof import('antd-mobile/es/components/toast').default> | undefined;

/** The roots antd-mobile's imperative toasts and dialogs render into, until each closes. */
const imperativeRoots = new Set<{ unmount(): void }>();

export function loadToast() {
  ready ??= Promise.all([
    import('antd-mobile/es/components/toast'),
    import('antd-mobile/es/utils/unstable-render'),
    import('react-dom/client'),
  ]).then(([toast, render, client]) => {
    render.unstableSetRender((node, container) => {
      const root = client.createRoot(container);
      imperativeRoots.add(root);
      root.render(node);
      return async () => {
        await Promise.resolve();
        if (imperativeRoots.delete(root)) root.unmount();
      };
    });
    return toast.default;
  });
  return ready;
}

/**
 * Unmounts every toast and dialog still open, at once. Their own close waits for timers and
 * animations: a test file that ends first would see React work after its document is gone.
 */
export function unmountImperativeRoots(): void {
  for (const root of imperativeRoots) root.unmount();
  imperativeRoots.clear();
}

type Icon = 'success' | 'fail' | 'loading';

let live: HTMLElement | null = null;

/** antd-mobile hides its toast from assistive technology (aria-hidden mask): repeat it in a live region. */
function announce(text: string, assertive: boolean): void {
  if (typeof document === 'undefined') return;
  if (!live?.isConnected) {
    live = document.createElement('div');
    live.className = 'visually-hidden';
    live.setAttribute('aria-live', 'polite');
    live.setAttribute('aria-atomic', 'true');
    live.dataset.testid = 'announcer';
    document.body.appendChild(live);
  }
  live.setAttribute('aria-live', assertive ? 'assertive' : 'polite');
  live.textContent = '';
  const el = live;
  setTimeout(() => {
    el.textContent = text;
  }, 50);
}

function show(content: string, icon?: Icon, duration?: number, blocking = false): () => void {
  announce(content, icon === 'fail');
  let closed = false;
  let close = () => {
    closed = true;
  };
  void loadToast().then((Toast) => {
    if (closed) return;
    // A message sits near the top, off the form the merchant is filling; a loading one in the middle.
    const position = icon === 'loading' ? 'center' : 'top';
    const handler = Toast.show({ content, icon, duration, position, maskClickable: !blocking });
    close = () => handler.close();
  });
  return () => close();
}

export const toast = {
  info: (content: string) => show(content),
  success: (content: string) => show(content, 'success'),
  fail: (content: string) => show(content, 'fail', 2500),
  /** A loading toast, 2000 ms unless told; `blocking` stops clicks underneath. Returns close(). */
  loading: (content: string, opts: { duration?: number; blocking?: boolean } = {}) =>
    show(content, 'loading', opts.duration ?? LOADING_TOAST_MS, opts.blocking ?? false),
};
