import type { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type L = typeof adminCatalogueRoutes.levels;
export type AdminLevelRow = DataOf<L>[number];

export const getLevels = () => call<L>({ method: 'GET', path: '/admin/levels' });
export const useLevels = () => useQuery({ queryKey: catalogueKeys.levels(), queryFn: getLevels });
