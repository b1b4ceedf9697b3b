import { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { catalogueKeys } from '../../../lib/query-keys';

type Create = typeof adminCatalogueRoutes.createProduct;
type Update = typeof adminCatalogueRoutes.updateProduct;

export const createProduct = (body: BodyOf<Create>) =>
  call<Create>({ method: 'POST', path: '/admin/catalogue/products' }, { body });
export const updateProduct = (body: BodyOf<Update>) =>
  call<Update>({ method: 'POST', path: '/admin/catalogue/products/update' }, { body });

/** The contract's bodies: the form checks them before sending. */
export const createProductSchema = adminCatalogueRoutes.createProduct.body;
export const updateProductSchema = adminCatalogueRoutes.updateProduct.body;

/** After a save every catalogue list refreshes (a new cost reprices listings on the server). */
export function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
}

export const useCreateProduct = () => {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: createProduct, onSuccess: refresh });
};
export const useUpdateProduct = () => {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: updateProduct, onSuccess: refresh });
};
