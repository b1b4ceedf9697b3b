import type { adminRoutes } from '@dropdesk/contract/admin';
import type { DataOf } from '@dropdesk/contract/route';
import { call } from '../../../lib/http';

type R = typeof adminRoutes.login;
export type LoginStep = DataOf<R>;

/** Step 1: username and password → a ticket for the one-time code (and, to enrol, the secret). */
export const login = (body: { username: string; password: string }) =>
  call<R>({ method: 'POST', path: '/admin/login' }, { body });

/** The login body's schema, loaded on submit: zod stays out of the sign-in screen's first paint. */
export const loginSchema = () => import('@dropdesk/contract/admin').then((m) => m.adminRoutes.login.body);
