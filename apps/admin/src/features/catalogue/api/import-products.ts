import type { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { useMutation } from '@tanstack/react-query';
import { upload } from '../../../lib/http';
import { useRefreshCatalogue } from './save-product';

type R = typeof adminCatalogueRoutes.importCsv;
export type ImportReport = DataOf<R>;

/** A CSV of products (multipart `file`, optional `dry_run`): every row checked, all or nothing. */
export function importProducts({ file, dryRun }: { file: File; dryRun: boolean }) {
  const form = new FormData();
  if (dryRun) form.set('dry_run', 'true');
  form.set('file', file);
  return upload<ImportReport>('/admin/catalogue/products/import', form);
}

export const useImportProducts = () => {
  const refresh = useRefreshCatalogue();
  return useMutation({ mutationFn: importProducts, onSuccess: (r) => void (r.imported > 0 && refresh()) });
};
