import { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useRefreshCatalogue } from './save-product';

type Create = typeof adminCatalogueRoutes.createCategory;
type Update = typeof adminCatalogueRoutes.updateCategory;

export const createCategory = (body: BodyOf<Create>) =>
  call<Create>({ method: 'POST', path: '/admin/catalogue/categories' }, { body });
export const updateCategory = (body: BodyOf<Update>) =>
  call<Update>({ method: 'POST', path: '/admin/catalogue/categories/update' }, { body });
export const createCategorySchema = adminCatalogueRoutes.createCategory.body;
export const updateCategorySchema = adminCatalogueRoutes.updateCategory.body;

export const useSaveCategory = () => {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (b: { id?: number } & Record<string, unknown>) =>
      b.id ? updateCategory(b as BodyOf<Update>) : createCategory(b as BodyOf<Create>),
    onSuccess: refresh,
  });
};
