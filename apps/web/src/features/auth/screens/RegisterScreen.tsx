import { registerBody } from '@dropdesk/contract/account';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Bound, FormField } from '../../../components/form/FormField';
import { PasswordPair } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import upload from '../../../components/upload.module.css';
import { useAppConfig } from '../../../lib/config';
import { useContractForm } from '../../../lib/form';
import { messageOf } from '../../../lib/messages';
import { HOME_PATH, paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { register } from '../api/register';
import { verifyInviteCode } from '../api/verify-invite-code';
import { AuthFrame } from '../components/AuthFrame';
import { CountryPicker } from '../components/CountryPicker';

type InviteState = 'idle' | 'checking' | 'valid' | 'invalid';

const INVITE_DEBOUNCE_MS = 400;

/**
 * The invitation code of the link that opened the screen. `/register?code=X` is the link the
 * invitation screen and getMerInfo.invite_link give; `?invite=` is read too, for links already shared.
 */
export const inviteCodeOf = (search: URLSearchParams) =>
  (search.get('code') ?? search.get('invite') ?? search.get('invite_code') ?? '').trim().toUpperCase();

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
      verifyInviteCode(value, abort.signal)
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
  const form = useContractForm(registerBody, {
    defaultValues: {
      store_logo: '',
      store_name: '',
      store_address: '',
      phone: '',
      real_name: '',
      id_card_front: '',
      id_card_back: '',
      id_card_hand: '',
      email: '',
      password: '',
      password_confirm: '',
      invite_code: inviteCodeOf(search),
      business_license: '',
    },
  });
  const { control } = form;
  const invite = useInviteCheck(useWatch({ control, name: 'invite_code' }));
  // The code as typed is checked by the server: its answer is the field's message (type 'invite').
  const { setError, clearErrors, getFieldState } = form;
  const inviteRefused = invite.state === 'invalid';
  useEffect(() => {
    if (inviteRefused) setError('invite_code', { type: 'invite', message: messageOf('INVITE_CODE_INVALID') });
    else if (getFieldState('invite_code').error?.type === 'invite') clearErrors('invite_code');
  }, [inviteRefused, setError, clearErrors, getFieldState]);

  const onSubmit = form.submit(async (body) => {
    if (inviteRefused) {
      setError('invite_code', { type: 'invite', message: messageOf('INVITE_CODE_INVALID') });
      return;
    }
    // Finance reports cut days at the merchant's midnight: the phone's own zone.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const res = await register({ ...body, time_zone: timeZone }, handoffData);
    login(res.merinfo);
    navigate(HOME_PATH, { replace: true });
  });

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
      <form className={ui.form} onSubmit={onSubmit} noValidate>
        <Bound control={control} name="store_logo">
          {(f) => (
            <UploadTile
              label={t('register.storeLogo')}
              kind="logo"
              value={f.value}
              onChange={f.onChange}
              error={f.error}
            />
          )}
        </Bound>
        <FormField
          control={control}
          name="store_name"
          label={t('register.storeName')}
          autoComplete="organization"
          maxLength={60}
        />
        <FormField
          control={control}
          name="store_address"
          label={t('register.storeAddress')}
          autoComplete="street-address"
          maxLength={200}
        />
        <Bound control={control} name="country">
          {(f) => (
            <CountryPicker
              label={t('register.country')}
              value={f.value}
              onChange={f.onChange}
              codes={config.data?.countries}
              error={f.error}
            />
          )}
        </Bound>
        <FormField
          control={control}
          name="phone"
          label={t('register.phone')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+84 900 000 000"
        />
        <FormField
          control={control}
          name="real_name"
          label={t('register.realName')}
          autoComplete="name"
          maxLength={60}
        />
        <fieldset className={upload.fieldset}>
          <legend className={ui.label}>{t('register.idPhotos')}</legend>
          <div className={upload.grid}>
            {(
              [
                ['id_card_front', t('register.idFront'), 'id_card'],
                ['id_card_back', t('register.idBack'), 'id_card'],
                ['id_card_hand', t('register.idHand'), 'id_card'],
                ['business_license', t('register.license'), 'license'],
              ] as const
            ).map(([name, label, kind]) => (
              <Bound key={name} control={control} name={name}>
                {(f) => (
                  <UploadTile
                    label={label}
                    kind={kind}
                    value={f.value}
                    onChange={f.onChange}
                    error={f.error}
                  />
                )}
              </Bound>
            ))}
          </div>
        </fieldset>
        <FormField
          control={control}
          name="email"
          label={t('register.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <PasswordPair control={control} labels={[t('register.password'), t('register.passwordConfirm')]} />
        <FormField
          control={control}
          name="invite_code"
          label={t('register.invite')}
          autoComplete="off"
          autoCapitalize="characters"
          normalize={(v) => v.toUpperCase()}
          maxLength={32}
          hint={
            inviteHint && <span className={invite.state === 'valid' ? ui.ok : undefined}>{inviteHint}</span>
          }
        />
        <SubmitBar control={control} label={t('register.submit')}>
          <Link className={ui.link} to={paths.login}>
            {t('register.toLogin')}
          </Link>
        </SubmitBar>
      </form>
    </AuthFrame>
  );
}
