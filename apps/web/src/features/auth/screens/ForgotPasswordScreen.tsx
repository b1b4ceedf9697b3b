import { PASSWORD_MIN_LENGTH } from '@dropdesk/contract/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Field } from '../../../components/Field';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/paths';
import { revealFirstError } from '../../../lib/scroll';
import { useFormFields } from '../../../lib/use-form-fields';
import { type FieldErrors, hasErrors, serverFieldErrors } from '../../../lib/validation';
import { authApi } from '../api/account-calls';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/auth.module.css';
import { type ForgotKey, validateForgotAccount, validateForgotReset } from '../validation';

const RESEND_SECONDS = 60;
const KEYS = ['account', 'code', 'password', 'password_confirm'] as const;

/** Forgot password: phone or email → send_code → code and the new password twice → resetpwd. */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const { values, errors, setErrors, set } = useFormFields<Record<ForgotKey, string>>({
    account: '',
    code: '',
    password: '',
    password_confirm: '',
  });
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const show = (found: FieldErrors<ForgotKey>) => {
    setErrors(found);
    if (hasErrors(found)) requestAnimationFrame(() => revealFirstError(form.current));
    return hasErrors(found);
  };

  const sendCode = async () => {
    if (show(validateForgotAccount(values.account))) return;
    setBusy(true);
    try {
      await authApi.sendCode(values.account.trim());
      setStep(2);
      setWait(RESEND_SECONDS);
    } catch (error) {
      show(serverFieldErrors(error, KEYS));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step === 1) return sendCode();
    if (show(validateForgotReset(values, t, PASSWORD_MIN_LENGTH))) return;
    setBusy(true);
    try {
      await authApi.resetPwd({
        account: values.account.trim(),
        code: values.code.trim(),
        password: values.password,
        password_confirm: values.password_confirm,
      });
      navigate(paths.login, { replace: true });
    } catch (error) {
      show(serverFieldErrors(error, KEYS));
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('forgot.title')}>
      <p className={styles.steps}>
        {step === 1 ? t('forgot.step1') : t('forgot.step2', { account: values.account.trim() })}
      </p>
      <form ref={form} className={ui.form} onSubmit={submit} noValidate>
        <Field
          label={t('forgot.account')}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          value={values.account}
          onChange={set('account')}
          error={errors.account}
          readOnly={step === 2}
        />
        {step === 2 && (
          <>
            <Field
              label={t('forgot.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={values.code}
              onChange={(v) => set('code')(v.replace(/\D/g, ''))}
              error={errors.code}
              addon={
                <button
                  type="button"
                  className={ui.secondaryButton}
                  disabled={wait > 0 || busy}
                  onClick={sendCode}
                >
                  {wait > 0 ? t('forgot.resendIn', { seconds: wait }) : t('forgot.resend')}
                </button>
              }
            />
            <Field
              label={t('forgot.newPassword')}
              type="password"
              autoComplete="new-password"
              hint={t('validation.passwordLength', { min: PASSWORD_MIN_LENGTH })}
              value={values.password}
              onChange={set('password')}
              error={errors.password}
            />
            <Field
              label={t('forgot.confirmPassword')}
              type="password"
              autoComplete="new-password"
              value={values.password_confirm}
              onChange={set('password_confirm')}
              error={errors.password_confirm}
            />
          </>
        )}
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('common.loading') : step === 1 ? t('forgot.sendCode') : t('forgot.submit')}
        </button>
        <div className={ui.links}>
          {step === 2 ? (
            <button type="button" className={ui.link} onClick={() => setStep(1)}>
              {t('forgot.changeAccount')}
            </button>
          ) : (
            <span />
          )}
          <Link className={ui.link} to={paths.login}>
            {t('forgot.toLogin')}
          </Link>
        </div>
      </form>
    </AuthFrame>
  );
}
