import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { useFailureText } from '../../components/Failure';
import { Field } from '../../components/Field';
import { api, StoreError } from '../../lib/api';
import { setBuyer } from '../../lib/session';
import { useTitle } from '../../lib/title';

/** Only a path inside the storefront is followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next && /^\/(?!\/)/.test(next) ? next : '/orders';
}

/**
 * `/s/login?next=<path>`: an email, then the 6-digit code the server mails; the session token is
 * kept in local storage. Orders placed as a guest with that email join the account (server side).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get('next'));
  const failureText = useFailureText();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  useTitle(t('login.title'));

  const fail = (e: unknown) => {
    setFields(e instanceof StoreError ? e.fields : {});
    setError(failureText(e));
  };
  const sendCode = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await api('sendCode', { body: { email } });
      setSent(true);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const res = await api('login', { body: { email, code } });
      setBuyer({ token: res.token, email: res.email });
      navigate(next);
    } catch (err) {
      fail(err);
      setBusy(false);
    }
  };

  return (
    <section className="page" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="muted">{t('login.text')}</p>
      <form onSubmit={sent ? signIn : sendCode}>
        <Field name="email" label={t('checkout.email')} error={fields.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              readOnly={sent}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        {sent && (
          <>
            <p role="status">{t('login.sent', { email })}</p>
            <Field name="code" label={t('login.code')} error={fields.code}>
              {(props) => (
                <input
                  {...props}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="\d{6}"
                  maxLength={6}
                  required
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              )}
            </Field>
          </>
        )}
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="btn primary" disabled={busy}>
            {sent ? t('login.signIn') : t('login.sendCode')}
          </button>
          {sent && (
            <>
              <button type="button" className="btn" disabled={busy} onClick={() => void sendCode()}>
                {t('login.resend')}
              </button>
              <button
                type="button"
                className="link"
                onClick={() => {
                  setSent(false);
                  setCode('');
                }}
              >
                {t('login.otherEmail')}
              </button>
            </>
          )}
        </div>
      </form>
    </section>
  );
}
