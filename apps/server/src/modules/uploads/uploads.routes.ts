import fs from 'node:fs';
import { accountRoutes as r, uploadKindField } from '@dropdesk/contract/account';
import type { UploadKind } from '@dropdesk/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptForms, readForm } from '../../lib/forms';
import { fieldRefusal, Refusal } from '../../lib/refusal';
import { route } from '../../lib/route';
import { Uploads } from './uploads.service';

/** Kinds a visitor may upload before having an account: what the registration form needs. */
const ANONYMOUS_KINDS: readonly UploadKind[] = ['logo', 'id_card', 'license'];

/** The upload form: a `kind` field and the `file`. */
async function uploadForm(request: FastifyRequest): Promise<{ kind: UploadKind; bytes: Buffer }> {
  const { fields, file } = await readForm(request, ['kind']);
  const kind = uploadKindField.safeParse(fields.kind);
  if (!kind.success)
    throw fieldRefusal('INVALID_INPUT', 'kind', fields.kind ? 'FIELD_INVALID' : 'FIELD_REQUIRED');
  return { kind: kind.data, bytes: file };
}

export async function uploadRoutes(app: FastifyInstance) {
  await acceptForms(app);
  const uploads = new Uploads({ db: app.database.db, clock: app.clock, uploadsDir: app.config.uploadsDir });

  route(
    app,
    r.upload,
    async (request) => {
      const { kind, bytes } = await uploadForm(request);
      const merchantId = request.merchant?.id ?? null;
      if (merchantId === null && !ANONYMOUS_KINDS.includes(kind))
        throw new Refusal('UNAUTHORIZED', undefined, 401);
      if (request.merchant?.status === 'closed') throw new Refusal('SHOP_CLOSED');
      return uploads.store(merchantId, kind, bytes);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  app.get<{ Params: { id: string } }>('/uploads/:id', { schema: { hide: true } }, async (request, reply) => {
    const raw = request.headers.token;
    const token = Array.isArray(raw) ? raw[0] : raw;
    const merchant = token ? await app.sessions.resolve(token, 'merchant') : null;
    const operator = token && !merchant ? await app.sessions.resolve(token, 'operator') : null;
    const found = await uploads.open(request.params.id, {
      merchantId: merchant?.subjectId ?? null,
      operator: operator !== null,
    });
    reply
      .type(found.mime)
      .header('cache-control', found.isPrivate ? 'private, no-store' : 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline');
    return reply.send(fs.createReadStream(found.file));
  });
}
