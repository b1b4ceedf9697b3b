import { LATE_PICKUP_HOURS } from '@dropdesk/contract/constants';
import type { Dashboard } from '../api';
import { stylesheets } from '../styles';
import { fill, type HomeContext, partOf, type Region } from './region';

const styles = stylesheets.home;

/** What a figure's button explains (`data-explain`). */
export type Explained = 'credit' | 'followers';

export interface SheetRegion extends Region<Dashboard> {
  /** Opens the explanation over the page; focus goes back to `opener` when it closes. */
  open(which: Explained, opener: HTMLElement): void;
}

/**
 * The explanations of the credit score and of the followers (`data-region="sheet"`, a template of
 * the sheet's frame): a copy of it, filled from the last dashboard, opens as a native modal dialog.
 */
export function mountSheet(root: HTMLTemplateElement, c: HomeContext): SheetRegion {
  const { doc, texts, n } = c;
  let d: Dashboard | null = null;
  const open = (which: Explained, opener: HTMLElement) => {
    if (!d) return;
    const dialog = (root.content.firstElementChild as HTMLDialogElement).cloneNode(true) as HTMLDialogElement;
    const content = partOf(dialog, 'sheet-content');
    const title = dialog.querySelector('h2') as HTMLElement;
    const para = (text: string) => {
      const p = doc.createElement('p');
      p.className = styles.sheetText ?? '';
      p.textContent = text;
      return p;
    };
    if (which === 'credit') {
      const credit = d.credit;
      title.textContent = fill(texts.credit.title, { score: n(credit.score) });
      const table = doc.createElement('table');
      table.className = styles.sums ?? '';
      table.dataset.testid = 'credit-sums';
      const caption = table.createCaption();
      caption.className = 'visually-hidden';
      caption.textContent = texts.credit.sums;
      const body = table.createTBody();
      const row = (label: string, value: number, sub?: string) => {
        const tr = body.insertRow();
        const th = doc.createElement('th');
        th.scope = 'row';
        th.textContent = label;
        if (sub) {
          const small = doc.createElement('span');
          small.className = styles.sub ?? '';
          small.textContent = sub;
          th.append(doc.createElement('br'), small);
        }
        tr.append(th);
        tr.insertCell().textContent = n(value);
      };
      const times = (events: number, points: number) =>
        fill(texts.credit.times, { events: n(events), points: n(points) });
      row(texts.credit.base, credit.base);
      row(
        fill(texts.credit.latePickups, { hours: n(LATE_PICKUP_HOURS) }),
        -(credit.late_pickups * credit.penalties.late_pickup),
        times(credit.late_pickups, credit.penalties.late_pickup),
      );
      row(
        texts.credit.refundsLost,
        -(credit.refunds_lost * credit.penalties.refund_lost),
        times(credit.refunds_lost, credit.penalties.refund_lost),
      );
      row(texts.credit.score, credit.score);
      content.append(
        para(fill(texts.credit.explain, { base: n(credit.base), days: n(credit.window_days) })),
        table,
        para(fill(texts.credit.tip, { hours: n(LATE_PICKUP_HOURS) })),
      );
    } else {
      title.textContent = texts.followers.title;
      content.append(
        para(c.plural(texts.followers.count, d.followers, { n: n(d.followers) })),
        para(texts.followers.explain),
      );
    }
    dialog.addEventListener('close', () => {
      dialog.remove();
      opener.focus();
    });
    // A tap on the backdrop (outside the sheet's box) closes it, as the app's sheets do.
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) dialog.close();
    });
    const close = partOf<HTMLButtonElement>(dialog, 'close');
    close.addEventListener('click', () => dialog.close());
    doc.body.append(dialog);
    dialog.showModal();
    close.focus();
  };
  return {
    update(data) {
      d = data;
    },
    open,
  };
}
