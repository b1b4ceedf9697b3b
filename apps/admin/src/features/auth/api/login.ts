import type { OperatorRole } from '@dropdesk/contract/route';
import { request } from '../../../lib/http';

// The shapes of /work/notes/login-contract.md until the contract rows land (branch i13-ops).
export type LoginStep =
  | { step: 'totp'; ticket: string }
  | { step: 'enroll'; ticket: string; secret: string; otpauth_uri: string };
export interface SignedIn {
  token: string;
  operator: { id: number; username: string; role: OperatorRole };
  idle_minutes: number;
}

/** Step 1: username and password → a ticket for the one-time code (and, to enrol, the secret). */
export const login = (body: { username: string; password: string }) =>
  request<LoginStep>('POST', '/admin/login', { body });

/** The login body's schema, loaded on submit: zod stays out of the sign-in screen's first paint. */
export const loginSchema = () => import('@dropdesk/contract/admin').then((m) => m.adminRoutes.login.body);
