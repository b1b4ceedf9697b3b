import { resetPayBody } from '@dropdesk/contract/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { CurrentPassword } from '../../../components/form/FormField';
import { FormPayPassword, PayPasswordPair } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import styles from '../../../components/pay.module.css';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { changePayPassword } from '../api/change-pay-password';

/** resetPay takes one proof of the two it leaves optional: the form requires the one chosen. */
const { old_pay_password, password } = resetPayBody.shape;
const byOldPayPassword = resetPayBody.safeExtend({ old_pay_password: old_pay_password.unwrap() });
const byLoginPassword = resetPayBody.safeExtend({ password: password.unwrap() });

/** Change the payment password, proving it with the old one or with the login password. */
export default function ChangePayPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merinfo = useSession((s) => s.merinfo);
  const [by, setBy] = useState<'old' | 'login'>('old');
  const form = useContractForm(by === 'old' ? byOldPayPassword : byLoginPassword, {
    defaultValues: { pay_password: '', pay_password_confirm: '' },
  });
  const [notSet] = useState(() => merinfo?.pay_password_set === false);

  if (notSet) return <Navigate to={paths.setPaypwd} replace />;

  const choose = (next: 'old' | 'login') => {
    setBy(next);
    // The proof not chosen is not sent, and its message goes with it.
    form.unregister(next === 'old' ? 'password' : 'old_pay_password');
  };

  const onSubmit = form.submit(async (body) => {
    await changePayPassword(body);
    navigate(paths.setting, { replace: true });
  });

  return (
    <Page title={t('routes.changePayPassword')}>
      <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.toggle} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="visually-hidden">{t('payPassword.verifyWith')}</legend>
          <button type="button" aria-pressed={by === 'old'} onClick={() => choose('old')}>
            {t('payPassword.byOld')}
          </button>
          <button type="button" aria-pressed={by === 'login'} onClick={() => choose('login')}>
            {t('payPassword.byLogin')}
          </button>
        </fieldset>
        {by === 'old' ? (
          <FormPayPassword
            control={form.control}
            name="old_pay_password"
            label={t('payPassword.old')}
            testId="pay-old"
          />
        ) : (
          <CurrentPassword control={form.control} name="password" label={t('payPassword.loginPassword')} />
        )}
        <PayPasswordPair control={form.control} />
        <SubmitBar control={form.control} label={t('common.save')} />
      </form>
    </Page>
  );
}
