import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import type { Message } from '../api/get-messages';

export interface MessageTarget {
  to: string;
  label: string;
}

/**
 * Where a message leads: what it links to (`link`: an order, a refund, a top-up...), or for a
 * notice without one, the screen its kind is about. Another feature's screen is reached through
 * lib/paths.ts only. Null: nothing to open.
 */
export function useMessageTarget() {
  const { t } = useTranslation();
  return (m: Pick<Message, 'kind' | 'link'>): MessageTarget | null => {
    switch (m.link?.type) {
      case 'order':
        return { to: `${paths.orderDetail}?id=${m.link.id}`, label: t('messages.open.order') };
      case 'refund':
        return { to: paths.refundRequest, label: t('messages.open.refund') };
      case 'recharge':
        return { to: paths.rechargeRecord, label: t('messages.open.recharge') };
      case 'withdrawal':
        return { to: paths.withdrawRecord, label: t('messages.open.withdrawal') };
      case 'kyc':
        return { to: paths.idInfo, label: t('messages.open.kyc') };
      case 'level':
        return { to: paths.level, label: t('messages.open.level') };
      case 'product':
        return { to: paths.goods, label: t('messages.open.product') };
      case 'express_purchase':
        return { to: paths.storeExpress, label: t('messages.open.promotion') };
      case 'alliance_commission':
        return { to: paths.alliance, label: t('messages.open.alliance') };
      case 'shop_closure':
        return { to: paths.service, label: t('messages.open.service') };
      case 'balance_adjustment':
        return { to: paths.fundsRecords, label: t('messages.open.funds') };
    }
    if (m.kind === 'bank_changed') return { to: paths.bank, label: t('messages.open.bank') };
    if (m.kind === 'shop_closed' || m.kind === 'shop_reopened')
      return { to: paths.service, label: t('messages.open.service') };
    return null;
  };
}
