import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { call } from '../../../lib/http';

type SetPayPwd = typeof accountRoutes.setPayPwd;

/** merchant/setPaypwd: the first payment password. Quiet: the form shows a refusal at its field. */
export const setPayPassword = (body: BodyOf<SetPayPwd>) =>
  call<SetPayPwd>(
    { method: 'POST', path: '/merchant/merchant/setPaypwd' },
    { body, successToast: true, quiet: true },
  );
