import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import { confirm } from '../../../lib/dialog';
import { useLogout } from '../api/logout';

export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  const ask = async () => {
    const ok = await confirm({
      content: t('my.logoutConfirm'),
      confirmText: t('my.logout'),
      cancelText: t('common.cancel'),
    });
    if (ok) await logout();
  };
  return (
    <button type="button" className={ui.buttonGhost} onClick={ask}>
      {t('my.logout')}
    </button>
  );
}
