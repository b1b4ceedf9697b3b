import type { AuditTarget } from '@dropdesk/contract/admin';
import { useTranslation } from 'react-i18next';

/**
 * Each kind of target the audit log can hold (the contract's AUDIT_TARGETS, the only ones the
 * server's `audit()` takes) in words, in the operator's language. A record over the type, so a
 * target added to the contract fails the typecheck here until it has its words;
 * `audit-actions.test.tsx` checks every one has them in all 7 languages.
 */
export function useAuditTargetNames(): Record<AuditTarget, string> {
  const { t } = useTranslation();
  return {
    operator: t('auditTargets.operator'),
    session: t('auditTargets.session'),
    merchant: t('auditTargets.merchant'),
    kyc: t('auditTargets.kyc'),
    recharge: t('auditTargets.recharge'),
    withdrawal: t('auditTargets.withdrawal'),
    balance_adjustment: t('auditTargets.balanceAdjustment'),
    order: t('auditTargets.order'),
    refund: t('auditTargets.refund'),
    category: t('auditTargets.category'),
    product: t('auditTargets.product'),
    level: t('auditTargets.level'),
    express_package: t('auditTargets.expressPackage'),
    system_message: t('auditTargets.systemMessage'),
    announcement: t('auditTargets.announcement'),
    network: t('auditTargets.network'),
    chain_alert: t('auditTargets.chainAlert'),
    topup_bank_account: t('auditTargets.topupBankAccount'),
    topup_manual: t('auditTargets.topupManual'),
    wallet_settings: t('auditTargets.walletSettings'),
    platform: t('auditTargets.platform'),
    alliance_settings: t('auditTargets.allianceSettings'),
    ledger_check: t('auditTargets.ledgerCheck'),
    invitation_code: t('auditTargets.invitationCode'),
  };
}
