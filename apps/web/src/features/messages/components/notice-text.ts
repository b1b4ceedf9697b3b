import type { NoticeKind } from '@dropdesk/contract/messages';
import { countryName, formatDate, formatNumber } from '@dropdesk/web-kit/format';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormatAmount } from '../../../components/Amount';
import { currentLang } from '../../../lib/i18n';
import type { Message } from '../api/get-messages';

type Params = Record<string, string | number | null>;
type Vars = Record<string, string>;

/** Params that are amounts (wire strings, "12.50"), written the reader's way with the currency. */
const MONEY_PARAMS = ['amount', 'actual', 'old_cost', 'new_cost'] as const;
/** Params that are times (ISO), written as the reader's date. */
const TIME_PARAMS = ['ends_at'] as const;
/** Params that are moments (ISO), written as the reader's date and time. */
const MOMENT_PARAMS = ['time'] as const;

/**
 * Where a security notice's request came from, in the reader's words: the country's name in the
 * reader's language, and words of the app's own for a device or a place the server did not know.
 */
const origin = (t: TFunction, v: Vars, p: Params): Vars => ({
  ...v,
  device: typeof p.device === 'string' && p.device !== '' ? p.device : t('messages.notice.unknownDevice'),
  country:
    typeof p.country === 'string' && p.country !== ''
      ? countryName(p.country, currentLang())
      : t('messages.notice.unknownPlace'),
});

/**
 * The sentence of each notice kind: the server stores a key (`notice.<kind>`) and params, never a
 * text in one language. One literal key per kind (the i18n check reads them), and the kinds
 * whose sentence depends on a param choose between literal keys.
 */
const SENTENCES: Record<NoticeKind, (t: TFunction, v: Vars, p: Params) => string> = {
  recharge_approved: (t, v) => t('messages.notice.recharge_approved', v),
  recharge_rejected: (t, v) => t('messages.notice.recharge_rejected', v),
  // "after 2 network confirmations": the count chooses the plural form.
  recharge_credited: (t, v, p) =>
    t('messages.notice.recharge_credited', { ...v, count: Number(p.confirmations) || 0 }),
  recharge_dropped: (t, v) => t('messages.notice.recharge_dropped', v),
  withdrawal_approved: (t, v) => t('messages.notice.withdrawal_approved', v),
  withdrawal_rejected: (t, v) => t('messages.notice.withdrawal_rejected', v),
  // "within the promised 24 hours": the hours choose the plural form.
  withdrawal_late: (t, v, p) => t('messages.notice.withdrawal_late', { ...v, count: Number(p.hours) || 0 }),
  kyc_verified: (t, v) => t('messages.notice.kyc_verified', v),
  kyc_rejected: (t, v) => t('messages.notice.kyc_rejected', v),
  bank_changed: (t, v) => t('messages.notice.bank_changed', v),
  product_repriced: (t, v) => t('messages.notice.product_repriced', v),
  level_upgraded: (t, v) => t('messages.notice.level_upgraded', v),
  order_paid: (t, v) => t('messages.notice.order_paid', v),
  order_cancelled: (t, v) => t('messages.notice.order_cancelled', v),
  refund_asked: (t, v) => t('messages.notice.refund_asked', v),
  refund_appealed: (t, v) => t('messages.notice.refund_appealed', v),
  refund_arbitrated: (t, v, p) =>
    p.decision === 'refund'
      ? t('messages.notice.refund_arbitrated_refund', v)
      : p.decision === 'reject'
        ? t('messages.notice.refund_arbitrated_reject', v)
        : t('messages.notice.refund_arbitrated', v),
  order_shipped: (t, v) => t('messages.notice.order_shipped', v),
  order_progress: (t, v, p) =>
    p.status === 6
      ? t('messages.notice.order_progress_in_transit', v)
      : p.status === 7
        ? t('messages.notice.order_progress_reached', v)
        : t('messages.notice.order_progress', v),
  order_settled: (t, v) => t('messages.notice.order_settled', v),
  promotion_started: (t, v) => t('messages.notice.promotion_started', v),
  promotion_ended: (t, v) => t('messages.notice.promotion_ended', v),
  shop_closed: (t, v) => t('messages.notice.shop_closed', v),
  shop_reopened: (t, v) => t('messages.notice.shop_reopened', v),
  commission_earned: (t, v) => t('messages.notice.commission_earned', v),
  balance_adjusted: (t, v, p) =>
    p.direction === 'credit'
      ? t('messages.notice.balance_adjusted_credit', v)
      : p.direction === 'debit'
        ? t('messages.notice.balance_adjusted_debit', v)
        : t('messages.notice.balance_adjusted', v),
  security_new_device: (t, v, p) => t('messages.notice.security_new_device', origin(t, v, p)),
  login_password_changed: (t, v, p) => t('messages.notice.login_password_changed', origin(t, v, p)),
  pay_password_changed: (t, v, p) => t('messages.notice.pay_password_changed', origin(t, v, p)),
};

/**
 * A message's title and its text, in the reader's language: a system message's own title and body
 * (the operator's plain text); a notice's sentence, written from its params (amounts with the
 * platform's currency, dates and counts the reader's way), and the reason or note it carries.
 */
export function useMessageText() {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  return (m: Pick<Message, 'kind' | 'params' | 'title' | 'body'>) => {
    if (m.kind === 'broadcast') return { title: m.title ?? '', body: m.body ?? '', reason: null, note: null };
    const lang = currentLang();
    const params: Params = m.params ?? {};
    const vars: Vars = {};
    for (const [key, value] of Object.entries(params)) {
      if (value === null) continue;
      if ((MONEY_PARAMS as readonly string[]).includes(key)) vars[key] = formatAmount(String(value));
      else if ((TIME_PARAMS as readonly string[]).includes(key))
        vars[key] = formatDate(String(value), lang, false);
      else if ((MOMENT_PARAMS as readonly string[]).includes(key))
        vars[key] = formatDate(String(value), lang);
      else vars[key] = typeof value === 'number' ? formatNumber(value, lang) : value;
    }
    // An order number or id is not a figure: "T100", never "T,100" or "1.234".
    for (const key of ['order_no', 'product_id', 'tracking_no'])
      if (params[key] !== undefined && params[key] !== null) vars[key] = String(params[key]);
    const sentence = SENTENCES[m.kind](t, vars, params);
    const text = (key: string) =>
      typeof params[key] === 'string' && params[key] !== '' ? (params[key] as string) : null;
    return { title: sentence, body: '', reason: text('reason'), note: text('note') };
  };
}
