import { MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import type { ChainFacts, RechargeItem, ReviewStatus, WithdrawalItem } from '@dropdesk/contract/wallet';
import { formatDate } from '@dropdesk/web-kit/format';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { InfiniteList, type InfiniteQueryLike } from '../../../components/InfiniteList';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { confirm } from '../../../lib/dialog';
import { currentLang } from '../../../lib/i18n';
import { refreshBalances } from '../../../lib/refresh-balances';
import { toast } from '../../../lib/toast';
import { useCancelExtract } from '../api/cancel-extract';
import { useCancelRecharge } from '../api/cancel-recharge';
import { useExtractLog } from '../api/get-extract-log';
import { isCounting, useRechargeLog } from '../api/get-recharge-log';
import { CopyButton } from '../components/CopyButton';
import { PayoutClock } from '../components/PayoutClock';
import { formatTokenAmount, sameAmount } from '../token-amount';
import styles from './records.module.css';

type Row = RechargeItem | WithdrawalItem;

/** A record's status in words (literal keys for the i18n check). */
function statusText(t: TFunction, status: ReviewStatus): string {
  return {
    pending: t('wallet.status.pending'),
    approved: t('wallet.status.approved'),
    rejected: t('wallet.status.rejected'),
    cancelled: t('wallet.status.cancelled'),
  }[status];
}

/**
 * A chain transfer's status in words: the chain settles it, nobody reviews it, so not "being
 * reviewed" or "approved" but confirming, credited, or not credited (its block left the chain).
 */
function chainStatusText(t: TFunction, status: ReviewStatus): string {
  return {
    pending: t('wallet.chainStatus.pending'),
    approved: t('wallet.chainStatus.approved'),
    rejected: t('wallet.chainStatus.rejected'),
    cancelled: t('wallet.status.cancelled'),
  }[status];
}

function StatusLabel({ status, byChain }: { status: ReviewStatus; byChain: boolean }) {
  const { t } = useTranslation();
  const text = byChain ? chainStatusText(t, status) : statusText(t, status);
  return (
    <span className={styles.status} data-status={status}>
      {text}
    </span>
  );
}

/** How the money came or goes: the method, and the network of a chain transfer. */
function useMethodLabel() {
  const { t } = useTranslation();
  const labels = {
    chain: t('wallet.method.chain'),
    blockchain: t('wallet.method.chain'),
    manual: t('wallet.method.manual'),
    bank: t('wallet.method.bank'),
  };
  return (method: keyof typeof labels, network: string | null) =>
    network ? `${labels[method]} · USDT-${network}` : labels[method];
}

/** A long hash, cut to its ends: enough to recognise it in a block explorer ("0x52908400…69ee7a"). */
const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

/**
 * What the chain says of a transfer to the merchant's own address: its confirmations on the way,
 * or that it waits for the minimum; the exact amount sent when the cents cut some off; its hash.
 */
function ChainLines({ row, chain }: { row: RechargeItem; chain: ChainFacts }) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const min = formatAmount(MIN_TOPUP_MINOR);
  return (
    <div className={styles.chain} data-testid="chain-facts">
      {row.status === 'pending' &&
        (chain.below_minimum ? (
          <p className={styles.waiting} data-testid="chain-progress">
            {t('wallet.chainBelowMinimum', { min })}
            <span className={styles.waitingHint}>{t('wallet.chainBelowMinimumHint', { min })}</span>
          </p>
        ) : (
          <p className={styles.progress} data-testid="chain-progress">
            {t('wallet.chainConfirmations', {
              count: chain.required,
              done: Math.min(chain.confirmations, chain.required),
            })}
          </p>
        ))}
      {!sameAmount(chain.token_amount, row.amount) && (
        <p className={styles.meta} data-testid="chain-sent">
          {t('wallet.chainSent', { amount: formatTokenAmount(chain.token_amount, currentLang()) })}
        </p>
      )}
      <p className={styles.hash}>
        <span className={styles.meta}>
          {t('wallet.txHash')}: <code title={chain.tx_hash}>{shortHash(chain.tx_hash)}</code>
        </span>
        <CopyButton text={chain.tx_hash} label={t('wallet.txHash')} />
      </p>
    </div>
  );
}

interface RowProps {
  row: Row;
  /** Asks to confirm, then cancels; only for a pending record (never one the chain credits). */
  onCancel: (() => void) | undefined;
  busy: boolean;
}

