import { loginBody } from '@dropdesk/contract/account';

// Loaded by LoginScreen on first focus, so zod is not part of /login's first paint (lib/form.ts).

/** The login body as typed: the captcha's id is the screen's, not the merchant's. */
export const loginForm = loginBody.omit({ captcha_id: true });

/** Once the server has asked for a captcha, the typed characters are required. */
export const loginWithCaptcha = loginForm.extend({
  captcha: loginForm.shape.captcha.unwrap().trim().min(1, { error: 'CAPTCHA_REQUIRED' }),
});
