import { request } from '../../../lib/http';
import type { SignedIn } from './login';

/** Step 2: the ticket and the authenticator's 6-digit code → the session. */
export const loginTotp = (body: { ticket: string; code: string }) =>
  request<SignedIn>('POST', '/admin/login/totp', { body });
