import { setPayPwdBody } from '@dropdesk/contract/account';
import { PAY_PASSWORD_LENGTH } from '@dropdesk/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { PayPasswordPair } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { accountKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { setPayPassword } from '../api/set-pay-password';

/** Set the payment password (once): 6 digits, entered twice. */
export default function SetPayPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const merinfo = useSession((s) => s.merinfo);
  const form = useContractForm(setPayPwdBody, {
    defaultValues: { pay_password: '', pay_password_confirm: '' },
  });
  // Already set when the screen opened: it is a change, not a set (checked once, not after saving).
  const [alreadySet] = useState(() => merinfo?.pay_password_set === true);

  if (alreadySet) return <Navigate to={paths.changePayPassword} replace />;

  const onSubmit = form.submit(async (body) => {
    await setPayPassword(body);
    await queryClient.invalidateQueries({ queryKey: accountKeys.merInfo() });
    if (merinfo) useSession.getState().setMerInfo({ ...merinfo, pay_password_set: true });
    navigate(paths.setting, { replace: true });
  });

  return (
    <Page title={t('routes.setPaypwd')}>
      <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
        <p className={ui.hint}>{t('payPassword.intro', { length: PAY_PASSWORD_LENGTH })}</p>
        <PayPasswordPair control={form.control} />
        <SubmitBar control={form.control} label={t('common.save')} />
      </form>
    </Page>
  );
}
