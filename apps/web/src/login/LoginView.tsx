import { LANGUAGE_NAMES, type Lang } from '@dropdesk/contract/constants';
import ui from '../components/ui.module.css';
import auth from '../features/auth/components/auth.module.css';
import { paths } from '../lib/paths';
import { ids } from './ids';

/** The app's words for the login page's keys (`login.title`, `language.choose`...). */
export type Translate = (key: string) => string;

/**
 * The login page's markup: rendered to HTML at build time for each language (src/prerender.tsx,
 * scripts/prerender.mjs), never in the browser. The page's behaviour is src/login/page.ts, a few
 * kilobytes of script that works on this markup, so /login needs neither React nor the app.
 *
 * Every element the script uses has a fixed id (`ids`), and every message it may show has its
 * place here already, hidden: the script fills and shows it. It looks like the app's forms
 * (the same classes as components/Field.tsx) because it is drawn with the same stylesheets.
 */
export function LoginView({ lang, t }: { lang: Lang; t: Translate }) {
  const field = (
    name: 'account' | 'password' | 'captcha',
    label: string,
    input: React.InputHTMLAttributes<HTMLInputElement>,
    extra?: React.ReactNode,
  ) => (
    <div className={ui.field} id={ids.fieldBox(name)} hidden={name === 'captcha'}>
      <label className={ui.label} htmlFor={ids.input(name)}>
        {label}
      </label>
      {extra ? (
        <div className={ui.row}>
          <input id={ids.input(name)} name={name} className={ui.input} {...input} />
          {extra}
        </div>
      ) : (
        <input id={ids.input(name)} name={name} className={ui.input} {...input} />
      )}
      {name === 'captcha' && (
        <div id={ids.hint(name)} className={ui.hint}>
          {t('login.captchaHint')}
        </div>
      )}
      <p id={ids.error(name)} className={ui.error} role="alert" hidden />
    </div>
  );
  return (
    <div className={auth.frame}>
      <header>
        <div className={auth.top}>
          <button
            type="button"
            id={ids.language}
            className={auth.lang}
            aria-haspopup="dialog"
            aria-label={`${t('language.choose')}: ${LANGUAGE_NAMES[lang]}`}
          >
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
            </svg>
            <span lang={lang}>{LANGUAGE_NAMES[lang]}</span>
          </button>
        </div>
        <div className={auth.brand}>
          <svg width="48" height="48" viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#1467e0" />
            <path d="M18 16h14c10 0 16 6.5 16 16s-6 16-16 16H18z" fill="#fff" />
            <path d="M26 24h6c5 0 8 3 8 8s-3 8-8 8h-6z" fill="#1467e0" />
          </svg>
          <p className={auth.appName}>Dropdesk</p>
        </div>
      </header>
      <main className={auth.card}>
        <h1 className={auth.title}>{t('login.title')}</h1>
        {/* No action: until the script runs, the form must not submit (the password would go in a URL). */}
        <form id={ids.form} className={ui.form} noValidate>
          {field('account', t('login.account'), {
            type: 'text',
            autoComplete: 'username',
            placeholder: t('login.accountPlaceholder'),
          })}
          {field('password', t('login.password'), { type: 'password', autoComplete: 'current-password' })}
          {field(
            'captcha',
            t('login.captcha'),
            { type: 'text', autoComplete: 'off', inputMode: 'text', 'aria-describedby': ids.hint('captcha') },
            <button
              type="button"
              id={ids.captchaRefresh}
              className={auth.captcha}
              aria-label={t('login.captchaRefresh')}
            >
              <img id={ids.captchaImage} alt={t('login.captchaImage')} />
            </button>,
          )}
          <p id={ids.formError} className={ui.error} role="alert" hidden />
          <button type="submit" id={ids.submit} className={ui.button} disabled>
            {t('login.submit')}
          </button>
          <div className={ui.links}>
            <a className={ui.link} href={paths.register}>
              {t('login.toRegister')}
            </a>
            <a className={ui.link} href={paths.forgetPwd}>
              {t('login.toForgot')}
            </a>
          </div>
        </form>
      </main>
      <div id={ids.toast} className="login-toast" role="status" aria-live="polite" hidden />
    </div>
  );
}
