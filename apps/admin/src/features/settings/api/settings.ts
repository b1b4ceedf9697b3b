import { adminAllianceRoutes } from '@dropdesk/contract/alliance';
import type { DataOf, RouteDef } from '@dropdesk/contract/route';
import { adminSettingsRoutes } from '@dropdesk/contract/settings';
import { adminShopRoutes } from '@dropdesk/contract/shop';
import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { settingsKeys } from '../../../lib/query-keys';

/**
 * The platform settings: each one a pair of contract rows (read, then set by an admin). One table
 * instead of ten files, because every pair is called the same way: `useSetting(pair)` reads,
 * `useSaveSetting(pair)` writes and refreshes that setting.
 */
export const SETTINGS = {
  wallet: { key: 'wallet', get: adminWalletRoutes.settings, set: adminWalletRoutes.setSettings },
  bankAccount: {
    key: 'bank-account',
    get: adminSettingsRoutes.bankAccount,
    set: adminSettingsRoutes.setBankAccount,
  },
  manualDeposit: {
    key: 'manual-deposit',
    get: adminSettingsRoutes.manualDeposit,
    set: adminSettingsRoutes.setManualDeposit,
  },
  depositAddresses: {
    key: 'deposit-addresses',
    get: adminWalletRoutes.depositAddresses,
    set: adminWalletRoutes.setDepositAddress,
  },
  alliance: { key: 'alliance', get: adminAllianceRoutes.settings, set: adminAllianceRoutes.setSettings },
  serviceContact: {
    key: 'service-contact',
    get: adminShopRoutes.serviceContact,
    set: adminShopRoutes.setServiceContact,
  },
} as const satisfies Record<string, { key: string; get: RouteDef; set: RouteDef }>;

type Pair = (typeof SETTINGS)[keyof typeof SETTINGS];

export function useSetting<P extends Pair>(pair: P) {
  return useQuery({
    queryKey: settingsKeys.one(pair.key),
    queryFn: () => call<P['get']>(pair.get),
  });
}

export function useSaveSetting<P extends Pair>(pair: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: never) => call<P['set']>(pair.set, { body }) as Promise<DataOf<P['set']>>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.one(pair.key) }),
  });
}
