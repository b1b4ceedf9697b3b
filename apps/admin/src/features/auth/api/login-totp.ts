import type { adminRoutes } from '@dropdesk/contract/admin';
import { call } from '../../../lib/http';

type R = typeof adminRoutes.loginTotp;

/** Step 2: the ticket and the authenticator's 6-digit code → the session. */
export const loginTotp = (body: { ticket: string; code: string }) =>
  call<R>({ method: 'POST', path: '/admin/login/totp' }, { body });

/** The code step's schema (6 digits), loaded on submit. */
export const loginTotpSchema = () =>
  import('@dropdesk/contract/admin').then((m) => m.adminRoutes.loginTotp.body);
