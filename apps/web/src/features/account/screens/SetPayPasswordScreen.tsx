import { PAY_PASSWORD_LENGTH } from '@dropdesk/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { PayPasswordInput } from '../../../components/PayPasswordInput';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useFormFields } from '../../../lib/use-form-fields';
import { hasErrors, serverFieldErrors } from '../../../lib/validation';
import { accountApi } from '../api/account-calls';
import { validateNewPayPassword } from '../validation';

/** Set the payment password (once): 6 digits, entered twice. */
export default function SetPayPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const merinfo = useSession((s) => s.merinfo);
  const { values, errors, setErrors, set } = useFormFields({
    pay_password: '',
    pay_password_confirm: '',
  });
  const [busy, setBusy] = useState(false);
  // Already set when the screen opened: it is a change, not a set (checked once, not after saving).
  const [alreadySet] = useState(() => merinfo?.pay_password_set === true);

  if (alreadySet) return <Navigate to={paths.changePayPassword} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPayPassword(values);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await accountApi.setPayPassword(values);
      await queryClient.invalidateQueries({ queryKey: ['account', 'merinfo'] });
      if (merinfo) useSession.getState().setMerInfo({ ...merinfo, pay_password_set: true });
      navigate(paths.setting, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error, ['pay_password', 'pay_password_confirm'] as const));
      setBusy(false);
    }
  };

  return (
    <Page title={t('routes.setPaypwd')}>
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <p className={ui.hint}>{t('payPassword.intro', { length: PAY_PASSWORD_LENGTH })}</p>
        <PayPasswordInput
          testId="pay-new"
          label={t('payPassword.new')}
          value={values.pay_password}
          onChange={set('pay_password')}
          error={errors.pay_password}
        />
        <PayPasswordInput
          testId="pay-confirm"
          label={t('payPassword.confirm')}
          value={values.pay_password_confirm}
          onChange={set('pay_password_confirm')}
          error={errors.pay_password_confirm}
        />
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('common.loading') : t('common.save')}
        </button>
      </form>
    </Page>
  );
}
