import type { accountRoutes } from '@dropdesk/contract/account';
import { call } from '../../../lib/http';

type Captcha = typeof accountRoutes.captcha;

/** common/captcha: a new image and its id, asked for after failed logins (each one new: no cache). */
export const getCaptcha = () => call<Captcha>({ method: 'GET', path: '/merchant/common/captcha' });
