import { type Country, PASSWORD_MIN_LENGTH } from '@dropdesk/contract/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Field } from '../../../components/Field';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import upload from '../../../components/upload.module.css';
import { useAppConfig } from '../../../lib/config';
import { messageOf } from '../../../lib/messages';
import { HOME_PATH, paths } from '../../../lib/paths';
import { revealFirstError } from '../../../lib/scroll';
import { useSession } from '../../../lib/session';
import { useFormFields } from '../../../lib/use-form-fields';
import { hasErrors, serverFieldErrors } from '../../../lib/validation';
import { authApi } from '../api/account-calls';
import { AuthFrame } from '../components/AuthFrame';
import { CountryPicker } from '../components/CountryPicker';
import { type InviteState, REGISTER_KEYS, type RegisterValues, validateRegister } from '../validation';

const EMPTY: RegisterValues = Object.fromEntries(REGISTER_KEYS.map((k) => [k, ''])) as RegisterValues;
const INVITE_DEBOUNCE_MS = 400;

/** Checks the invitation code as it is typed (verify_code), debounced, the newest answer winning. */
function useInviteCheck(code: string): { state: InviteState; owner: string | null } {
  const [result, setResult] = useState<{ state: InviteState; owner: string | null }>({
    state: 'idle',
    owner: null,
  });
  useEffect(() => {
    const value = code.trim();
    if (!value) {
      setResult({ state: 'idle', owner: null });
      return;
    }
    setResult({ state: 'checking', owner: null });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      authApi
        .verifyCode(value, abort.signal)
        .then((r) => setResult({ state: r.valid ? 'valid' : 'invalid', owner: r.owner }))
        .catch(() => !abort.signal.aborted && setResult({ state: 'idle', owner: null }));
    }, INVITE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [code]);
  return result;
}

export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useSession((s) => s.login);
  const handoffData = useSession((s) => s.handoffData);
  const config = useAppConfig();
  const form = useRef<HTMLFormElement>(null);
  const { values, errors, setErrors, set } = useFormFields<RegisterValues>(() => ({
    ...EMPTY,
    invite_code: (search.get('invite') ?? search.get('invite_code') ?? '').toUpperCase(),
  }));
  const [busy, setBusy] = useState(false);
  const invite = useInviteCheck(values.invite_code);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegister(values, invite.state, t, PASSWORD_MIN_LENGTH);
    setErrors(found);
    if (hasErrors(found)) {
      requestAnimationFrame(() => revealFirstError(form.current));
      return;
    }
    setBusy(true);
    const body = {
      ...values,
      store_name: values.store_name.trim(),
      store_address: values.store_address.trim(),
      real_name: values.real_name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      invite_code: values.invite_code.trim().toUpperCase(),
      country: values.country as Country,
      // Finance reports cut days at the merchant's midnight: the phone's own zone.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    try {
      const res = handoffData
        ? await authApi.tkregister({ ...body, data: handoffData })
        : await authApi.register(body);
      login(res.merinfo);
      navigate(HOME_PATH, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error, REGISTER_KEYS));
      requestAnimationFrame(() => revealFirstError(form.current));
      setBusy(false);
    }
  };

  const inviteHint =
    invite.state === 'checking'
      ? t('register.inviteChecking')
      : invite.state === 'valid'
        ? invite.owner && invite.owner !== 'platform'
          ? t('register.inviteValidFrom', { owner: invite.owner })
          : t('register.inviteValid')
        : undefined;

  return (
    <AuthFrame title={t('register.title')}>
      <form ref={form} className={ui.form} onSubmit={submit} noValidate>
        <UploadTile
          label={t('register.storeLogo')}
          kind="logo"
          value={values.store_logo}
          onChange={set('store_logo')}
          error={errors.store_logo}
        />
        <Field
          label={t('register.storeName')}
          autoComplete="organization"
          value={values.store_name}
          onChange={set('store_name')}
          error={errors.store_name}
          maxLength={60}
        />
        <Field
          label={t('register.storeAddress')}
          autoComplete="street-address"
          value={values.store_address}
          onChange={set('store_address')}
          error={errors.store_address}
          maxLength={200}
        />
        <CountryPicker
          label={t('register.country')}
          value={values.country}
          onChange={set('country')}
          codes={config.data?.countries}
          error={errors.country}
        />
        <Field
          label={t('register.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+84 900 000 000"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <Field
          label={t('register.realName')}
          autoComplete="name"
          value={values.real_name}
          onChange={set('real_name')}
          error={errors.real_name}
          maxLength={60}
        />
        <fieldset className={upload.fieldset}>
          <legend className={ui.label}>{t('register.idPhotos')}</legend>
          <div className={upload.grid}>
            <UploadTile
              label={t('register.idFront')}
              kind="id_card"
              value={values.id_card_front}
              onChange={set('id_card_front')}
              error={errors.id_card_front}
            />
            <UploadTile
              label={t('register.idBack')}
              kind="id_card"
              value={values.id_card_back}
              onChange={set('id_card_back')}
              error={errors.id_card_back}
            />
            <UploadTile
              label={t('register.idHand')}
              kind="id_card"
              value={values.id_card_hand}
              onChange={set('id_card_hand')}
              error={errors.id_card_hand}
            />
            <UploadTile
              label={t('register.license')}
              kind="license"
              value={values.business_license}
              onChange={set('business_license')}
              error={errors.business_license}
            />
          </div>
        </fieldset>
        <Field
          label={t('register.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          hint={t('validation.passwordLength', { min: PASSWORD_MIN_LENGTH })}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <Field
          label={t('register.passwordConfirm')}
          type="password"
          autoComplete="new-password"
          value={values.password_confirm}
          onChange={set('password_confirm')}
          error={errors.password_confirm}
        />
        <Field
          label={t('register.invite')}
          autoComplete="off"
          autoCapitalize="characters"
          value={values.invite_code}
          onChange={(v) => set('invite_code')(v.toUpperCase())}
          error={
            errors.invite_code ?? (invite.state === 'invalid' ? messageOf('INVITE_CODE_INVALID') : undefined)
          }
          hint={
            inviteHint && <span className={invite.state === 'valid' ? ui.ok : undefined}>{inviteHint}</span>
          }
          maxLength={32}
        />
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('common.loading') : t('register.submit')}
        </button>
        <div className={ui.links}>
          <Link className={ui.link} to={paths.login}>
            {t('register.toLogin')}
          </Link>
        </div>
      </form>
    </AuthFrame>
  );
}
