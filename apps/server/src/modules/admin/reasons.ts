import { DEFAULT_LANG, type Lang } from '@dropdesk/contract/constants';
import {
  type REJECT_REASONS,
  type ReasonCode,
  type ReasonQueue,
  reasonCodes,
  reasonKey,
} from '@dropdesk/contract/reasons';
import type { Db } from '../../db/database';
import { t } from '../../i18n/t';
import { merchantAccounts } from '../account';

/** A review's rejection as the reject rows take it: a typed reason or a preset code (never both). */
export interface Rejection<Q extends ReasonQueue> {
  reason?: string | undefined;
  reason_code?: ReasonCode<Q> | undefined;
}

/**
 * The reason a rejection stores and tells the merchant: a typed one as typed; a preset code as its
 * text in the merchant's own language (the one it last chose), so the merchant app shows either the
 * same way and needs no list of codes (docs/decisions.md). A merchant that no longer exists reads the
 * default language's text (the decision then fails on its own NOT_FOUND anyway).
 */
export async function rejectionReason<Q extends ReasonQueue>(
  db: Db,
  queue: Q,
  merchantId: number | undefined,
  rejection: Rejection<Q>,
): Promise<string> {
  if (rejection.reason_code === undefined) return rejection.reason ?? '';
  const merchant = merchantId === undefined ? undefined : await merchantAccounts.byId(db, merchantId);
  return t(merchant?.lang ?? DEFAULT_LANG, reasonKey(queue, rejection.reason_code));
}

/** The preset reasons of every review queue, with their texts in `lang` (what the console lists). */
export function presetReasons(lang: Lang) {
  const list = <Q extends ReasonQueue>(queue: Q) =>
    reasonCodes(queue).map((code) => ({ code, text: t(lang, reasonKey(queue, code)) }));
  return { recharge: list('recharge'), withdrawal: list('withdrawal'), kyc: list('kyc') } satisfies Record<
    keyof typeof REJECT_REASONS,
    unknown
  >;
}
