import { ORDER_TABS, type OrderStatus } from '@dropdesk/contract/orders';
import { formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { useChosenInView } from '../../../components/chosen-in-view';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import type { OrderCounts } from '../api/get-order-count';
import { useOrderStatusLabel } from './labels';
import styles from './orders.module.css';

export type OrderTab = 'all' | OrderStatus;

interface Props {
  value: OrderTab;
  onChange: (tab: OrderTab) => void;
  /** The counts, once order/orderCount answers; until then (or if it fails) the tabs have none. */
  counts: OrderCounts | undefined;
}

/**
 * All, then the contract's ORDER_TABS (waiting for payment, awaiting pickup, waiting for shipment,
 * shipped, in transit, reached, received, completed, cancelled), each with its count: one row of
 * toggle buttons that scrolls sideways, its far edge faded while more wait there, the chosen one
 * kept in view.
 */
export function StatusTabs({ value, onChange, counts }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const label = useOrderStatusLabel();
  // The counts widen the chips when they arrive: the chosen one is brought into view again.
  const row = useChosenInView<HTMLFieldSetElement>(`${String(value)}|${counts ? 'counted' : ''}`);
  const countOf = (tab: OrderTab) =>
    counts === undefined
      ? undefined
      : tab === 'all'
        ? counts.all
        : (counts.statuses.find((s) => s.status === tab)?.count ?? 0);
  const tabs: { tab: OrderTab; label: string }[] = [
    { tab: 'all', label: t('orders.all') },
    ...ORDER_TABS.map((s) => ({ tab: s, label: label(s) })),
  ];
  return (
    <fieldset ref={row} className={`${ui.chipRow} ${ui.chipRowScroll}`} data-testid="order-tabs">
      <legend className="visually-hidden">{t('orders.tabs')}</legend>
      {tabs.map(({ tab, label: text }) => {
        const n = countOf(tab);
        return (
          <button
            key={String(tab)}
            type="button"
            className={ui.chip}
            aria-pressed={tab === value}
            onClick={() => onChange(tab)}
          >
            {text}
            {n !== undefined && (
              <>
                {' '}
                <span className={styles.count}>{formatNumber(n, lang)}</span>
              </>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
