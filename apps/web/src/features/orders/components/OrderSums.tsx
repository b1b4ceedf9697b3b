import { useTranslation } from 'react-i18next';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { useFigureNames } from '../../../lib/figure-names';
import { minorOf } from '../../../lib/money';
import type { OrderPage } from '../api/get-orders';
import styles from './orders.module.css';

type Sums = NonNullable<OrderPage['sums']>;

/**
 * What every order of a figure's list adds up to (the server's sums, not this page's), in the
 * figures' own names: the figure that opened the list is one of them (docs/figures.md).
 */
export function OrderSums({ sums }: { sums: Sums }) {
  const { t } = useTranslation();
  const names = useFigureNames();
  const formatAmount = useFormatAmount();
  const negative = minorOf(sums.profit) < 0;
  return (
    <section className={styles.sums} aria-labelledby="order-sums-title" data-testid="order-sums">
      <h2 id="order-sums-title" className={styles.sumsTitle}>
        {t('orders.sums.title', { count: sums.orders })}
      </h2>
      <dl className={styles.sumsGrid}>
        <div data-testid="sum-orders">
          <dt>{names.orders}</dt>
          <dd>{sums.sold}</dd>
        </div>
        <div data-testid="sum-sales">
          <dt>{names.sales}</dt>
          <dd>
            <Amount value={sums.sales} />
          </dd>
        </div>
        <div data-testid="sum-refunded">
          <dt>{names.refunded}</dt>
          <dd>
            <Amount value={sums.refunded} />
          </dd>
        </div>
        <div data-testid="sum-cost">
          <dt>{names.cost}</dt>
          <dd>
            <Amount value={sums.cost} />
            {minorOf(sums.cost_estimated) !== 0 && (
              <span className={styles.sumsSub}>
                {t('figures.costEstimated', { amount: formatAmount(sums.cost_estimated) })}
              </span>
            )}
          </dd>
        </div>
        <div data-testid="sum-profit">
          <dt>{names.profit}</dt>
          <dd data-negative={negative || undefined}>
            <Amount value={sums.profit} />
          </dd>
        </div>
        <div data-testid="sum-in-escrow">
          <dt>{names.inEscrow}</dt>
          <dd>
            <Amount value={sums.in_escrow} />
          </dd>
        </div>
      </dl>
      <p className={styles.sumsNote}>{t('orders.sums.note')}</p>
    </section>
  );
}
