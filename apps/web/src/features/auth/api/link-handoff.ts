import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { call } from '../../../lib/http';

type Third = typeof accountRoutes.third;

/** merchant/third: a partner's handoff, answered with a session or with "register first". */
export const linkHandoff = (body: BodyOf<Third>) =>
  call<Third>({ method: 'POST', path: '/merchant/merchant/third' }, { body });
