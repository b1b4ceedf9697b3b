import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { formatDate, formatMoney } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { useExtractLog, useRechargeLog } from '../api/wallet-calls';

type Status = 'pending' | 'approved' | 'rejected' | 'cancelled';
interface Row {
  id: number;
  order_no: string;
  amount: string;
  status: Status;
  reason: string | null;
  created_at: string;
}

function StatusLabel({ status }: { status: Status }) {
  const { t } = useTranslation();
  const text = {
    pending: t('wallet.status.pending'),
    approved: t('wallet.status.approved'),
    rejected: t('wallet.status.rejected'),
    cancelled: t('wallet.status.cancelled'),
  }[status];
  return <span data-status={status}>{text}</span>;
}

interface RecordQuery {
  data?: { pages: { list: Row[] }[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

function RecordList({ title, q }: { title: string; q: RecordQuery }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((es) => {
      if (es[0]?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page title={title}>
      {q.isPending ? (
        <p className={ui.center}>{t('common.loading')}</p>
      ) : q.isError ? (
        <LoadFailed error={q.error} onRetry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <p className={ui.center}>{t('wallet.noRecords')}</p>
      ) : (
        <ul className={ui.card} style={{ listStyle: 'none' }}>
          {rows.map((r) => (
            <li key={r.id} data-testid="record" style={{ padding: '8px 0', borderBottom: '1px solid #eee' }}>
              <div>
                {t('wallet.orderNo')}: {r.order_no}
              </div>
              <div>{formatDate(r.created_at, lang)}</div>
              <div>
                <strong>{formatMoney(r.amount, lang)}</strong> · <StatusLabel status={r.status} />
              </div>
              {r.status === 'rejected' && r.reason && <div className={ui.error}>{r.reason}</div>}
            </li>
          ))}
        </ul>
      )}
      <div ref={sentinel} />
      {isFetchingNextPage && <p className={ui.center}>{t('common.loading')}</p>}
    </Page>
  );
}

export function RechargeRecordScreen() {
  const { t } = useTranslation();
  return <RecordList title={t('routes.rechargeRecord')} q={useRechargeLog()} />;
}

export function WithdrawRecordScreen() {
  const { t } = useTranslation();
  return <RecordList title={t('routes.withdrawRecord')} q={useExtractLog()} />;
}
