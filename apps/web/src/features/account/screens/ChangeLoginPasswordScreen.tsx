import { resetPwdBody } from '@dropdesk/contract/account';
import { useTranslation } from 'react-i18next';
import { CurrentPassword } from '../../../components/form/FormField';
import { PasswordPair } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { resetPassword } from '../../../lib/api/reset-password';
import { useContractForm } from '../../../lib/form';
import { useLogout } from '../api/logout';

/**
 * The change by the old password, which resetpwd leaves optional (the reset by code has none). A new
 * password equal to the old one is refused here, before the round trip.
 */
const changeLoginPassword = resetPwdBody
  .safeExtend({ old_password: resetPwdBody.shape.old_password.unwrap() })
  .refine((v) => v.password !== v.old_password, {
    path: ['password'],
    error: 'PASSWORD_UNCHANGED',
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'password'),
  });

/** Change the login password. The server then revokes every session, so the merchant logs in again. */
export default function ChangeLoginPasswordScreen() {
  const { t } = useTranslation();
  const logout = useLogout();
  const form = useContractForm(changeLoginPassword, {
    defaultValues: { old_password: '', password: '', password_confirm: '' },
  });

  const onSubmit = form.submit(async (body) => {
    await resetPassword(body);
    // The server ends every other session and keeps this one: end it too, as the screen promises.
    await logout();
  });

  return (
    <Page title={t('routes.changeLoginPassword')}>
      <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
        <CurrentPassword control={form.control} name="old_password" label={t('password.old')} />
        <PasswordPair control={form.control} labels={[t('password.new'), t('password.confirm')]} />
        <p className={ui.hint}>{t('password.relogin')}</p>
        <SubmitBar control={form.control} label={t('common.save')} />
      </form>
    </Page>
  );
}
