import type { AuditAction } from '@dropdesk/contract/admin';
import { useTranslation } from 'react-i18next';

/**
 * Each action the audit log can hold (the contract's AUDIT_ACTIONS, the only ones the server's
 * `audit()` takes) in words, in the operator's language. A record over the type, so an action added
 * to the contract fails the typecheck here until it has its words; `audit-actions.test.ts` checks
 * every one has them in all 7 languages.
 */
export function useAuditActionNames(): Record<AuditAction, string> {
  const { t } = useTranslation();
  return {
    'operator.login': t('auditActions.operatorLogin'),
    'operator.enrol_totp': t('auditActions.operatorEnrolTotp'),
    'operator.logout': t('auditActions.operatorLogout'),
    'operator.create': t('auditActions.operatorCreate'),
    'operator.update': t('auditActions.operatorUpdate'),
    'operator.reset_totp': t('auditActions.operatorResetTotp'),
    'recharge.approve': t('auditActions.rechargeApprove'),
    'recharge.reject': t('auditActions.rechargeReject'),
    'withdrawal.approve': t('auditActions.withdrawalApprove'),
    'withdrawal.reject': t('auditActions.withdrawalReject'),
    'kyc.approve': t('auditActions.kycApprove'),
    'kyc.reject': t('auditActions.kycReject'),
    'refund.arbitrate.refund': t('auditActions.refundArbitrateRefund'),
    'refund.arbitrate.reject': t('auditActions.refundArbitrateReject'),
    'adjustment.propose': t('auditActions.adjustmentPropose'),
    'adjustment.approve': t('auditActions.adjustmentApprove'),
    'adjustment.reject': t('auditActions.adjustmentReject'),
    'order.ship': t('auditActions.orderShip'),
    'order.progress': t('auditActions.orderProgress'),
    'shop.close': t('auditActions.shopClose'),
    'shop.reopen': t('auditActions.shopReopen'),
    'category.create': t('auditActions.categoryCreate'),
    'category.update': t('auditActions.categoryUpdate'),
    'product.create': t('auditActions.productCreate'),
    'product.update': t('auditActions.productUpdate'),
    'product.image.add': t('auditActions.productImageAdd'),
    'product.import': t('auditActions.productImport'),
    'level.create': t('auditActions.levelCreate'),
    'level.update': t('auditActions.levelUpdate'),
    'express_package.create': t('auditActions.expressPackageCreate'),
    'express_package.update': t('auditActions.expressPackageUpdate'),
    'message.broadcast': t('auditActions.messageBroadcast'),
    'announcement.create': t('auditActions.announcementCreate'),
    'announcement.update': t('auditActions.announcementUpdate'),
    'announcement.enable': t('auditActions.announcementEnable'),
    'announcement.disable': t('auditActions.announcementDisable'),
    'deposit_address.set': t('auditActions.depositAddressSet'),
    'chain_network.set': t('auditActions.chainNetworkSet'),
    'chain_alert.resolve': t('auditActions.chainAlertResolve'),
    'topup_bank_account.set': t('auditActions.topupBankAccountSet'),
    'topup_manual.set': t('auditActions.topupManualSet'),
    'wallet_settings.set': t('auditActions.walletSettingsSet'),
    'settings.service_contact': t('auditActions.settingsServiceContact'),
    'alliance.rate': t('auditActions.allianceRate'),
    'ledger.check': t('auditActions.ledgerCheck'),
    'statement.produce': t('auditActions.statementProduce'),
    'invite.create': t('auditActions.inviteCreate'),
  };
}

/**
 * An entry's key (its action, its target's kind) in words; a key this console does not know (an
 * older row, a newer server) stays the key.
 */
export function inWords<K extends string>(names: Record<K, string>, key: string): string {
  return Object.hasOwn(names, key) ? names[key as K] : key;
}
