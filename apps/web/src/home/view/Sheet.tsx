/** @jsxImportSource preact */
import { LATE_PICKUP_HOURS } from '@dropdesk/contract/constants';
import type { Dashboard } from '../api';
import { stylesheets } from '../styles';
import { fill } from '../write';
import { Icon } from './Icon';
import type { View } from './view';

const { ui, home: styles } = stylesheets;

/** Opened as a modal dialog as soon as it is on the page, its close button focused. */
const openModal = (dialog: HTMLDialogElement | null) => {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  dialog.querySelector<HTMLButtonElement>('[data-close]')?.focus();
};

/** The credit score: 100 − the penalties, from the dashboard's own inputs. */
function Credit({ v, d }: { v: View; d: Dashboard }) {
  const { texts, w } = v;
  const c = d.credit;
  const times = (events: number, points: number) =>
    fill(texts.credit.times, { events: w.n(events), points: w.n(points) });
  const row = (label: string, value: number, sub?: string) => (
    <tr>
      <th scope="row">
        {label}
        {sub && (
          <>
            <br />
            <span class={styles.sub}>{sub}</span>
          </>
        )}
      </th>
      <td>{w.n(value)}</td>
    </tr>
  );
  return (
    <>
      <p class={styles.sheetText}>
        {fill(texts.credit.explain, { base: w.n(c.base), days: w.n(c.window_days) })}
      </p>
      <table class={styles.sums} data-testid="credit-sums">
        <caption class="visually-hidden">{texts.credit.sums}</caption>
        <tbody>
          {row(texts.credit.base, c.base)}
          {row(
            fill(texts.credit.latePickups, { hours: w.n(LATE_PICKUP_HOURS) }),
            -(c.late_pickups * c.penalties.late_pickup),
            times(c.late_pickups, c.penalties.late_pickup),
          )}
          {row(
            texts.credit.refundsLost,
            -(c.refunds_lost * c.penalties.refund_lost),
            times(c.refunds_lost, c.penalties.refund_lost),
          )}
          {row(texts.credit.score, c.score)}
        </tbody>
      </table>
      <p class={styles.sheetText}>{fill(texts.credit.tip, { hours: w.n(LATE_PICKUP_HOURS) })}</p>
    </>
  );
}

/**
 * The explanation of the credit score or of the followers: a sheet over the page, a native modal
 * dialog; a tap on the backdrop (outside the sheet's box) closes it, as the app's sheets do.
 */
export function Sheet({ v }: { v: View }) {
  const { state, texts, w } = v;
  const d = state.dashboard;
  if (!state.sheet || !d) return null;
  const title =
    state.sheet === 'credit'
      ? fill(texts.credit.title, { score: w.n(d.credit.score) })
      : texts.followers.title;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the backdrop; the keyboard's Escape closes a modal dialog natively
    <dialog
      class="home-sheet"
      aria-labelledby="home-sheet-title"
      ref={openModal}
      onClose={v.on.closeSheet}
      onClick={(e) => {
        if (e.target === e.currentTarget) e.currentTarget.close();
      }}
    >
      <div class={styles.sheetBody}>
        <div class={styles.sheetHead}>
          <h2 id="home-sheet-title" class={styles.sheetTitle}>
            {title}
          </h2>
          <button
            type="button"
            class={ui.iconButton}
            aria-label={v.t('home.close')}
            data-close
            onClick={(e) => (e.currentTarget.closest('dialog') as HTMLDialogElement).close()}
          >
            <Icon svg={texts.closeIcon} />
          </button>
        </div>
        <div>
          {state.sheet === 'credit' ? (
            <Credit v={v} d={d} />
          ) : (
            <>
              <p class={styles.sheetText}>
                {w.plural(texts.followers.count, d.followers, { n: w.n(d.followers) })}
              </p>
              <p class={styles.sheetText}>{texts.followers.explain}</p>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
