import { adminCatalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { idField } from '@dropdesk/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { acceptForms, readForm } from '../../lib/forms';
import { fieldRefusal } from '../../lib/refusal';
import { route } from '../../lib/route';
import { CatalogueAdmin } from './admin-catalogue.service';
import { LevelsAdmin } from './admin-levels.service';
import { productMediaDir } from './images';
import { mediaRoutes } from './media.routes';

function productIdOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '')
    throw fieldRefusal('INVALID_INPUT', 'product_id', 'FIELD_REQUIRED');
  const parsed = idField.safeParse(/^\d{1,16}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);
  if (!parsed.success) throw fieldRefusal('INVALID_INPUT', 'product_id', 'FIELD_INVALID');
  return parsed.data;
}

function dryRunOf(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw fieldRefusal('INVALID_INPUT', 'dry_run', 'FIELD_INVALID');
}

/**
 * The operators' catalogue and levels (contract `adminCatalogueRoutes`: roles catalogue or admin,
 * enforced by the auth plugin from each row), and the public product images under /media.
 */
export async function adminCatalogueRoutes(app: FastifyInstance) {
  await acceptForms(app);
  const catalogue = new CatalogueAdmin({
    db: app.database.db,
    clock: app.clock,
    mediaDir: productMediaDir(app.config.dataDir),
  });
  const levels = new LevelsAdmin({ db: app.database.db, clock: app.clock });

  route(app, r.categories, () => catalogue.categories());
  route(app, r.createCategory, (req) => catalogue.createCategory(req.operator, req.body));
  route(app, r.updateCategory, (req) => catalogue.updateCategory(req.operator, req.body));
  route(app, r.products, (req) => catalogue.products(req.query));
  route(app, r.createProduct, (req) => catalogue.createProduct(req.operator, req.body));
  route(app, r.updateProduct, (req) => catalogue.updateProduct(req.operator, req.body));
  route(app, r.uploadImage, async (req) => {
    const { fields, file } = await readForm(req, ['product_id']);
    return catalogue.addImage(req.operator, productIdOf(fields.product_id), file);
  });
  route(app, r.importCsv, async (req) => {
    const { fields, file } = await readForm(req, ['dry_run']);
    return catalogue.importCsv(req.operator, req.lang, file, dryRunOf(fields.dry_run));
  });
  route(app, r.levels, () => levels.list());
  route(app, r.createLevel, (req) => levels.create(req.operator, req.body));
  route(app, r.updateLevel, (req) => levels.update(req.operator, req.body));

  await app.register(mediaRoutes);
}
