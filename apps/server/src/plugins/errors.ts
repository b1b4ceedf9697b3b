import { isErrorKey, isMessageKey, type MessageKey } from '@dropdesk/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { t } from '../i18n/t';
import { Refusal } from '../lib/refusal';

/** Validation failures carry zod's issues through fastify to the error handler. */
export class ValidationFailure extends Error {
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('validation failed');
  }
}

function fieldMessageKey(issue: z.core.$ZodIssue): MessageKey {
  if (isMessageKey(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID';
    case 'too_small':
      return 'FIELD_TOO_SHORT';
    case 'too_big':
      return 'FIELD_TOO_LONG';
    case 'unrecognized_keys':
      return 'FIELD_UNKNOWN';
    default:
      return 'FIELD_INVALID';
  }
}

/** `{ field: message key }`, first issue per field; unknown keys each get FIELD_UNKNOWN. */
export function fieldsOf(issues: z.core.$ZodIssue[]): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'FIELD_UNKNOWN';
      continue;
    }
    const name = issue.path.length ? issue.path.join('.') : '_';
    fields[name] ??= fieldMessageKey(issue);
  }
  return fields;
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  // Refusals bypass the response schema (it describes success); their shape is ours.
  reply.code(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

export function sendRefusal(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  const lang = request.lang;
  const data = refusal.data;
  // A field's message may name the same variables as the refusal's ("{attempts_left} attempts left").
  const vars = refusal.vars ?? data;
  const body: Record<string, unknown> = {
    code: refusal.status === 200 ? 0 : refusal.status,
    error: refusal.key,
    msg: t(lang, refusal.key, vars),
  };
  if (data) {
    const fields = data.fields as Record<string, MessageKey> | undefined;
    body.data = fields
      ? { ...data, fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, t(lang, v, vars)])) }
      : data;
  }
  send(reply, refusal.status, body);
}

function toRefusal(error: FastifyError & { validation?: unknown }): Refusal | null {
  if (error instanceof Refusal) return error;
  if (error instanceof ValidationFailure) {
    const fields = fieldsOf(error.issues);
    const first = Object.values(fields)[0];
    return new Refusal(isErrorKey(first) ? first : 'INVALID_INPUT', { fields });
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new Refusal('INVALID_INPUT');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Refusal('INVALID_INPUT', undefined, 415);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new Refusal('PAYLOAD_TOO_LARGE', undefined, 413);
    case 'FST_REQ_FILE_TOO_LARGE':
      return new Refusal('FILE_TOO_LARGE', undefined, 413);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new Refusal('INVALID_INPUT');
  }
  if (error.statusCode === 429) return new Refusal('RATE_LIMITED', undefined, 429);
  if (error.statusCode === 400 && error.validation) return new Refusal('INVALID_INPUT');
  if (error.statusCode === 400 && typeof error.code === 'string' && error.code.startsWith('FST_')) {
    return new Refusal('INVALID_INPUT');
  }
  return null;
}

/** The envelope of DESIGN §4 for every failure: refusals, validation, transport, crashes. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toRefusal(error);
    if (known) return sendRefusal(request, reply, known);
    request.log.error({ err: error }, 'unhandled error');
    send(reply, 500, {
      code: 500,
      error: 'INTERNAL',
      msg: t(request.lang, 'INTERNAL'),
      request_id: request.id,
    });
  });
});
