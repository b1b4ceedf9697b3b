import type { accountRoutes } from '@dropdesk/contract/account';
import { useQuery } from '@tanstack/react-query';
import { call } from './http';

type ConfigRoute = (typeof accountRoutes)['config'];

/** GET /merchant/common/config: public settings (service link, invitation base, countries). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['common', 'config'],
    queryFn: () => call<ConfigRoute>({ method: 'GET', path: '/merchant/common/config' }, { quiet: true }),
    staleTime: 10 * 60_000,
  });
}
