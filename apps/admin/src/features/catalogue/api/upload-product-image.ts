import type { adminCatalogueRoutes } from '@dropdesk/contract/catalogue';
import type { DataOf } from '@dropdesk/contract/route';
import { upload } from '../../../lib/http';

type R = typeof adminCatalogueRoutes.uploadImage;

/** Adds an image to a product (multipart: `product_id` first, then `file`). */
export function uploadProductImage(productId: number, file: File) {
  const form = new FormData();
  form.set('product_id', String(productId));
  form.set('file', file);
  return upload<DataOf<R>>('/admin/catalogue/products/image', form);
}
