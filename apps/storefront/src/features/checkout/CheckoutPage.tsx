import { MAX_ORDER_QUANTITY } from '@dropdesk/contract/constants';
import { formatMoney as formatWire, parseMoney } from '@dropdesk/contract/money';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { Failure, isNotFound, Loading, useFailureText } from '../../components/Failure';
import { Field } from '../../components/Field';
import { Money } from '../../components/Money';
import { NotFound } from '../../components/NotFound';
import { actionKeys, api, StoreError } from '../../lib/api';
import { keepOrderLink, tokenOf } from '../../lib/order-links';
import { useBuyer } from '../../lib/session';
import { loadJson, save } from '../../lib/storage';
import { useTitle } from '../../lib/title';
import { useLoad } from '../../lib/use-load';

// @dropdesk/contract/money has no dependency (no zod): its parse and format are the server's own.

interface Form {
  quantity: string;
  receiver_name: string;
  receiver_phone: string;
  address: string;
  email: string;
}

/** The last delivery details used on this device, offered again (never sent anywhere but checkout). */
type Remembered = Partial<Pick<Form, 'receiver_name' | 'receiver_phone' | 'address' | 'email'>>;

/**
 * `/s/checkout/<listing id>?q=<quantity>`: delivery details and quantity (and an email for a guest),
 * then the order is placed and its payment created; the buyer goes on to pay. The server validates:
 * its messages show beside the fields.
 */
export default function CheckoutPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const buyer = useBuyer();
  const failureText = useFailureText();
  const valid = /^[1-9]\d{0,14}$/.test(id);
  const product = useLoad(
    (signal) => (valid ? api('product', { query: { id }, signal }) : Promise.reject(new Error('id'))),
    [id],
  );
  const [form, setForm] = useState<Form>(() => {
    const kept = loadJson<Remembered>('delivery', {});
    return {
      quantity: search.get('q') ?? '1',
      receiver_name: kept.receiver_name ?? '',
      receiver_phone: kept.receiver_phone ?? '',
      address: kept.address ?? '',
      email: kept.email ?? '',
    };
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef(actionKeys()).current;
  useTitle(t('checkout.title'));

  if (!valid || isNotFound(product.error)) return <NotFound />;
  if (product.error) return <Failure error={product.error} retry={product.reload} page />;
  const p = product.data;
  if (!p) return <Loading />;

  const set = (name: keyof Form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [name]: e.target.value }));
  const qty = /^\d{1,3}$/.test(form.quantity) ? Number(form.quantity) : null;
  const unit = parseMoney(p.price);
  const total = qty !== null && unit !== null ? formatWire(unit * qty) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const body = {
      listing_id: p.id,
      // Sent as typed: the server says what is wrong with it, in the buyer's language.
      quantity: form.quantity.trim() === '' ? Number.NaN : Number(form.quantity),
      receiver_name: form.receiver_name,
      receiver_phone: form.receiver_phone,
      address: form.address,
      ...(buyer ? {} : { email: form.email }),
    };
    try {
      const res = await api('checkout', { body, idempotencyKey: keys.keyFor(body) });
      keys.done();
      const { receiver_name, receiver_phone, address, email } = form;
      save('delivery', JSON.stringify({ receiver_name, receiver_phone, address, email }));
      const token = tokenOf(res.order_token);
      if (token)
        keepOrderLink({ id: res.order.id, token, order_no: res.order.order_no, title: res.order.title });
      // A real provider's page is elsewhere; the test provider's is ours (/s/pay/<id>).
      const url = res.payment.pay_url;
      if (/^https?:\/\//.test(url) && !url.startsWith(location.origin)) location.assign(url);
      else navigate(`/pay/${res.payment.id}?order=${res.order.id}`);
    } catch (e) {
      if (e instanceof StoreError && e.answered) keys.done();
      setFields(e instanceof StoreError ? e.fields : {});
      setError(failureText(e));
      setBusy(false);
    }
  };

  return (
    <section className="page">
      <h1>{t('checkout.title')}</h1>
      <div className="card">
        <p>{p.title}</p>
        <p className="muted">
          <Money value={p.price} /> × {qty ?? '?'}
          {total !== null && (
            <>
              {' = '}
              <span className="price">
                <Money value={total} />
              </span>
            </>
          )}
        </p>
      </div>
      {!buyer && (
        <p className="muted">
          {t('checkout.haveAccount')}{' '}
          <Link href={`/login?next=${encodeURIComponent(`/checkout/${p.id}?q=${form.quantity}`)}`}>
            {t('nav.signIn')}
          </Link>
        </p>
      )}
      <form onSubmit={submit}>
        <Field
          name="quantity"
          label={t('checkout.quantity')}
          hint={t('checkout.quantityHint', { max: Math.max(1, Math.min(p.stock, MAX_ORDER_QUANTITY)) })}
          error={fields.quantity}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_ORDER_QUANTITY}
              required
              value={form.quantity}
              onChange={set('quantity')}
            />
          )}
        </Field>
        <Field name="receiver_name" label={t('checkout.name')} error={fields.receiver_name}>
          {(props) => (
            <input
              {...props}
              autoComplete="name"
              required
              value={form.receiver_name}
              onChange={set('receiver_name')}
            />
          )}
        </Field>
        <Field name="receiver_phone" label={t('checkout.phone')} error={fields.receiver_phone}>
          {(props) => (
            <input
              {...props}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              value={form.receiver_phone}
              onChange={set('receiver_phone')}
            />
          )}
        </Field>
        <Field name="address" label={t('checkout.address')} error={fields.address}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              autoComplete="street-address"
              required
              value={form.address}
              onChange={set('address')}
            />
          )}
        </Field>
        {!buyer && (
          <Field name="email" label={t('checkout.email')} hint={t('checkout.emailHint')} error={fields.email}>
            {(props) => (
              <input
                {...props}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                value={form.email}
                onChange={set('email')}
              />
            )}
          </Field>
        )}
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn primary block" disabled={busy}>
          {busy ? t('common.sending') : t('checkout.submit')}
        </button>
      </form>
    </section>
  );
}
