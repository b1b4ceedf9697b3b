import { RATING_MAX, RATING_MIN } from '@dropdesk/contract/constants';
import type { DataOf } from '@dropdesk/contract/route';
import type { BuyerOrder, storeRoutes } from '@dropdesk/contract/store';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFailureText } from '../../components/Failure';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { actionKeys, api, StoreError } from '../../lib/api';

type Payment = DataOf<typeof storeRoutes.order>['payment'];

interface Props {
  order: BuyerOrder;
  payment: Payment;
  token: string | null;
  onChange: (order: BuyerOrder) => void;
}

/** What the buyer may do with the order now: exactly the server's `can`, nothing more. */
export function OrderActions({ order, payment, token, onChange }: Props) {
  const { t } = useTranslation();
  const { can } = order;
  const nothing = !can.pay && !can.cancel && !can.confirm && !can.rate && !can.refund && !can.appeal;
  if (nothing) return null;
  return (
    <div>
      <div className="actions">
        {can.pay && payment && (
          <Link href={`/pay/${payment.id}?order=${order.id}`} className="btn primary">
            {t('order.pay')}
          </Link>
        )}
        {can.confirm && <ConfirmButton order={order} token={token} onChange={onChange} />}
        {can.cancel && <CancelButton order={order} token={token} onChange={onChange} />}
      </div>
      {can.rate && <RateForm order={order} token={token} onChange={onChange} />}
      {can.refund && <RefundForm order={order} token={token} onChange={onChange} />}
      {can.appeal && <AppealForm order={order} token={token} onChange={onChange} />}
    </div>
  );
}

type ActionProps = Omit<Props, 'payment'>;

/** One action's sending state: busy, the server's message and per-field messages. */
function useAction() {
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const run = async (send: () => Promise<BuyerOrder>, done: (order: BuyerOrder) => void) => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const order = await send();
      setBusy(false);
      done(order);
    } catch (e) {
      setFields(e instanceof StoreError ? e.fields : {});
      setError(failureText(e));
      setBusy(false);
      throw e;
    }
  };
  const message = error && (
    <p className="field-error" role="alert">
      {error}
    </p>
  );
  return { busy, fields, run, message };
}

const quietly = (p: Promise<unknown>) => p.catch(() => undefined);

function ConfirmButton({ order, token, onChange }: ActionProps) {
  const { t } = useTranslation();
  const a = useAction();
  return (
    <>
      <button
        type="button"
        className="btn primary"
        disabled={a.busy}
        onClick={() =>
          quietly(a.run(() => api('confirm', { body: { id: order.id }, orderToken: token }), onChange))
        }
      >
        {t('order.confirm')}
      </button>
      {a.message}
    </>
  );
}

/** Cancel asks once more (it cannot be undone); the money call carries one Idempotency-Key per action. */
function CancelButton({ order, token, onChange }: ActionProps) {
  const { t } = useTranslation();
  const a = useAction();
  const [asking, setAsking] = useState(false);
  const keys = useRef(actionKeys()).current;
  if (!asking)
    return (
      <button type="button" className="btn danger" onClick={() => setAsking(true)}>
        {t('order.cancel')}
      </button>
    );
  const cancel = () => {
    const body = { id: order.id };
    return a
      .run(
        () => api('cancel', { body, orderToken: token, idempotencyKey: keys.keyFor(body) }),
        (o) => {
          keys.done();
          setAsking(false);
          onChange(o);
        },
      )
      .catch((e: unknown) => {
        if (e instanceof StoreError && e.answered) keys.done();
      });
  };
  return (
    <fieldset>
      <legend>{order.money.paid !== '0.00' ? t('order.cancelAskPaid') : t('order.cancelAsk')}</legend>
      <div className="actions">
        <button type="button" className="btn danger" disabled={a.busy} onClick={cancel}>
          {t('order.cancelYes')}
        </button>
        <button type="button" className="btn" disabled={a.busy} onClick={() => setAsking(false)}>
          {t('order.cancelNo')}
        </button>
      </div>
      {a.message}
    </fieldset>
  );
}

