import { parseMoney } from '@dropdesk/contract/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, useFormatAmount } from '../../../components/Amount';
import ui from '../../../components/ui.module.css';
import { formatDate } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import type { OrderDetail } from '../api/get-order-detail';
import styles from './orders.module.css';

/** Minor units of a wire amount ("-5.00" too); 0 for anything unreadable. */
const minor = (wire: string) => {
  const negative = wire.startsWith('-');
  const n = parseMoney(negative ? wire.slice(1) : wire) ?? 0;
  return negative ? -n : n;
};

type StageState = 'done' | 'current' | 'todo';

interface StageProps {
  name: string;
  state: StageState;
  /** The amount, written with its direction for the merchant ("−" out of the wallet or escrow). */
  amount: ReactNode;
  when?: string | null;
  testId: string;
}

function Stage({ name, state, amount, when, testId }: StageProps) {
  const { t } = useTranslation();
  return (
    <li className={styles.stage} data-state={state} data-testid={testId}>
      <span className={styles.stageName}>
        {name}
        {state === 'current' && <span className={styles.here}>{t('orders.money.here')}</span>}
      </span>
      <span className={styles.stageAmount}>{amount}</span>
      {when && <span className={styles.stageWhen}>{when}</span>}
    </li>
  );
}

const Out = ({ value }: { value: string }) => (
  <>
    {'−'}
    <Amount value={value} />
  </>
);

/**
 * Where the order's money is, at a glance: one sentence for "now", a bar splitting what the buyer
 * paid into held / refunded / settled, then the path it takes (paid by the buyer → held in escrow →
 * cost paid from the wallet at pickup → refunded → settled into the wallet) with amounts and dates,
 * and the profit. Every figure is the server's, from the order's journals.
 */
export function MoneyTrail({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const formatAmount = useFormatAmount();
  const m = order.money;
  const date = (iso: string | null | undefined) => (iso ? formatDate(iso, lang) : null);
  const paid = minor(m.paid);
  const escrow = minor(m.in_escrow);
  const refunded = minor(m.refunded);
  const settled = minor(m.settled);
  const costPaid = minor(m.cost_paid);
  const costReturned = minor(m.cost_returned);
  const profit = minor(m.profit);

  const now =
    paid === 0
      ? order.status === -1
        ? t('orders.money.nowCancelled')
        : t('orders.money.nowUnpaid')
      : settled > 0
        ? t('orders.money.nowSettled', { amount: formatAmount(m.settled) })
        : escrow > 0
          ? m.settles_at
            ? t('orders.money.nowEscrowUntil', {
                amount: formatAmount(m.in_escrow),
                date: date(m.settles_at),
              })
            : t('orders.money.nowEscrow', { amount: formatAmount(m.in_escrow) })
          : t('orders.money.nowRefunded', { amount: formatAmount(m.refunded) });

  const costState: StageState = costPaid > 0 ? 'done' : order.status === 5 ? 'current' : 'todo';

  return (
    <section className={ui.card} aria-labelledby="money-title" data-testid="money-trail">
      <h2 id="money-title" className={ui.sectionTitle}>
        {t('orders.money.title')}
      </h2>
      <p className={styles.now} data-testid="money-now">
        {now}
      </p>
      {paid > 0 && (
        // The same split as the stages below, drawn: hidden from a screen reader, which reads the list.
        <div className={styles.split} aria-hidden="true">
          {escrow > 0 && <span data-part="escrow" style={{ flexGrow: escrow }} />}
          {refunded > 0 && <span data-part="refunded" style={{ flexGrow: refunded }} />}
          {settled > 0 && <span data-part="settled" style={{ flexGrow: settled }} />}
        </div>
      )}
      <ol className={styles.trail}>
        <Stage
          testId="trail-paid"
          name={t('orders.money.paid')}
          state={paid > 0 ? 'done' : order.status === -1 ? 'todo' : 'current'}
          amount={<Amount value={paid > 0 ? m.paid : order.total} />}
          when={paid > 0 ? date(m.paid_at) : t('orders.money.notPaid')}
        />
        <Stage
          testId="trail-escrow"
          name={t('orders.money.escrow')}
          state={escrow > 0 ? 'current' : paid > 0 ? 'done' : 'todo'}
          amount={<Amount value={m.in_escrow} />}
          when={
            escrow > 0
              ? m.settles_at
                ? t('orders.money.escrowUntil', { date: date(m.settles_at) })
                : t('orders.money.escrowUntilReceived')
              : null
          }
        />
        <Stage
          testId="trail-cost"
          name={t('orders.money.cost')}
          state={costState}
          amount={<Out value={costPaid > 0 ? m.cost_paid : order.cost_total} />}
          when={
            costPaid > 0 ? date(order.picked_at) : order.status === 5 ? t('orders.money.costAtPickup') : null
          }
        />
        {costReturned > 0 && (
          <Stage
            testId="trail-cost-returned"
            name={t('orders.money.costReturned')}
            state="done"
            amount={<Amount value={m.cost_returned} signed />}
          />
        )}
        {refunded > 0 && (
          <Stage
            testId="trail-refunded"
            name={t('orders.money.refunded')}
            state="done"
            amount={<Out value={m.refunded} />}
          />
        )}
        <Stage
          testId="trail-settled"
          name={t('orders.money.settled')}
          state={settled > 0 ? 'done' : 'todo'}
          amount={<Amount value={settled > 0 ? m.settled : m.in_escrow} signed={settled > 0} />}
          when={
            settled > 0
              ? date(m.settled_at)
              : m.settles_at
                ? t('orders.money.settlesOn', { date: date(m.settles_at) })
                : null
          }
        />
      </ol>
      <dl className={styles.profit}>
        <dt>
          {/* Final once settled, or once cancelled (nothing more can come in); expected until then. */}
          {settled > 0 || order.status === -1 || order.settlement === 2
            ? t('orders.money.profit')
            : t('orders.money.expectedProfit')}
        </dt>
        <dd data-testid="profit" data-negative={profit < 0 || undefined}>
          <Amount value={m.profit} />
        </dd>
      </dl>
    </section>
  );
}
