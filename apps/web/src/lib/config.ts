import type { accountRoutes, CurrencyInfo } from '@dropdesk/contract/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './http';
import { rememberCurrency } from './money';

type ConfigRoute = (typeof accountRoutes)['config'];

/** GET /merchant/common/config: public settings (service link, invitation base, countries, currency). */
export const configQuery = () =>
  queryOptions({
    queryKey: ['common', 'config'],
    queryFn: async () => {
      const config = await call<ConfigRoute>(
        { method: 'GET', path: '/merchant/common/config' },
        { quiet: true },
      );
      // Read once: every amount is written with it from now on (lib/money.ts).
      rememberCurrency(config.currency);
      return config;
    },
    staleTime: 10 * 60_000,
  });

export function useAppConfig() {
  return useQuery(configQuery());
}

/**
 * The platform's currency, or null until the config answers. A component that writes amounts calls
 * it (components/Amount.tsx does), so it is drawn again with the currency once it is known.
 */
export function useCurrency(): CurrencyInfo | null {
  return useAppConfig().data?.currency ?? null;
}
