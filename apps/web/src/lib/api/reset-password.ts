import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { call } from '../http';

type ResetPwd = typeof accountRoutes.resetPwd;

/**
 * merchant/resetpwd: a new login password, proved by the old one (a signed-in merchant changing it)
 * or by the code sent to the account (forgot password). Two features use it, so it lives here.
 * Quiet: the form shows a refusal at its field.
 */
export const resetPassword = (body: BodyOf<ResetPwd>) =>
  call<ResetPwd>(
    { method: 'POST', path: '/merchant/merchant/resetpwd' },
    { body, successToast: true, quiet: true },
  );
