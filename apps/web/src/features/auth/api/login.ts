import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { call } from '../../../lib/http';

type Login = typeof accountRoutes.login;

/**
 * merchant/login. A plain call, no mutation hook: /login stays outside the query cache (router.tsx),
 * and the form owns the busy state. Quiet: the form shows a refusal at its field.
 */
export const login = (body: BodyOf<Login>) =>
  call<Login>(
    { method: 'POST', path: '/merchant/merchant/login' },
    { body, successToast: true, quiet: true },
  );