/**
 * An action that opens its form ("Ask for a refund", "Rate this order", "Appeal to the platform"):
 * a real button that says whether its form is open (`aria-expanded`) and which it opens. A
 * `<summary>` restyled as a flex box was read as neither a button nor a link. The form
 * stays mounted while closed, so what the buyer typed survives closing it.
 */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="disclosure">
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {title}
      </button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

function RateForm({ order, token, onChange }: ActionProps) {
  const { t } = useTranslation();
  const a = useAction();
  const [stars, setStars] = useState(RATING_MAX);
  const [comment, setComment] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    quietly(
      a.run(() => api('rate', { body: { id: order.id, stars, comment }, orderToken: token }), onChange),
    );
  };
  const choices = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
  return (
    <Section title={t('rate.title')}>
      <form onSubmit={submit}>
        <fieldset aria-describedby={a.fields.stars ? 'rate-stars-error' : undefined}>
          <legend>{t('rate.starsLabel')}</legend>
          <div className="choices">
            {choices.map((n) => (
              <label key={n}>
                <input
                  type="radio"
                  name="stars"
                  value={n}
                  checked={stars === n}
                  onChange={() => setStars(n)}
                />
                {t('rate.stars', { count: n })}
              </label>
            ))}
          </div>
          {a.fields.stars && (
            <p id="rate-stars-error" className="field-error">
              {a.fields.stars}
            </p>
          )}
        </fieldset>
        <Field name="comment" label={t('rate.comment')} error={a.fields.comment}>
          {(props) => (
            <textarea {...props} rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
          )}
        </Field>
        {a.message}
        <button type="submit" className="btn primary" disabled={a.busy}>
          {t('rate.submit')}
        </button>
      </form>
    </Section>
  );
}

function RefundForm({ order, token, onChange }: ActionProps) {
  const { t } = useTranslation();
  const a = useAction();
  const [amount, setAmount] = useState(order.money.paid);
  const [reason, setReason] = useState('');
  const [goods, setGoods] = useState<boolean | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // goods_received unset goes as null: the server answers "please choose" beside the question.
    const body = { id: order.id, amount, reason, goods_received: goods as boolean };
    quietly(a.run(() => api('refund', { body, orderToken: token }), onChange));
  };
  return (
    <Section title={t('refund.ask')}>
      <form onSubmit={submit}>
        <Field
          name="amount"
          label={t('refund.amount')}
          hint={
            <>
              {t('refund.max')} <Money value={order.money.paid} />
            </>
          }
          error={a.fields.amount}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              autoComplete="off"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <Field name="reason" label={t('refund.reason')} error={a.fields.reason}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </Field>
        <fieldset aria-describedby={a.fields.goods_received ? 'refund-goods-error' : undefined}>
          <legend>{t('refund.goods')}</legend>
          <div className="choices">
            <label>
              <input type="radio" name="goods" checked={goods === true} onChange={() => setGoods(true)} />
              {t('refund.goodsYes')}
            </label>
            <label>
              <input type="radio" name="goods" checked={goods === false} onChange={() => setGoods(false)} />
              {t('refund.goodsNo')}
            </label>
          </div>
          {a.fields.goods_received && (
            <p id="refund-goods-error" className="field-error">
              {a.fields.goods_received}
            </p>
          )}
        </fieldset>
        {a.message}
        <button type="submit" className="btn primary" disabled={a.busy}>
          {t('refund.submit')}
        </button>
      </form>
    </Section>
  );
}

function AppealForm({ order, token, onChange }: ActionProps) {
  const { t } = useTranslation();
  const a = useAction();
  const [statement, setStatement] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    quietly(a.run(() => api('appeal', { body: { id: order.id, statement }, orderToken: token }), onChange));
  };
  return (
    <Section title={t('refund.appeal')}>
      <form onSubmit={submit}>
        <Field name="statement" label={t('refund.statement')} error={a.fields.statement}>
          {(props) => (
            <textarea
              {...props}
              rows={4}
              required
              value={statement}
              onChange={(e) => setStatement(e.target.value)}
            />
          )}
        </Field>
        {a.message}
        <button type="submit" className="btn primary" disabled={a.busy}>
          {t('refund.appealSubmit')}
        </button>
      </form>
    </Section>
  );
}
