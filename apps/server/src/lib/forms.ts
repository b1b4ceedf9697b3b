import { UPLOAD_MAX_BYTES } from '@dropdesk/contract/constants';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldRefusal, Refusal } from './refusal';

/**
 * Multipart forms (a file and a few text fields), accepted only in the route scopes that read one:
 * `await acceptForms(app)` at the top of such a module's plugin. @fastify/multipart adds an
 * onRequest and an onResponse hook and a socket listener to every route of the scope it is
 * registered in; registered at the root, every JSON call paid for them (about 4 µs of an
 * authenticated read, docs/performance.md). Elsewhere a multipart body is refused with 415.
 */
export async function acceptForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  });
}

/**
 * A multipart form of the text fields `names` and one `file`: unknown parts are refused, the file
 * is read whole (the limit above refuses a larger one with FILE_TOO_LARGE), and a form that
 * breaks off midway asks for the file again (UPLOAD_INVALID).
 */
export async function readForm<F extends string>(
  request: FastifyRequest,
  names: readonly F[],
): Promise<{ fields: Partial<Record<F, string>>; file: Buffer }> {
  if (!request.isMultipart()) throw fieldRefusal('INVALID_INPUT', 'file', 'FIELD_REQUIRED');
  const fields: Partial<Record<F, string>> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file)
          throw fieldRefusal('INVALID_INPUT', part.fieldname, 'FIELD_UNKNOWN');
        file = await part.toBuffer();
      } else if ((names as readonly string[]).includes(part.fieldname)) {
        fields[part.fieldname as F] = String(part.value);
      } else {
        throw fieldRefusal('INVALID_INPUT', part.fieldname, 'FIELD_UNKNOWN');
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof Refusal || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
    throw new Refusal('UPLOAD_INVALID', { fields: { file: 'UPLOAD_INVALID' } });
  }
  if (!file?.length) throw fieldRefusal('INVALID_INPUT', 'file', 'FIELD_REQUIRED');
  return { fields, file };
}
