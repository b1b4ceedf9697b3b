import type { RechargeMethod, WithdrawMethod } from '@dropdesk/contract/wallet';
import { useTranslation } from 'react-i18next';

/** Each queue's usual reasons, in the operator's language; the text stays editable before sending. */
export function useRechargeReasons(): string[] {
  const { t } = useTranslation();
  return [
    t('reasons.voucherUnreadable'),
    t('reasons.amountMismatch'),
    t('reasons.noTransfer'),
    t('reasons.voucherReused'),
  ];
}

export function useWithdrawalReasons(): string[] {
  const { t } = useTranslation();
  return [t('reasons.destinationWrong'), t('reasons.holderMismatch'), t('reasons.contactSupport')];
}

export function useKycReasons(): string[] {
  const { t } = useTranslation();
  return [
    t('reasons.photoUnreadable'),
    t('reasons.nameMismatch'),
    t('reasons.idNumberMismatch'),
    t('reasons.handPhoto'),
  ];
}

export function useAppealReasons(): string[] {
  const { t } = useTranslation();
  return [
    t('reasons.appealGoodsNotReceived'),
    t('reasons.appealNotAsDescribed'),
    t('reasons.appealMerchantRight'),
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