function RecordRow({ row, onCancel, busy }: RowProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const methodLabel = useMethodLabel();
  return (
    <li className={`${ui.recordRow} ${styles.row}`} data-testid="record">
      <span className={styles.method}>{methodLabel(row.method, row.network)}</span>
      <strong className={styles.amount}>
        <Amount value={row.amount} />
      </strong>
      <span className={styles.meta}>
        {t('wallet.orderNo')}: {row.order_no}
      </span>
      <StatusLabel status={row.status} byChain={'chain' in row && row.chain !== null} />
      <time className={styles.meta} dateTime={row.created_at}>
        {formatDate(row.created_at, lang)}
      </time>
      {'fee' in row && (
        <span className={styles.meta}>
          {t('wallet.fee')}: <Amount value={row.fee} /> · {t('wallet.actual')}: <Amount value={row.actual} />
        </span>
      )}
      {'due_at' in row && <PayoutClock row={row} />}
      {'chain' in row && row.chain && <ChainLines row={row} chain={row.chain} />}
      {row.status === 'rejected' && row.reason && (
        <p className={styles.reason}>
          {/* A chain transfer's reason says itself why it was not credited (its status says "not credited"). */}
          {'chain' in row && row.chain ? row.reason : t('wallet.rejectedBecause', { reason: row.reason })}
        </p>
      )}
      {row.status === 'pending' && onCancel && (
        <button type="button" className={styles.cancel} onClick={onCancel} disabled={busy}>
          {t('wallet.cancel')}
        </button>
      )}
    </li>
  );
}

type Cancel = {
  mutateAsync: (id: number) => Promise<unknown>;
  isPending: boolean;
  variables?: number | undefined;
};

/** Asks first; the dialog names what is cancelled. A refusal (already resolved) is the call's toast. */
function useConfirmCancel(cancel: Cancel, question: (row: Row) => string) {
  const { t } = useTranslation();
  return async (row: Row) => {
    const yes = await confirm({
      content: question(row),
      confirmText: t('wallet.cancelConfirm'),
      cancelText: t('wallet.cancelKeep'),
    });
    if (!yes) return;
    try {
      await cancel.mutateAsync(row.id);
      toast.success(t('wallet.cancelled'));
    } catch {
      // Told by the call's own toast; the list was refreshed either way.
    }
  };
}

interface RecordsProps {
  title: string;
  query: InfiniteQueryLike<Row>;
  /** Above the rows: what a figure's list adds up to, and its filter. */
  header?: ReactNode;
  cancel: Cancel;
  /** The confirmation question for one record, its amount already formatted. */
  question: (row: Row, amount: string) => string;
}

/** One merchant's top-ups or withdrawals, newest first, each pending one cancellable. */
function RecordsScreen({ title, query, cancel, question, header }: RecordsProps) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const ask = useConfirmCancel(cancel, (r) => question(r, formatAmount(r.amount)));
  return (
    <Page title={title}>
      {header}
      <InfiniteList query={query} empty={t('wallet.noRecords')}>
        {(rows) => (
          <ul className={ui.recordList}>
            {rows.map((r) => (
              <RecordRow
                key={r.id}
                row={r}
                // A transfer to the merchant's own address is the chain's to settle (CREDITED_BY_CHAIN).
                onCancel={'chain' in r && r.chain ? undefined : () => void ask(r)}
                busy={cancel.isPending && cancel.variables === r.id}
              />
            ))}
          </ul>
        )}
      </InfiniteList>
    </Page>
  );
}

/**
 * A transfer followed here (counting its confirmations) that the chain has credited since: the
 * balance moved, so every screen that shows it reads it again.
 */
function useBalanceOnCredit(pages: readonly { list: RechargeItem[] }[] | undefined) {
  const queryClient = useQueryClient();
  const counting = useRef(new Set<number>());
  useEffect(() => {
    const rows = pages?.flatMap((p) => p.list) ?? [];
    const credited = rows.some((r) => counting.current.has(r.id) && r.status === 'approved');
    counting.current = new Set(rows.filter(isCounting).map((r) => r.id));
    if (credited) void refreshBalances(queryClient);
  }, [pages, queryClient]);
}

const STATUSES: readonly ReviewStatus[] = ['pending', 'approved', 'rejected', 'cancelled'];

/**
 * Top-up records, newest first; `?status=pending` is what Home's and the finance report's "pending
 * top-ups" open: the records of that status, what they add up to (the server's sums), and a chip
 * that removes the filter.
 */
export function RechargeRecordScreen() {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = STATUSES.find((s) => s === asked);
  const query = useRechargeLog(status);
  useBalanceOnCredit(query.data?.pages);
  const sums = query.data?.pages[0]?.sums;
  const header = status && (
    <div className={styles.figureHead}>
      <button
        type="button"
        className={styles.removable}
        onClick={() => setParams({}, { replace: true })}
        aria-label={t('orders.filter.remove', { filter: statusText(t, status) })}
        data-testid="filter-status"
      >
        {statusText(t, status)} <span aria-hidden="true">×</span>
      </button>
      {sums && (
        <p className={styles.sums} aria-live="polite" data-testid="recharge-sums">
          {t('funds.sums', { count: sums.count, amount: formatAmount(sums.amount) })}
        </p>
      )}
    </div>
  );
  return (
    <RecordsScreen
      title={t('routes.rechargeRecord')}
      query={query}
      header={header}
      cancel={useCancelRecharge()}
      question={(r, amount) => t('wallet.cancelTopupQuestion', { amount, orderNo: r.order_no })}
    />
  );
}

export function WithdrawRecordScreen() {
  const { t } = useTranslation();
  return (
    <RecordsScreen
      title={t('routes.withdrawRecord')}
      query={useExtractLog()}
      cancel={useCancelExtract()}
      question={(r, amount) => t('wallet.cancelWithdrawalQuestion', { amount, orderNo: r.order_no })}
    />
  );
}
