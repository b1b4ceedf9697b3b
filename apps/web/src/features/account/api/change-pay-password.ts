import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { call } from '../../../lib/http';

type ResetPay = typeof accountRoutes.resetPay;

/**
 * merchant/resetPay: a new payment password, proved by the old one or by the login password.
 * Quiet: the form shows a refusal at its field.
 */
export const changePayPassword = (body: BodyOf<ResetPay>) =>
  call<ResetPay>(
    { method: 'POST', path: '/merchant/merchant/resetPay' },
    { body, successToast: true, quiet: true },
  );
