import type { accountRoutes } from '@dropdesk/contract/account';
import type { BodyOf } from '@dropdesk/contract/route';
import { call } from '../../../lib/http';

type R = typeof accountRoutes;

/**
 * merchant/register, or merchant/tkregister when a partner's handoff is pending (its `data` links
 * the new shop to the partner's account). Quiet: the form shows a refusal at its field.
 */
export function register(body: BodyOf<R['register']>, handoffData: string | null) {
  const options = { successToast: true, quiet: true };
  return handoffData
    ? call<R['tkregister']>(
        { method: 'POST', path: '/merchant/merchant/tkregister' },
        { body: { ...body, data: handoffData }, ...options },
      )
    : call<R['register']>({ method: 'POST', path: '/merchant/merchant/register' }, { body, ...options });
}
