import type { OperatorRole } from '@dropdesk/contract/route';
import { useTranslation } from 'react-i18next';

export function useRoleNames(): Record<OperatorRole, string> {
  const { t } = useTranslation();
  return {
    reviewer: t('roles.reviewer'),
    catalogue: t('roles.catalogue'),
    support: t('roles.support'),
    admin: t('roles.admin'),
  };
}
