import type { JournalType } from '@dropdesk/contract/ledger';
import { useTranslation } from 'react-i18next';

/** A wallet posting's kind in words (the ledger's journal types). */
export function useJournalName(): (type: JournalType) => string {
  const { t } = useTranslation();
  const names: Record<JournalType, string> = {
    recharge: t('journal.recharge'),
    withdrawal_hold: t('journal.withdrawalHold'),
    withdrawal_payout: t('journal.withdrawalPayout'),
    withdrawal_release: t('journal.withdrawalRelease'),
    order_payment: t('journal.orderPayment'),
    order_pickup: t('journal.orderPickup'),
    refund: t('journal.refund'),
    settlement: t('journal.settlement'),
    level_purchase: t('journal.levelPurchase'),
    express_purchase: t('journal.expressPurchase'),
    alliance_commission: t('journal.allianceCommission'),
    fee: t('journal.fee'),
    adjustment: t('journal.adjustment'),
  };
  return (type) => names[type];
}
