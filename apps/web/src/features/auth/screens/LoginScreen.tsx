import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/Field';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/http';
import { HOME_PATH, paths, safePath } from '../../../lib/paths';
import { revealFirstError } from '../../../lib/scroll';
import { useSession } from '../../../lib/session';
import { useFormFields } from '../../../lib/use-form-fields';
import { hasErrors, serverFieldErrors } from '../../../lib/validation';
import { authApi } from '../api/account-calls';
import { AuthFrame } from '../components/AuthFrame';
import styles from '../components/auth.module.css';
import { type LoginKey, validateLogin } from '../validation';

type Key = LoginKey;

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useSession((s) => s.login);
  const form = useRef<HTMLFormElement>(null);
  const { values, setValues, errors, setErrors, set } = useFormFields<Record<Key, string>>({
    account: '',
    password: '',
    captcha: '',
  });
  const [captcha, setCaptcha] = useState<{ id: string; image: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const loadCaptcha = async () => {
    try {
      const c = await authApi.captcha();
      setCaptcha({ id: c.captcha_id, image: c.image });
      setValues((v) => ({ ...v, captcha: '' }));
    } catch {
      // the client has shown why
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(values, captcha !== null, t);
    setErrors(found);
    if (hasErrors(found)) {
      requestAnimationFrame(() => revealFirstError(form.current));
      return;
    }
    setBusy(true);
    try {
      const res = await authApi.login({
        account: values.account.trim(),
        password: values.password,
        ...(captcha ? { captcha_id: captcha.id, captcha: values.captcha.trim() } : {}),
      });
      login(res.merinfo);
      navigate(safePath(search.get('redirect')) ?? HOME_PATH, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error, ['account', 'password', 'captcha'] as const));
      const needsCaptcha =
        error instanceof ApiError &&
        ((error.data as { captcha_required?: boolean } | undefined)?.captcha_required === true ||
          error.key === 'CAPTCHA_REQUIRED' ||
          error.key === 'CAPTCHA_INVALID');
      if (needsCaptcha) await loadCaptcha();
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('login.title')}>
      <form ref={form} className={ui.form} onSubmit={submit} noValidate>
        <Field
          label={t('login.account')}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          value={values.account}
          onChange={set('account')}
          error={errors.account}
        />
        <Field
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        {captcha && (
          <Field
            label={t('login.captcha')}
            hint={t('login.captchaHint')}
            autoComplete="off"
            inputMode="text"
            value={values.captcha}
            onChange={set('captcha')}
            error={errors.captcha}
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
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('common.loading') : t('login.submit')}
        </button>
        <div className={ui.links}>
          <Link className={ui.link} to={paths.register}>
            {t('login.toRegister')}
          </Link>
          <Link className={ui.link} to={paths.forgetPwd}>
            {t('login.toForgot')}
          </Link>
        </div>
      </form>
    </AuthFrame>
  );
}
