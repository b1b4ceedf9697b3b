import { adminExpressRoutes } from '@dropdesk/contract/express';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useRefreshCatalogue } from './save-product';

type P = typeof adminExpressRoutes;

export const createPackageSchema = adminExpressRoutes.createPackage.body;
export const updatePackageSchema = adminExpressRoutes.updatePackage.body;
/** A new package (on sale at once), or new terms for one (purchases from now on). */
export const savePackage = (b: { id?: number } & Record<string, unknown>) =>
  b.id
    ? call<P['updatePackage']>(
        { method: 'POST', path: '/admin/express/packages/update' },
        { body: b as BodyOf<P['updatePackage']> },
      )
    : call<P['createPackage']>(
        { method: 'POST', path: '/admin/express/packages' },
        { body: b as BodyOf<P['createPackage']> },
      );
export const useSavePackage = () => {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: savePackage, onSuccess: refresh });
};
