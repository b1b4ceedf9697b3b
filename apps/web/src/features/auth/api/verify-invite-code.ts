import type { accountRoutes } from '@dropdesk/contract/account';
import { call } from '../../../lib/http';

type VerifyCode = typeof accountRoutes.verifyCode;

/** merchant/verify_code: whether an invitation code exists and whose it is. Quiet: a hint shows it. */
export const verifyInviteCode = (invite_code: string, signal?: AbortSignal) =>
  call<VerifyCode>(
    { method: 'POST', path: '/merchant/merchant/verify_code' },
    { body: { invite_code }, quiet: true, signal },
  );
