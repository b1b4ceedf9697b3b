import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Field } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { PayPasswordInput } from '../../../components/PayPasswordInput';
import styles from '../../../components/pay.module.css';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useFormFields } from '../../../lib/use-form-fields';
import { hasErrors, serverFieldErrors } from '../../../lib/validation';
import { accountApi } from '../api/account-calls';
import { type PayKey, validateChangePayPassword } from '../validation';

const KEYS = ['pay_password', 'pay_password_confirm', 'old_pay_password', 'password'] as const;

/** Change the payment password, proving it with the old one or with the login password. */
export default function ChangePayPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const merinfo = useSession((s) => s.merinfo);
  const [by, setBy] = useState<'old' | 'login'>('old');
  const { values, errors, setErrors, set } = useFormFields<Record<PayKey, string>>({
    pay_password: '',
    pay_password_confirm: '',
    old_pay_password: '',
    password: '',
  });
  const [busy, setBusy] = useState(false);
  const [notSet] = useState(() => merinfo?.pay_password_set === false);

  if (notSet) return <Navigate to={paths.setPaypwd} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateChangePayPassword(values, by, t);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await accountApi.resetPayPassword({
        pay_password: values.pay_password,
        pay_password_confirm: values.pay_password_confirm,
        ...(by === 'old' ? { old_pay_password: values.old_pay_password } : { password: values.password }),
      });
      navigate(paths.setting, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error, KEYS));
      setBusy(false);
    }
  };

  return (
    <Page title={t('routes.changePayPassword')}>
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <fieldset className={styles.toggle} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="visually-hidden">{t('payPassword.verifyWith')}</legend>
          <button type="button" aria-pressed={by === 'old'} onClick={() => setBy('old')}>
            {t('payPassword.byOld')}
          </button>
          <button type="button" aria-pressed={by === 'login'} onClick={() => setBy('login')}>
            {t('payPassword.byLogin')}
          </button>
        </fieldset>
        {by === 'old' ? (
          <PayPasswordInput
            testId="pay-old"
            label={t('payPassword.old')}
            value={values.old_pay_password}
            onChange={set('old_pay_password')}
            error={errors.old_pay_password}
          />
        ) : (
          <Field
            label={t('payPassword.loginPassword')}
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
        )}
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
