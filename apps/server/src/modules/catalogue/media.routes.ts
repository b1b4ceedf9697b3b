import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../lib/refusal';
import { MEDIA_FILE, productMediaDir } from './images';

/**
 * Public product images (the private `/uploads` stay behind their own route). The name must be
 * exactly `<32 hex>-thumb.webp` or `<32 hex>-detail.webp`, so no path can climb out of the folder;
 * anything else, or a file that isn't there, is the 404 envelope. A key is never reused, so the
 * reply is cached for a year.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const dir = productMediaDir(app.config.dataDir);

  app.get<{ Params: { file: string } }>(
    '/media/products/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const name = request.params.file;
      if (!MEDIA_FILE.test(name)) throw new Refusal('NOT_FOUND', undefined, 404);
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) throw new Refusal('NOT_FOUND', undefined, 404);
      return reply
        .type('image/webp')
        .header('content-length', stat.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(fs.createReadStream(file));
    },
  );
}
