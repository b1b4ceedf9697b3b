import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { call } from '../../../lib/http';

type R = typeof accountRoutes;

/** The account calls of the sign-in screens, each typed by its contract row. */
export const authApi = {
  login: (body: BodyOf<R['login']>) =>
    call<R['login']>({ method: 'POST', path: '/merchant/merchant/login' }, { body, successToast: true }),
  captcha: () => call<R['captcha']>({ method: 'GET', path: '/merchant/common/captcha' }),
  verifyCode: (invite_code: string, signal?: AbortSignal) =>
    call<R['verifyCode']>(
      { method: 'POST', path: '/merchant/merchant/verify_code' },
      { body: { invite_code }, quiet: true, signal },
    ),
  register: (body: BodyOf<R['register']>) =>
    call<R['register']>(
      { method: 'POST', path: '/merchant/merchant/register' },
      { body, successToast: true },
    ),
  tkregister: (body: BodyOf<R['tkregister']>) =>
    call<R['tkregister']>(
      { method: 'POST', path: '/merchant/merchant/tkregister' },
      { body, successToast: true },
    ),
  sendCode: (account: string) =>
    call<R['sendCode']>({ method: 'POST', path: '/merchant/merchant/send_code' }, { body: { account } }),
  resetPwd: (body: BodyOf<R['resetPwd']>) =>
    call<R['resetPwd']>(
      { method: 'POST', path: '/merchant/merchant/resetpwd' },
      { body, successToast: true },
    ),
  third: (body: BodyOf<R['third']>) =>
    call<R['third']>({ method: 'POST', path: '/merchant/merchant/third' }, { body }),
};
