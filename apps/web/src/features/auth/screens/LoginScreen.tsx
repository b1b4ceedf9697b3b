import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CurrentPassword, FormField } from '../../../components/form/FormField';
import { SubmitBar } from '../../../components/form/SubmitBar';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { HOME_PATH, paths, safePath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { getCaptcha } from '../api/get-captcha';
import { login } from '../api/login';
import { AccountField } from '../components/AccountField';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/auth.module.css';

const loadSchemas = () => import('../login-schema');

const asksForCaptcha = (error: unknown) =>
  error instanceof ApiError &&
  ((error.data as { captcha_required?: boolean } | undefined)?.captcha_required === true ||
    error.key === 'CAPTCHA_REQUIRED' ||
    error.key === 'CAPTCHA_INVALID');

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useSession((s) => s.login);
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const form = useContractForm(
    () => loadSchemas().then((m) => (captcha ? m.loginWithCaptcha : m.loginForm)),
    {
      defaultValues: { account: '', password: '', captcha: '' },
    },
  );

  const loadCaptcha = async () => {
    try {
      const c = await getCaptcha();
      setCaptcha({ id: c.captcha_id, image: c.image });
      form.setValue('captcha', '');
    } catch {
      // the client has shown why
    }
  };

  const onSubmit = form.submit(async ({ account, password, captcha: typed }) => {
    try {
      const res = await login({
        account,
        password,
        ...(captcha ? { captcha_id: captcha.id, captcha: typed } : {}),
      });
      signIn(res.merinfo);
      navigate(safePath(search.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch (error) {
      if (asksForCaptcha(error)) await loadCaptcha();
      throw error;
    }
  });

  return (
    <AuthFrame title={t('login.title')}>
      <form className={ui.form} onSubmit={onSubmit} onFocus={form.preload} noValidate>
        <AccountField control={form.control} name="account" label={t('login.account')} />
        <CurrentPassword control={form.control} name="password" label={t('login.password')} />
        {captcha && (
          <FormField
            control={form.control}
            name="captcha"
            label={t('login.captcha')}
            hint={t('login.captchaHint')}
            autoComplete="off"
            inputMode="text"
            addon={
              <button
                type="button"
                className={styles.captcha}
                onClick={loadCaptcha}
                aria-label={t('login.captchaRefresh')}
              >
                <img src={captcha.image} alt={t('login.captchaImage')} />
              </button>
            }
          />
        )}
        <SubmitBar control={form.control} label={t('login.submit')}>
          <Link className={ui.link} to={paths.register}>
            {t('login.toRegister')}
          </Link>
          <Link className={ui.link} to={paths.forgetPwd}>
            {t('login.toForgot')}
          </Link>
        </SubmitBar>
      </form>
    </AuthFrame>
  );
}
