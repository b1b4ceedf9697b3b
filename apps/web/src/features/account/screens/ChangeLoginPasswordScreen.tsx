import { PASSWORD_MIN_LENGTH } from '@dropdesk/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '../../../components/Field';
import { Page } from '../../../components/Page';
import ui from '../../../components/ui.module.css';
import { paths } from '../../../lib/paths';
import { revealFirstError } from '../../../lib/scroll';
import { useSession } from '../../../lib/session';
import { useFormFields } from '../../../lib/use-form-fields';
import { hasErrors, serverFieldErrors } from '../../../lib/validation';
import { accountApi } from '../api/account-calls';
import { type ChangePasswordKey, validateChangePassword } from '../validation';

const KEYS = ['old_password', 'password', 'password_confirm'] as const;

/** Change the login password. The server then revokes every session, so the merchant logs in again. */
export default function ChangeLoginPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const { values, errors, setErrors, set } = useFormFields<Record<ChangePasswordKey, string>>({
    old_password: '',
    password: '',
    password_confirm: '',
  });
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateChangePassword(values, t, PASSWORD_MIN_LENGTH);
    setErrors(found);
    if (hasErrors(found)) {
      requestAnimationFrame(() => revealFirstError(form.current));
      return;
    }
    setBusy(true);
    try {
      await accountApi.changePassword(values);
      // The server ends every other session and keeps this one: end it too, as the screen promises.
      await accountApi.logout().catch(() => undefined);
      useSession.getState().logout();
      queryClient.clear();
      navigate(paths.login, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error, KEYS));
      setBusy(false);
    }
  };

  return (
    <Page title={t('routes.changeLoginPassword')}>
      <form ref={form} className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
        <Field
          label={t('password.old')}
          type="password"
          autoComplete="current-password"
          value={values.old_password}
          onChange={set('old_password')}
          error={errors.old_password}
        />
        <Field
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          hint={t('validation.passwordLength', { min: PASSWORD_MIN_LENGTH })}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Field
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          value={values.password_confirm}
          onChange={set('password_confirm')}
          error={errors.password_confirm}
        />
        <p className={ui.hint}>{t('password.relogin')}</p>
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('common.loading') : t('common.save')}
        </button>
      </form>
    </Page>
  );
}
