import { parseMoney } from '@dropdesk/contract/money';
import { pickBatchBody, pickBody } from '@dropdesk/contract/orders';
import Popup from 'antd-mobile/es/components/popup';
import { type FormEventHandler, type ReactNode, useEffect, useRef, useState } from 'react';
import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '../../../components/Amount';
import { FormPayPassword } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import sheet from '../../../components/sheet.module.css';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import type { Order } from '../api/get-orders';
import { usePickBatch } from '../api/pick-batch';
import { usePickOrder } from '../api/pick-order';
import { orderPaths } from '../paths';
import { useAttemptKey } from './attempt';
import styles from './orders.module.css';

/** What the sheet picks up: one order (order/pick), or several at once (order/pick_batch). */
export type PickTarget = { mode: 'one'; order: Order } | { mode: 'batch'; orders: Order[] };

/** What a pickup did: the orders picked (with the cost paid) and those that could not be, with why. */
interface Summary {
  picked: { id: number; orderNo: string; cost: string }[];
  failed: { id: number; orderNo: string; error: string | null; msg: string }[];
  balance: string;
}

const sumCosts = (orders: Order[]) => orders.reduce((n, o) => n + (parseMoney(o.cost_total) ?? 0), 0);

/** Links a refusal calls for: a short balance to top up, a missing payment password to set. */
function RefusalLinks({ keys }: { keys: (string | number | null | undefined)[] }) {
  const { t } = useTranslation();
  return (
    <>
      {keys.includes('BALANCE_SHORT') && (
        <Link className={ui.link} to={orderPaths.recharge}>
          {t('orders.topUp')}
        </Link>
      )}
      {keys.includes('PAY_PASSWORD_NOT_SET') && (
        <Link className={ui.link} to={orderPaths.setPaypwd}>
          {t('routes.setPaypwd')}
        </Link>
      )}
    </>
  );
}

