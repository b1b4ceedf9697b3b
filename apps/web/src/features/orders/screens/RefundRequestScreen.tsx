import { REFUND_STATUSES, type RefundStatus } from '@dropdesk/contract/orders';
import { formatDate } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import ui from '../../../components/ui.module.css';
import { confirm } from '../../../lib/dialog';
import { currentLang } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { approveKey, useAuditRefund } from '../api/audit-refund';
import { type Refund, useRefunds } from '../api/get-refunds';
import { RefundBadge, useRefundStatusLabel } from '../components/labels';
import { useProductTitle } from '../components/OrderRow';
import styles from '../components/orders.module.css';
import { useRejectSheet } from '../components/RejectSheet';
import { orderDetailPath, orderPaths } from '../paths';

type Filter = 'all' | RefundStatus;
const isStatus = (v: string | null): v is RefundStatus => REFUND_STATUSES.includes(v as RefundStatus);

interface RowProps {
  refund: Refund;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}

/** One request: order, what is asked back of what was paid, why, the goods, the state and who said what. */
function RefundRow({ refund, onApprove, onReject, busy }: RowProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const title = useProductTitle()(refund.title);
  return (
    <li className={styles.card} data-testid="refund">
      <div className={styles.cardHead}>
        <Link className={styles.orderNo} to={orderDetailPath(refund.order_id)}>
          {t('orders.orderNo')}: {refund.order_no}
        </Link>
        <RefundBadge status={refund.status} />
      </div>
      <span className={list.title}>{title}</span>
      <dl className={styles.pairs}>
        <dt>{t('orders.refund.amount')}</dt>
        <dd data-testid="refund-amount">
          <Amount value={refund.amount} />
        </dd>
        <dt>{t('orders.refund.paid')}</dt>
        <dd>
          <Amount value={refund.order_total} />
        </dd>
        <dt>{t('orders.refund.goods')}</dt>
        <dd>{refund.goods_received ? t('orders.refund.received') : t('orders.refund.notReceived')}</dd>
        <dt>{t('orders.refund.appliedAt')}</dt>
        <dd>
          <time dateTime={refund.created_at}>{formatDate(refund.created_at, lang)}</time>
        </dd>
        {refund.resolved_at && (
          <>
            <dt>{t('orders.refund.resolvedAt')}</dt>
            <dd>
              <time dateTime={refund.resolved_at}>{formatDate(refund.resolved_at, lang)}</time>
            </dd>
          </>
        )}
      </dl>
      <p className={ui.hint}>{t('orders.refund.buyerReason')}</p>
      <p className={styles.reason}>{refund.reason}</p>
      {refund.reject_reason && (
        <p className={styles.note}>{t('orders.refund.yourReason', { reason: refund.reject_reason })}</p>
      )}
      {refund.appeal_statement && (
        <p className={styles.note}>{t('orders.refund.appeal', { statement: refund.appeal_statement })}</p>
      )}
      {refund.decision_reason && (
        <p className={styles.note}>{t('orders.refund.decision', { reason: refund.decision_reason })}</p>
      )}
      {refund.status === 'pending' && (
        <div className={styles.rowActions}>
          <button
            type="button"
            className={list.smallDanger}
            onClick={onReject}
            disabled={busy}
            aria-label={t('orders.refund.rejectTitle', { orderNo: refund.order_no })}
          >
            {t('orders.refund.reject')}
          </button>
          <button
            type="button"
            className={list.smallPrimary}
            onClick={onApprove}
            disabled={busy}
            aria-label={t('orders.refund.approveFor', { orderNo: refund.order_no })}
          >
            {t('orders.refund.approve')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Refund requests: by status, newest first, each with its order, amount, reason, goods and state.
 * A pending one is approved (after a confirmation: the buyer is refunded from escrow) or rejected
 * with a reason; the lists and every balance refresh after either.
 */
export default function RefundRequestScreen() {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const statusLabel = useRefundStatusLabel();
  const [params, setParams] = useSearchParams();
  const param = params.get('status');
  const filter: Filter = isStatus(param) ? param : 'all';
  const query = useRefunds(filter === 'all' ? {} : { status: filter });
  const audit = useAuditRefund();
  const reject = useRejectSheet();

  const choose = (next: Filter) => {
    const p = new URLSearchParams(params);
    if (next === 'all') p.delete('status');
    else p.set('status', next);
    setParams(p, { replace: true, preventScrollReset: true });
  };

  const approve = async (refund: Refund) => {
    const yes = await confirm({
      content: t('orders.refund.approveQuestion', {
        amount: formatAmount(refund.amount),
        orderNo: refund.order_no,
      }),
      confirmText: t('orders.refund.approve'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    try {
      // One key per refund: a second tap or a retry gets the first answer.
      await audit.mutateAsync({
        body: { id: refund.id, action: 'approve' },
        idempotencyKey: approveKey(refund.id),
      });
      toast.success(t('orders.refund.approved'));
    } catch {
      // Told by the call's own toast (already resolved, not found); the list was refreshed either way.
    }
  };

  const filters: Filter[] = ['all', ...REFUND_STATUSES];
  return (
    <Page
      title={t('routes.refundRequest')}
      tabRoot={orderPaths.order}
      right={<RefreshButton onRefresh={() => void query.refetch()} busy={query.isRefetching} />}
    >
      <fieldset className={ui.chipRow}>
        <legend className="visually-hidden">{t('orders.refund.filter')}</legend>
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            className={ui.chip}
            aria-pressed={f === filter}
            onClick={() => choose(f)}
          >
            {f === 'all' ? t('orders.all') : statusLabel(f)}
          </button>
        ))}
      </fieldset>
      <Refreshable onRefresh={() => query.refetch()}>
        <InfiniteList query={query} empty={t('orders.refund.empty')}>
          {(rows) => (
            <ul className={list.cards}>
              {rows.map((refund) => (
                <RefundRow
                  key={refund.id}
                  refund={refund}
                  onApprove={() => void approve(refund)}
                  onReject={() => reject.open(refund)}
                  busy={audit.isPending && audit.variables?.body.id === refund.id}
                />
              ))}
            </ul>
          )}
        </InfiniteList>
      </Refreshable>
      {reject.sheet}
    </Page>
  );
}
