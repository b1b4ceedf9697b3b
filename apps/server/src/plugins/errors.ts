import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_LANG, type Lang } from '@dropdesk/contract/constants';
import { type ErrorKey, isErrorKey, isMessageKey, type MessageKey } from '@dropdesk/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { t } from '../i18n/t';
import { Refusal } from '../lib/refusal';
import { declaredRefusals } from '../lib/route';

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

/** The refusal envelope in `lang`: `{ code, error, msg, data? }`, field messages translated. */
function refusalBody(lang: Lang, refusal: Refusal): Record<string, unknown> {
  const { data, vars } = refusal;
  const body: Record<string, unknown> = {
    code: refusal.status === 200 ? 0 : refusal.status,
    error: refusal.key,
    msg: t(lang, refusal.key, vars),
  };
  if (data) {
    const fields = data.fields;
    // A field's message may name the same variables as the refusal's ("{attempts_left} attempts left").
    body.data = fields
      ? { ...data, fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, t(lang, v, vars)])) }
      : data;
  }
  return body;
}

export function sendRefusal(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  send(reply, refusal.status, refusalBody(request.lang, refusal));
}

/**
 * What is wrong with a refusal the route is about to answer, if anything: a key its contract row
 * does not list (so the OpenAPI document and the clients don't know it), or a message variable left
 * unfilled (`{min}`). Only code-0 refusals raised by the route's own code or schemas are held to
 * the row; transport failures (401, 413, 429, a body that is not JSON) belong to every route.
 */
function refusalFault(
  request: FastifyRequest,
  refusal: Refusal,
  body: Record<string, unknown>,
): string | null {
  const route = request.routeOptions.config?.route;
  if (route && refusal.status === 200 && !declaredRefusals(route).has(refusal.key))
    return `${route.method} ${route.path} answered ${refusal.key}, which its contract row does not list in refusals`;
  const fields = (body.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  for (const text of [body.msg as string, ...Object.values(fields)])
    if (/\{\w+\}/.test(text)) return `${refusal.key}: message variable left unfilled in "${text}"`;
  return null;
}

/**
 * Under test, a refusal fault answers 500 so that the test which met it fails; in production the
 * merchant still gets the refusal, and the log gets the fault.
 */
const strictRefusals = process.env.VITEST !== undefined || process.env.NODE_ENV === 'test';

/** Variables a schema gave its issues (zod `params`, e.g. MIN_TOPUP's `{ min }`). */
function paramsOf(issues: z.core.$ZodIssue[]): Record<string, unknown> | undefined {
  let vars: Record<string, unknown> | undefined;
  for (const issue of issues)
    if (issue.code === 'custom' && issue.params) vars = { ...issue.params, ...vars };
  return vars;
}

function toRefusal(error: FastifyError & { validation?: unknown }): Refusal | null {
  if (error instanceof Refusal) return error;
  if (error instanceof ValidationFailure) {
    const fields = fieldsOf(error.issues);
    const first = Object.values(fields)[0];
    return Refusal.fromValidation(
      isErrorKey(first) ? first : 'INVALID_INPUT',
      fields,
      paramsOf(error.issues),
    );
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

const CLIENT_ERRORS: Record<string, { status: number; key: ErrorKey }> = {
  HPE_HEADER_OVERFLOW: { status: 431, key: 'HEADERS_TOO_LARGE' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: 'REQUEST_TIMEOUT' },
};

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any route runs (a 20 KB
 * query string or header, a request that is not HTTP, a client too slow to send its headers) is
 * answered in the same envelope as everything else. No request exists yet, so no `lang` header has
 * been read: the message is in the default language.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, key: 'INVALID_INPUT' as const };
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ code: status, error: key, msg: t(DEFAULT_LANG, key) });
  // As Node itself does: not while a reply on this connection is half sent, which it would corrupt.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** The envelope of docs/design.md §4 for every failure: refusals, validation, transport, crashes. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toRefusal(error);
    if (known) {
      const body = refusalBody(request.lang, known);
      const fault =
        error instanceof Refusal || error instanceof ValidationFailure
          ? refusalFault(request, known, body)
          : null;
      if (!fault) return send(reply, known.status, body);
      request.log.error({ refusal: body }, fault);
      if (!strictRefusals) return send(reply, known.status, body);
      // The failing test shows why.
      return send(reply, 500, { code: 500, error: 'INTERNAL', msg: fault, request_id: request.id });
    }
    request.log.error({ err: error }, 'unhandled error');
    send(reply, 500, {
      code: 500,
      error: 'INTERNAL',
      msg: t(request.lang, 'INTERNAL'),
      request_id: request.id,
    });
  });
});
