/** The login page's element ids, shared by its markup (LoginView.tsx) and its script (page.ts). */
export const ids = {
  form: 'login-form',
  submit: 'login-submit',
  formError: 'login-form-error',
  language: 'login-language',
  captchaImage: 'login-captcha-image',
  captchaRefresh: 'login-captcha-refresh',
  toast: 'login-toast',
  texts: 'login-texts',
  fieldBox: (name: string) => `login-${name}-field`,
  input: (name: string) => `login-${name}`,
  error: (name: string) => `login-${name}-error`,
  hint: (name: string) => `login-${name}-hint`,
};

/** The messages the script may need, in the page's language (written into the page at build). */
export interface LoginTexts {
  required: { account: string; password: string; captcha: string };
  /** The server could not be reached, or answered something that is not the API's. */
  network: string;
  loading: string;
  chooseLanguage: string;
  close: string;
  /** The app's start files, fetched while the merchant types so /home opens at once. */
  appFiles: string[];
}
