import fs from 'node:fs';
import { accountRoutes as r, uploadKindField } from '@dropdesk/contract/account';
import type { UploadKind } from '@dropdesk/contract/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptForms, readForm } from '../../lib/forms';
import { fieldRefusal, Refusal, unauthorized } from '../../lib/refusal';
import { route } from '../../lib/route';
import { tokenOf } from '../../plugins/auth';
import type { LinkQuery } from './private-links';
import { type Reader, Uploads } from './uploads.service';

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
      const link = request.merchant ? app.privateLinks.forRequest(request) : null;
      return uploads.store(merchantId, kind, bytes, link);
    },
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  /**
   * A stored file. Public kinds to anyone. A private one through a signed link (what the replies
   * name, so an `<img>` can load it) while the link lasts and its session may see the file; or, for
   * API clients, with a `token` header of a reader that may see it. Anybody else, and any link that
   * is tampered with, expired or another file's, gets the 404 of a missing file. A token that is
   * sent and not valid answers 401, as on every route.
   */
  app.get<{ Params: { id: string }; Querystring: LinkQuery }>(
    '/uploads/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      let reader: Reader = { merchantId: null, role: null };
      let maxAgeMs: number | null = null;
      const q = request.query;
      if (q.v !== undefined || q.e !== undefined || q.s !== undefined) {
        const link = app.privateLinks.check(id, q);
        const holder = link ? await app.sessions.holder(link.sessionId) : null;
        if (!link || !holder) throw new Refusal('NOT_FOUND', undefined, 404);
        reader =
          holder.type === 'merchant'
            ? { merchantId: holder.id, role: null }
            : { merchantId: null, role: holder.role };
        maxAgeMs = link.remainingMs;
      } else {
        // A merchant, an operator or a storefront buyer (who owns no private file) may send its token.
        const token = tokenOf(request);
        if (token !== null) {
          const valid = token.length <= 256;
          const merchant = valid ? await app.sessions.merchant(token) : null;
          const operator = valid && !merchant ? await app.sessions.operator(token) : null;
          const buyer = valid && !merchant && !operator ? await app.buyerSessions.resolve(token) : null;
          if (!merchant && !operator && !buyer) throw unauthorized();
          reader = { merchantId: merchant?.id ?? null, role: operator?.role ?? null };
        }
      }
      const found = await uploads.open(id, reader);
      const cache = !found.isPrivate
        ? 'public, max-age=31536000, immutable'
        : maxAgeMs === null
          ? 'private, no-store'
          : `private, max-age=${Math.floor(maxAgeMs / 1000)}`;
      reply.type(found.mime).header('cache-control', cache).header('content-disposition', 'inline');
      return reply.send(fs.createReadStream(found.file));
    },
  );
}
