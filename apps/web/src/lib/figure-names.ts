import type { JournalType } from '@dropdesk/contract/ledger';
import type { HoldLine, WalletLine } from '@dropdesk/contract/reports';
import { useTranslation } from 'react-i18next';
import { WALLET_LINE_JOURNAL } from './figures';

/**
 * The one name of each figure, wherever it shows (Home, the finance report, the funds records, the
 * order list's sums, an order's money trail): `figures.*` in the locales (docs/figures.md). Home's
 * own page reads the same keys at build. Literal keys, for the i18n check.
 */
export function useFigureNames() {
  const { t } = useTranslation();
  const wallet: Record<WalletLine, string> = {
    topups: t('figures.topups'),
    settled: t('figures.settled'),
    cost_paid: t('figures.costPaid'),
    cost_returned: t('figures.costReturned'),
    commission: t('figures.commission'),
    withdrawals_held: t('figures.withdrawalsHeld'),
    withdrawals_released: t('figures.withdrawalsReleased'),
    levels: t('figures.levels'),
    express: t('figures.express'),
    fees: t('figures.fees'),
    adjustments: t('figures.adjustments'),
  };
  const hold: Record<HoldLine, string> = {
    held: t('figures.held'),
    paid_out: t('figures.paidOut'),
    released: t('figures.released'),
    adjustments: t('figures.adjustments'),
  };
  return {
    orders: t('figures.orders'),
    sales: t('figures.sales'),
    refunded: t('figures.refunded'),
    cost: t('figures.cost'),
    profit: t('figures.profit'),
    settled: wallet.settled,
    opening: t('figures.opening'),
    closing: t('figures.closing'),
    inEscrow: t('figures.inEscrow'),
    onHold: t('figures.onHold'),
    awaitingPickupCost: t('figures.awaitingPickupCost'),
    pendingTopups: t('figures.pendingTopups'),
    wallet,
    hold,
    /** A journal type by the name of its line (a funds-records filter): the hold's names on the hold. */
    journal: (type: JournalType, account: 'wallet' | 'withdraw_hold'): string | null => {
      // A payout leaves the hold only: its one name.
      if (type === 'withdrawal_payout') return hold.paid_out;
      if (account === 'withdraw_hold') {
        if (type === 'withdrawal_hold') return hold.held;
        if (type === 'withdrawal_release') return hold.released;
      }
      const line = WALLET_LINE_BY_JOURNAL[type];
      return line ? wallet[line] : null;
    },
  };
}
export type FigureNames = ReturnType<typeof useFigureNames>;

/** The wallet line of each journal type (none: it never posts on a wallet), WALLET_LINE_JOURNAL read back. */
const WALLET_LINE_BY_JOURNAL = Object.fromEntries(
  Object.entries(WALLET_LINE_JOURNAL).map(([line, journal]) => [journal, line]),
) as Partial<Record<JournalType, WalletLine>>;
