import type { adminExpressRoutes } from '@dropdesk/contract/express';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useRefreshCatalogue } from './save-product';

/** Takes a package off sale; purchases already made run to their end. */
export const disablePackage = (id: number) =>
  call<typeof adminExpressRoutes.disablePackage>(
    { method: 'POST', path: '/admin/express/packages/disable' },
    { body: { id } },
  );
export const useDisablePackage = () => {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: disablePackage, onSuccess: refresh });
};
