import type { adminExpressRoutes } from '@dropdesk/contract/express';
import type { DataOf } from '@dropdesk/contract/route';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type P = typeof adminExpressRoutes.packages;
export type AdminPackageRow = DataOf<P>[number];

export const getPackages = () => call<P>({ method: 'GET', path: '/admin/express/packages' });
export const usePackages = () => useQuery({ queryKey: catalogueKeys.packages(), queryFn: getPackages });
