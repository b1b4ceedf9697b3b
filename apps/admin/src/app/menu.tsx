import { adminRoutes } from '@dropdesk/contract/admin';
import { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import { adminChainRoutes } from '@dropdesk/contract/chain';
import { adminExpressRoutes } from '@dropdesk/contract/express';
import { adminKycRoutes } from '@dropdesk/contract/kyc';
import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import { adminMessageRoutes } from '@dropdesk/contract/messages';
import { adminOrderRoutes } from '@dropdesk/contract/orders';
import { overviewRoutes } from '@dropdesk/contract/overview';
import type { OperatorRole, RouteDef } from '@dropdesk/contract/route';
import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import { paths } from '../lib/paths';
import { canUse } from '../lib/roles';

/**
 * The side menu: each entry names the contract row its screen reads, and shows to the roles that
 * row admits (the server refuses the others with FORBIDDEN). `null`: every operator.
 */
export interface MenuEntry {
  path: string;
  /** A literal translation key. */
  label: string;
  row: Pick<RouteDef, 'roles'> | null;
}

export interface MenuGroup {
  label: string;
  entries: MenuEntry[];
}

export const MENU: MenuGroup[] = [
  {
    label: 'menu.home',
    entries: [{ path: paths.overview, label: 'routes.overview', row: overviewRoutes.overview }],
  },
  {
    label: 'menu.queues',
    entries: [
      { path: paths.recharges, label: 'routes.recharges', row: adminWalletRoutes.recharges },
      { path: paths.withdrawals, label: 'routes.withdrawals', row: adminWalletRoutes.withdrawals },
      { path: paths.kyc, label: 'routes.kyc', row: adminKycRoutes.list },
      { path: paths.appeals, label: 'routes.appeals', row: adminOrderRoutes.appeals },
    ],
  },
  {
    label: 'menu.catalogue',
    entries: [
      { path: paths.products, label: 'routes.products', row: adminCatalogueRoutes.products },
      { path: paths.categories, label: 'routes.categories', row: adminCatalogueRoutes.categories },
      { path: paths.productImport, label: 'routes.productImport', row: adminCatalogueRoutes.importCsv },
      { path: paths.levels, label: 'routes.levels', row: adminCatalogueRoutes.levels },
      { path: paths.packages, label: 'routes.packages', row: adminExpressRoutes.packages },
    ],
  },
  {
    label: 'menu.orders',
    entries: [
      { path: paths.orders, label: 'routes.orders', row: adminOrderRoutes.orders },
      { path: paths.bulkShipping, label: 'routes.bulkShipping', row: adminOrderRoutes.shipCsv },
    ],
  },
  {
    label: 'menu.merchants',
    entries: [
      { path: paths.merchants, label: 'routes.merchants', row: merchantAdminRoutes.merchants },
      { path: paths.adjustments, label: 'routes.adjustments', row: merchantAdminRoutes.adjustments },
    ],
  },
  {
    label: 'menu.platform',
    entries: [
      { path: paths.settings, label: 'routes.settings', row: adminWalletRoutes.setSettings },
      { path: paths.chain, label: 'routes.chain', row: adminChainRoutes.networks },
      { path: paths.messages, label: 'routes.messages', row: adminMessageRoutes.broadcasts },
    ],
  },
  {
    label: 'menu.people',
    entries: [
      { path: paths.operators, label: 'routes.operators', row: adminRoutes.operators },
      { path: paths.audit, label: 'routes.audit', row: adminRoutes.audit },
    ],
  },
];

/** The menu as one role sees it: groups with no entry left are dropped. */
export function menuFor(role: OperatorRole | undefined): MenuGroup[] {
  return MENU.map((g) => ({
    ...g,
    entries: g.entries.filter((e) => e.row === null || canUse(role, e.row)),
  })).filter((g) => g.entries.length > 0);
}

/** The entry a path belongs to (the longest matching prefix), to refuse a screen a role can't use. */
export function entryOf(pathname: string): MenuEntry | undefined {
  let best: MenuEntry | undefined;
  for (const e of MENU.flatMap((g) => g.entries)) {
    const match =
      e.path === '/' ? pathname === '/' : pathname === e.path || pathname.startsWith(`${e.path}/`);
    if (match && (!best || e.path.length > best.path.length)) best = e;
  }
  return best;
}
