import type { OperatorRole } from '@dropdesk/contract/route';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OperatorRole, string> = {
  reviewer: 'blue',
  catalogue: 'green',
  support: 'orange',
  admin: 'red',
};

export function RoleTag({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const label: Record<OperatorRole, string> = {
    reviewer: t('roles.reviewer'),
    catalogue: t('roles.catalogue'),
    support: t('roles.support'),
    admin: t('roles.admin'),
  };
  return <Tag color={COLORS[role]}>{label[role]}</Tag>;
}