/** The part every pickup form shares: what is paid, the payment password, the button, the way out. */
function PayForm<T extends { pay_password: string }>({
  control,
  onSubmit,
  title,
  cost,
  children,
  refusedWith,
  onCancel,
}: {
  control: Control<T>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  title: string;
  cost: string | number;
  /** Said between the explanation and the password. */
  children?: ReactNode;
  refusedWith: string | number | undefined;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form className={sheet.form} onSubmit={onSubmit} noValidate>
      <h2 className={sheet.formTitle}>{title}</h2>
      <p className={ui.hint}>
        {t('orders.payCost')}{' '}
        <strong data-testid="pick-cost">
          <Amount value={cost} />
        </strong>
      </p>
      <p className={ui.hint}>{t('orders.pickExplain')}</p>
      {children}
      <FormPayPassword
        control={control}
        name={'pay_password' as FieldPath<T>}
        label={t('orders.payPassword')}
        testId="pick-pay-password"
      />
      <SubmitBar control={control} label={t('orders.payAndPick')} />
      <RefusalLinks keys={[refusedWith]} />
      <button type="button" className={ui.link} onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

function PickOneForm({
  order,
  onDone,
  onCancel,
}: {
  order: Order;
  onDone: (s: Summary) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const pick = usePickOrder();
  const attempt = useAttemptKey();
  const form = useContractForm(pickBody, { defaultValues: { id: order.id, pay_password: '' } });
  const onSubmit = form.submit(async (body) => {
    try {
      const res = await pick.mutateAsync({ body, idempotencyKey: attempt.keyFor(body) });
      onDone({
        picked: [{ id: res.order.id, orderNo: res.order.order_no, cost: res.order.cost_total }],
        failed: [],
        balance: res.balance,
      });
    } catch (error) {
      attempt.failed(error);
      // A payment password is typed again after any refusal.
      form.setValue('pay_password', '');
      throw error;
    }
  });
  return (
    <PayForm
      control={form.control}
      onSubmit={onSubmit}
      title={t('orders.pickTitle', { orderNo: order.order_no })}
      cost={order.cost_total}
      refusedWith={form.formState.errors.root?.server?.type}
      onCancel={onCancel}
    />
  );
}

function PickBatchForm({
  orders,
  onDone,
  onCancel,
}: {
  orders: Order[];
  onDone: (s: Summary) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const pick = usePickBatch();
  const attempt = useAttemptKey();
  const form = useContractForm(pickBatchBody, {
    defaultValues: { ids: orders.map((o) => o.id), pay_password: '' },
  });
  const onSubmit = form.submit(async (body) => {
    try {
      const res = await pick.mutateAsync({ body, idempotencyKey: attempt.keyFor(body) });
      const byId = new Map(orders.map((o) => [o.id, o]));
      const orderNo = (id: number) => byId.get(id)?.order_no ?? String(id);
      onDone({
        picked: res.results
          .filter((r) => r.picked)
          .map((r) => ({ id: r.id, orderNo: orderNo(r.id), cost: byId.get(r.id)?.cost_total ?? '0.00' })),
        failed: res.results
          .filter((r) => !r.picked)
          // The server's own words: BALANCE_SHORT's says how much is missing.
          .map((r) => ({
            id: r.id,
            orderNo: orderNo(r.id),
            error: r.error,
            msg: r.msg ?? t('orders.notPicked'),
          })),
        balance: res.balance,
      });
    } catch (error) {
      attempt.failed(error);
      form.setValue('pay_password', '');
      throw error;
    }
  });
  return (
    <PayForm
      control={form.control}
      onSubmit={onSubmit}
      title={t('orders.pickManyTitle', { count: orders.length })}
      cost={sumCosts(orders)}
      refusedWith={form.formState.errors.root?.server?.type}
      onCancel={onCancel}
    >
      <p className={ui.hint}>{t('orders.pickManyExplain')}</p>
    </PayForm>
  );
}

/** What was picked up and what could not be (each with the server's reason), and the balance now. */
function PickSummary({ summary, onDone }: { summary: Summary; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The sheet's content changed under the merchant's finger: a screen reader starts at its title.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={sheet.form} data-testid="pick-summary">
      <h2 className={sheet.formTitle} ref={heading} tabIndex={-1}>
        {t('orders.summary.title')}
      </h2>
      {summary.picked.length > 0 && (
        <section aria-labelledby="picked-title">
          <h3 id="picked-title" className={ui.sectionTitle}>
            {t('orders.summary.picked', { count: summary.picked.length })}
          </h3>
          <ul className={styles.summaryList} data-testid="picked">
            {summary.picked.map((p) => (
              <li key={p.id}>
                <span>{p.orderNo}</span>
                <span>
                  {t('orders.summary.costPaid')} <Amount value={p.cost} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {summary.failed.length > 0 && (
        <section aria-labelledby="failed-title">
          <h3 id="failed-title" className={ui.sectionTitle}>
            {t('orders.summary.failed', { count: summary.failed.length })}
          </h3>
          <ul className={styles.summaryList} data-testid="not-picked">
            {summary.failed.map((f) => (
              <li key={f.id} data-picked="false">
                <span>{f.orderNo}</span>
                <span className={styles.failReason}>{f.msg}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className={ui.hint}>
        {t('orders.summary.balance')}{' '}
        <strong data-testid="balance-now">
          <Amount value={summary.balance} />
        </strong>
      </p>
      <RefusalLinks keys={summary.failed.map((f) => f.error)} />
      <button type="button" className={ui.button} onClick={onDone}>
        {t('orders.summary.done')}
      </button>
    </div>
  );
}

/** The sheet's content: the payment password, then the summary. */
function PickFlow({
  target,
  onClose,
  onPicked,
}: {
  target: PickTarget;
  onClose: () => void;
  onPicked?: () => void;
}) {
  const { t } = useTranslation();
  const [summary, setSummary] = useState<Summary | null>(null);
  const done = (s: Summary) => {
    setSummary(s);
    onPicked?.();
  };
  const label = summary
    ? t('orders.summary.title')
    : target.mode === 'one'
      ? t('orders.pickTitle', { orderNo: target.order.order_no })
      : t('orders.pickManyTitle', { count: target.orders.length });
  return (
    <div role="dialog" aria-label={label}>
      {summary ? (
        <PickSummary summary={summary} onDone={onClose} />
      ) : target.mode === 'one' ? (
        <PickOneForm order={target.order} onDone={done} onCancel={onClose} />
      ) : (
        <PickBatchForm orders={target.orders} onDone={done} onCancel={onClose} />
      )}
    </div>
  );
}

/**
 * Pickup with the payment password, for one order or several: `open(target)` shows the sheet;
 * render `sheet` once on the screen. After the call, the sheet says what was picked up and what
 * could not be; every order and balance query was refreshed meanwhile (api/refresh-orders.ts).
 * `onPicked` runs when the call answered (a selection to clear).
 */
export function usePickSheet({ onPicked }: { onPicked?: () => void } = {}) {
  const [state, setState] = useState<{ target: PickTarget; n: number } | null>(null);
  const [visible, setVisible] = useState(false);
  const open = (target: PickTarget) => {
    // A new opening is a new flow (a new attempt key, no old summary).
    setState((s) => ({ target, n: (s?.n ?? 0) + 1 }));
    setVisible(true);
  };
  const close = () => setVisible(false);
  const element = (
    <Popup visible={visible} onMaskClick={close} destroyOnClose bodyClassName={sheet.sheet}>
      {state && <PickFlow key={state.n} target={state.target} onClose={close} onPicked={onPicked} />}
    </Popup>
  );
  return { open, close, isOpen: visible, sheet: element };
}
