import type { ReviewStatus } from '@dropdesk/contract/wallet';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ReviewStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
};

export function ReviewTag({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation();
  const label: Record<ReviewStatus, string> = {
    pending: t('queues.statusPending'),
    approved: t('queues.statusApproved'),
    rejected: t('queues.statusRejected'),
    cancelled: t('queues.statusCancelled'),
  };
  return <Tag color={COLORS[status]}>{label[status]}</Tag>;
}
