import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import { QrCode } from '@dropdesk/web-kit/react/qr-code';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { clearFlash, readFlash } from '../../../lib/flash';
import { ApiError } from '../../../lib/http';
import { currentLang, switchLanguage } from '../../../lib/i18n';
import { issueMessage } from '../../../lib/messages';
import { paths } from '../../../lib/paths';
import { session } from '../../../lib/session';
import { type LoginStep, login, loginSchema } from '../api/login';
import { loginTotp, loginTotpSchema } from '../api/login-totp';
import styles from './sign-in.module.css';

/** The secret in groups of four, easier to type into an authenticator by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Where a signed-in operator goes: the address the guard kept, if it is one of the console's. */
function safeRedirect(value: string | null): string {
  return value?.startsWith('/') && !value.startsWith('//') ? value : paths.overview;
}

type Errors = Record<string, string>;

/**
 * One step's form: the contract's body checks the values (its words, the server's), then the call;
 * a refusal's `data.fields` go to their fields, anything else above the button. No antd here: the
 * first screen stays small (docs/console.md "Sizes").
 */
function useStep<T>(schema: () => Promise<z.ZodType>, send: (values: never) => Promise<T>) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  async function run(values: Record<string, string>): Promise<T | undefined> {
    setErrors({});
    const parsed = (await schema()).safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'form')] ??= issueMessage(issue);
      setErrors(found);
      return undefined;
    }
    setBusy(true);
    try {
      return await send(values as never);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const fields = Object.keys(e.fields).length > 0 ? e.fields : { form: e.message };
      setErrors(fields);
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { errors, busy, run };
}

function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const id = useId();
  const note = `${id}-note`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, ...(error || hint ? { 'aria-describedby': note } : {}) })}
      {(error || hint) && (
        <span id={note} className={error ? styles.error : styles.hint}>
          {error ?? hint}
        </span>
      )}
    </div>
  );
}

function PasswordStep({ onStep }: { onStep: (step: LoginStep) => void }) {
  const { t } = useTranslation();
  const { errors, busy, run } = useStep(loginSchema, login);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    void run({
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    }).then((step) => step && onStep(step));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('auth.username')} error={errors.username}>
        {(p) => <input {...p} name="username" autoComplete="username" className={styles.input} />}
      </Field>
      <Field label={t('auth.password')} error={errors.password}>
        {(p) => (
          <input
            {...p}
            name="password"
            type="password"
            autoComplete="current-password"
            className={styles.input}
          />
        )}
      </Field>
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={busy}>
        {t('auth.continue')}
      </button>
    </form>
  );
}

function CodeStep({ step, onBack }: { step: LoginStep; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState('');
  const { errors, busy, run } = useStep(loginTotpSchema, loginTotp);
  const send = (value: string) =>
    void run({ ticket: step.ticket, code: value }).then((done) => {
      if (!done) return;
      clearFlash();
      session.signIn(done.token, done.operator, done.idle_minutes, done.currency);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send(code);
      }}
    >
      {step.step === 'enroll' && (
        <div className={styles.enroll}>
          <p>{t('auth.enrollIntro')}</p>
          <div className={styles.qr}>
            <QrCode text={step.otpauth_uri} size={184} label={t('auth.qrLabel')} />
          </div>
          <p>
            {t('auth.enrollSecret')}{' '}
            <code className={styles.secret} data-testid="totp-secret">
              {grouped(step.secret)}
            </code>
          </p>
        </div>
      )}
      <Field
        label={step.step === 'enroll' ? t('auth.enrollCode') : t('auth.code')}
        error={errors.code ?? errors.ticket}
        hint={t('auth.codeHint')}
      >
        {(p) => (
          <input
            {...p}
            name="code"
            className={`${styles.input} ${styles.code}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            // biome-ignore lint/a11y/noAutofocus: the one thing to do on this step is to type the code
            autoFocus
            value={code}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '').slice(0, 6);
              setCode(digits);
              if (digits.length === 6 && !busy) send(digits);
            }}
          />
        )}
      </Field>
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <div className={styles.row}>
        <button type="button" className={styles.secondary} onClick={onBack}>
          {t('auth.back')}
        </button>
        <button type="submit" className={styles.primary} disabled={busy}>
          {t('auth.signIn')}
        </button>
      </div>
    </form>
  );
}

/** Sign-in: username and password, then the authenticator's code (enrolment shows the QR code first). */
export default function SignInScreen() {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<LoginStep | null>(null);
  const flash = readFlash();
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <div className={styles.head}>
          <h1>{t('auth.title')}</h1>
          <select
            aria-label={t('common.language')}
            className={styles.lang}
            value={currentLang()}
            key={i18n.language}
            onChange={(e) => void switchLanguage(e.target.value as Lang)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        {flash && (
          <p role="alert" className={styles.flash}>
            {flash}
          </p>
        )}
        {step ? <CodeStep step={step} onBack={() => setStep(null)} /> : <PasswordStep onStep={setStep} />}
      </div>
    </main>
  );
}
