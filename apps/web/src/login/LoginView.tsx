import { LANGUAGE_NAMES, type Lang } from '@dropdesk/contract/constants';
import ui from '../components/ui.module.css';
import { Brand, LanguageFace } from '../features/auth/components/AuthFrame';
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
            <LanguageFace lang={lang} />
          </button>
        </div>
        <Brand />
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
      <div id={ids.toast} className="page-toast" role="status" aria-live="polite" hidden />
    </div>
  );
}
