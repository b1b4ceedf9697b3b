import type { accountRoutes } from '@dropdesk/contract/account';
import { call } from '../../../lib/http';

type SendCode = typeof accountRoutes.sendCode;

/** merchant/send_code: a password reset code to the phone or email. Quiet: the form shows a refusal. */
export const sendResetCode = (account: string) =>
  call<SendCode>(
    { method: 'POST', path: '/merchant/merchant/send_code' },
    { body: { account }, quiet: true },
  );
