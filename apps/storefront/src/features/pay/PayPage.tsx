import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useFailureText } from '../../components/Failure';
import { Money } from '../../components/Money';
import { NotFound } from '../../components/NotFound';
import { api } from '../../lib/api';
import { PAYMENT_STATUS_KEYS } from '../../lib/labels';
import { orderToken } from '../../lib/order-links';
import { useBuyer } from '../../lib/session';
import { useTitle } from '../../lib/title';
import { useLoad } from '../../lib/use-load';
import { OrderLinkBox } from '../orders/OrderLinkBox';

/**
 * `/s/pay/<payment id>?order=<order id>`: the `test` provider's payment page. It says plainly that
 * no real money moves; Pay and Fail ask the server to send the provider's signed event through the
 * webhook (POST /store/pay/test), as a real provider would, then the buyer sees the order.
 */
export default function PayPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const orderId = new URLSearchParams(useSearch()).get('order');
  const buyer = useBuyer();
  const failureText = useFailureText();
  const validOrder = orderId !== null && /^[1-9]\d{0,14}$/.test(orderId);
  const token = validOrder ? orderToken(Number(orderId)) : null;
  // The order, when known, to show what is being paid; the page works without it.
  const order = useLoad(
    (signal) =>
      validOrder && (buyer || token)
        ? api('order', { query: { id: orderId }, orderToken: token, signal })
        : Promise.resolve(null),
    [orderId, buyer?.token],
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  useTitle(t('pay.title'));
  if (!/^[1-9]\d{0,14}$/.test(id)) return <NotFound />;

  const pay = async (outcome: 'succeed' | 'fail') => {
    setBusy(true);
    setError(null);
    try {
      const payment = await api('testPay', { body: { payment_id: Number(id), outcome } });
      if (validOrder) navigate(`/order/${orderId}`);
      else {
        setResult(payment.status);
        setBusy(false);
      }
    } catch (e) {
      setError(failureText(e));
      setBusy(false);
    }
  };
  const payment = order.data?.payment;
  const statusKey = PAYMENT_STATUS_KEYS[result ?? payment?.status ?? ''];
  const open = !result && (!payment || payment.status === 'created');

  return (
    <section className="page" aria-labelledby="pay-title">
      <p className="notice test-mode" role="note">
        {t('pay.testMode')}
      </p>
      <h1 id="pay-title">{t('pay.title')}</h1>
      {order.data && (
        <div className="card">
          <p>{order.data.order.title}</p>
          <p className="price">
            <Money value={payment?.amount ?? order.data.order.total} />
          </p>
        </div>
      )}
      {statusKey && (
        <p role="status">
          {t('pay.status')}: <strong>{t(statusKey)}</strong>
        </p>
      )}
      {open && (
        <div className="actions">
          <button type="button" className="btn primary" disabled={busy} onClick={() => pay('succeed')}>
            {t('pay.pay')}
          </button>
          <button type="button" className="btn danger" disabled={busy} onClick={() => pay('fail')}>
            {t('pay.fail')}
          </button>
        </div>
      )}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {validOrder && (
        <p>
          <Link href={`/order/${orderId}`}>{t('pay.seeOrder')}</Link>
        </p>
      )}
      {validOrder && token && <OrderLinkBox id={Number(orderId)} token={token} />}
    </section>
  );
}
