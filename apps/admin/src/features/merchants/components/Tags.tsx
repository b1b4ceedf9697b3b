import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

export function ShopStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return status === 'closed' ? (
    <Tag color="red">{t('merchants.closed')}</Tag>
  ) : (
    <Tag color="green">{t('merchants.open')}</Tag>
  );
}

export function KycTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const map: Record<string, [string, string]> = {
    unverified: ['default', t('merchants.kycUnverified')],
    pending: ['gold', t('merchants.kycPending')],
    verified: ['green', t('merchants.kycVerified')],
    rejected: ['red', t('merchants.kycRejected')],
  };
  const [color, label] = map[status] ?? ['default', status];
  return <Tag color={color}>{label}</Tag>;
}

export function AdjustmentTag({ status }: { status: 'pending' | 'approved' | 'rejected' }) {
  const { t } = useTranslation();
  const map = {
    pending: ['gold', t('merchants.adjPending')],
    approved: ['green', t('merchants.adjApproved')],
    rejected: ['red', t('merchants.adjRejected')],
  } as const;
  return <Tag color={map[status][0]}>{map[status][1]}</Tag>;
}
