import { formatDate } from '@dropdesk/web-kit/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, useFormatAmount } from '../../../components/Amount';
import ui from '../../../components/ui.module.css';
import { useFigureNames } from '../../../lib/figure-names';
import { currentLang } from '../../../lib/i18n';
import { minorOf as minor } from '../../../lib/money';
import type { OrderDetail } from '../api/get-order-detail';
import styles from './orders.module.css';

type StageState = 'done' | 'current' | 'todo';

interface StageProps {
  name: string;
  state: StageState;
  /** The amount, written with its direction for the merchant ("−" out of the wallet or escrow). */
  amount: ReactNode;
  when?: string | null;
  /** Why (a cost kept or returned). */
  why?: string | null;
  testId: string;
}

function Stage({ name, state, amount, when, why, testId }: StageProps) {
  const { t } = useTranslation();
  return (
    <li className={styles.stage} data-state={state} data-testid={testId}>
      <span className={styles.stageName}>
        {name}
        {state === 'current' && <span className={styles.here}>{t('orders.money.here')}</span>}
      </span>
      <span className={styles.stageAmount}>{amount}</span>
      {when && <span className={styles.stageWhen}>{when}</span>}
      {why && <span className={styles.stageWhy}>{why}</span>}
    </li>
  );
}

/** Money out of the wallet or escrow: "−$16.20" (nothing out is "$0.00", no sign). */
const Out = ({ value }: { value: string }) => (
  <>
    {minor(value) !== 0 && '−'}
    <Amount value={value} />
  </>
);

/** A gain green, a loss red, nothing plain (a loss is never drawn in green). */
const signOf = (n: number) => (n > 0 ? 'plus' : n < 0 ? 'minus' : 'zero');

/**
 * Where the order's money is and who bore what: one sentence for "now" (after a refund, who got
 * what back and what it cost the merchant, and why), a bar splitting what the buyer paid into held
 * / refunded / settled, the path it took (paid → refunded from escrow → held or settled into the
 * wallet; the cost paid at pickup, kept or returned and why), then the order's figures by Home's
 * and the finance report's names: sales − cost = the result for the merchant. Every amount is the
 * server's, from the order's journals.
 */
export function MoneyTrail({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const names = useFigureNames();
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
  const cancelled = order.status === -1;

  const now =
    paid === 0
      ? cancelled
        ? t('orders.money.nowCancelled')
        : t('orders.money.nowUnpaid')
      : m.cost_kept === 'shipped' && escrow === 0 && settled === 0
        ? t('orders.money.storyShipped', {
            refunded: formatAmount(m.refunded),
            cost: formatAmount(costPaid - costReturned),
            loss: formatAmount(-profit),
          })
        : cancelled && costReturned > 0
          ? t('orders.money.storyEarly', {
              refunded: formatAmount(m.refunded),
              cost: formatAmount(m.cost_returned),
            })
          : cancelled
            ? t('orders.money.storyUnpicked', { refunded: formatAmount(m.refunded) })
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
  const pickedOrWaiting = costPaid > 0 || order.status === 5;

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
          state={paid > 0 ? 'done' : cancelled ? 'todo' : 'current'}
          amount={<Amount value={paid > 0 ? m.paid : order.total} />}
          when={paid > 0 ? date(m.paid_at) : t('orders.money.notPaid')}
        />
        {refunded > 0 && (
          <Stage
            testId="trail-refunded"
            name={t('orders.money.refundedFromEscrow')}
            state="done"
            amount={<Out value={m.refunded} />}
          />
        )}
        {(escrow > 0 || (paid > 0 && refunded < paid)) && (
          <Stage
            testId="trail-escrow"
            name={names.inEscrow}
            state={escrow > 0 ? 'current' : 'done'}
            amount={<Amount value={m.in_escrow} />}
            when={
              escrow > 0
                ? m.settles_at
                  ? t('orders.money.escrowUntil', { date: date(m.settles_at) })
                  : t('orders.money.escrowUntilReceived')
                : null
            }
          />
        )}
        {pickedOrWaiting && (
          <Stage
            testId="trail-cost"
            name={m.cost_estimated ? t('orders.money.costToPay') : names.wallet.cost_paid}
            state={costState}
            amount={<Out value={costPaid > 0 ? m.cost_paid : order.cost_total} />}
            when={costPaid > 0 ? date(order.picked_at) : t('orders.money.costAtPickup')}
            why={m.cost_kept === 'shipped' ? t('orders.money.costKept') : null}
          />
        )}
        {costReturned > 0 && (
          <Stage
            testId="trail-cost-returned"
            name={names.wallet.cost_returned}
            state="done"
            amount={<Amount value={m.cost_returned} signed />}
            why={t('orders.money.costReturnedWhy')}
          />
        )}
        {!cancelled && refunded < minor(order.total) && (
          <Stage
            testId="trail-settled"
            name={names.settled}
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
        )}
      </ol>
      {/* The order's figures, by the names Home and the finance report give them: sales − cost = result. */}
      <dl className={styles.result} data-testid="money-result">
        <div>
          <dt>{names.sales}</dt>
          <dd data-testid="result-sales">
            <Amount value={m.sales} />
          </dd>
        </div>
        <div>
          <dt>
            {names.cost}
            {m.cost_estimated && ` (${t('orders.money.estimate')})`}
          </dt>
          <dd data-testid="result-cost">
            <Out value={m.cost} />
          </dd>
        </div>
      </dl>
      <dl className={styles.profit}>
        <dt>{m.profit_final ? t('orders.money.result') : t('orders.money.resultExpected')}</dt>
        <dd data-testid="profit" data-sign={signOf(profit)}>
          <Amount value={m.profit} />
        </dd>
      </dl>
    </section>
  );
}
