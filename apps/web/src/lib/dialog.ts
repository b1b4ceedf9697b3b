import { loadToast } from './toast';

/**
 * antd-mobile's Dialog, fetched on first use (its mask and animation code is ~25 KB gzip that no
 * screen needs before the user asks for a confirmation). Loaded after loadToast(), which installs
 * the React 19 renderer antd-mobile's imperative dialogs need.
 */
export async function loadDialog() {
  await loadToast();
  return (await import('antd-mobile/es/components/dialog')).default;
}

/** A confirmation dialog; resolves true when the user confirms. */
export async function confirm(opts: { content: string; confirmText: string; cancelText: string }) {
  const Dialog = await loadDialog();
  return Dialog.confirm({
    ...opts,
    // antd-mobile's dialog role has no name: a screen reader should announce it by its question. Its
    // `aria-label` prop would also land on the box around the dialog, outside any landmark.
    afterShow: () =>
      [...document.querySelectorAll('.adm-dialog [role="dialog"]')]
        .at(-1)
        ?.setAttribute('aria-label', opts.content),
  });
}
