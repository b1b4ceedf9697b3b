import { resetPwdBody } from '@dropdesk/contract/account';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormField } from '../../../components/form/FormField';
import { PasswordPair } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import ui from '../../../components/ui.module.css';
import { resetPassword } from '../../../lib/api/reset-password';
import { useContractForm } from '../../../lib/form';
import { paths } from '../../../lib/paths';
import { sendResetCode } from '../api/send-reset-code';
import { AccountField } from '../components/AccountField';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/auth.module.css';

const RESEND_SECONDS = 60;

/** The reset by code: the account and the code, which resetpwd leaves optional, are required here. */
const { account, code } = resetPwdBody.shape;
const resetByCode = resetPwdBody.safeExtend({
  account: account.unwrap(),
  code: code.unwrap(),
});

/** Forgot password: phone or email → send_code → code and the new password twice → resetpwd. */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  const form = useContractForm(resetByCode, {
    defaultValues: { account: '', code: '', password: '', password_confirm: '' },
  });

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  /** Step 1, and "send again": only the account is checked. */
  const sendCode = async () => {
    if (!(await form.trigger('account'))) return;
    setSending(true);
    try {
      await sendResetCode(form.getValues('account').trim());
      setStep(2);
      setWait(RESEND_SECONDS);
    } catch (error) {
      form.refuse(error);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = form.submit(async (body) => {
    await resetPassword(body);
    navigate(paths.login, { replace: true });
  });

  return (
    <AuthFrame title={t('forgot.title')}>
      <p className={styles.steps}>
        {step === 1 ? t('forgot.step1') : t('forgot.step2', { account: form.getValues('account').trim() })}
      </p>
      <form
        className={ui.form}
        onSubmit={
          step === 1
            ? (e) => {
                e.preventDefault();
                void sendCode();
              }
            : onSubmit
        }
        noValidate
      >
        <AccountField
          control={form.control}
          name="account"
          label={t('forgot.account')}
          readOnly={step === 2}
        />
        {step === 2 && (
          <>
            <FormField
              control={form.control}
              name="code"
              label={t('forgot.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              normalize={(v) => v.replace(/\D/g, '')}
              addon={
                <button
                  type="button"
                  className={ui.secondaryButton}
                  disabled={wait > 0 || sending}
                  onClick={sendCode}
                >
                  {wait > 0 ? t('forgot.resendIn', { seconds: wait }) : t('forgot.resend')}
                </button>
              }
            />
            <PasswordPair
              control={form.control}
              labels={[t('forgot.newPassword'), t('forgot.confirmPassword')]}
            />
          </>
        )}
        <SubmitBar
          control={form.control}
          label={step === 1 ? t('forgot.sendCode') : t('forgot.submit')}
          busy={sending}
        >
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
        </SubmitBar>
      </form>
    </AuthFrame>
  );
}
