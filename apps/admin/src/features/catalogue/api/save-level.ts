import { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { BodyOf } from '@dropdesk/contract/route';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { useRefreshCatalogue } from './save-product';

type Create = typeof adminCatalogueRoutes.createLevel;
type Update = typeof adminCatalogueRoutes.updateLevel;

export const createLevelSchema = adminCatalogueRoutes.createLevel.body;
export const updateLevelSchema = adminCatalogueRoutes.updateLevel.body;
/** A new level (above the highest), or new terms for one (purchases from now on). */
export const saveLevel = (b: { id?: number } & Record<string, unknown>) =>
  b.id
    ? call<Update>({ method: 'POST', path: '/admin/levels/update' }, { body: b as BodyOf<Update> })
    : call<Create>({ method: 'POST', path: '/admin/levels' }, { body: b as BodyOf<Create> });
export const useSaveLevel = () => {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: saveLevel, onSuccess: refresh });
};
