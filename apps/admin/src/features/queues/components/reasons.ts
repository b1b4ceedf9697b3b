import type { RechargeMethod, WithdrawMethod } from '@dropdesk/contract/wallet';
import { useTranslation } from 'react-i18next';
import { useQueueSummary } from '../api/get-queue-summary';
import type { Preset } from './ReasonModal';

/**
 * The preset rejection reasons of a review queue, from the server (`/admin/queues`: each code with
 * its text in the operator's language; the merchant reads it in the merchant's).
 */
export function usePresetReasons(queue: 'recharge' | 'withdrawal' | 'kyc'): Preset[] {
  const summary = useQueueSummary();
  return summary.data?.reasons[queue] ?? [];
}

/** An appeal's usual reasons (appeals take typed words: these fill the text). */
export function useAppealReasons(): Preset[] {
  const { t } = useTranslation();
  return [
    { text: t('reasons.appealGoodsNotReceived') },
    { text: t('reasons.appealNotAsDescribed') },
    { text: t('reasons.appealMerchantRight') },
  ];
}

export function useRechargeMethods(): Record<RechargeMethod, string> {
  const { t } = useTranslation();
  return { chain: t('queues.methodChain'), manual: t('queues.methodManual'), bank: t('queues.methodBank') };
}

export function useWithdrawMethods(): Record<WithdrawMethod, string> {
  const { t } = useTranslation();
  return { bank: t('queues.methodBank'), blockchain: t('queues.methodChain') };
}
