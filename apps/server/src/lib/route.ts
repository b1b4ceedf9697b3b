import type { Lang } from '@dropdesk/contract/constants';
import { okEnvelope, refusalEnvelopeOf, transportEnvelopeOf } from '@dropdesk/contract/envelope';
import type { ErrorKey } from '@dropdesk/contract/errors';
import { type DataOf, type DownloadFile, type RouteDef, refusalsOf } from '@dropdesk/contract/route';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { t } from '../i18n/t';
import type { SessionBuyer, SessionMerchant, SessionOperator } from './sessions';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What the auth plugin guarantees on a row's request: the session its `auth` demands, never null
 * (without one the request was answered 401 before the handler). Optional rows keep `| null`.
 */
type SignedIn<A> = A extends 'merchant'
  ? { merchant: SessionMerchant }
  : A extends 'operator'
    ? { operator: SessionOperator }
    : A extends 'buyer'
      ? { buyer: SessionBuyer }
      : unknown;

export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: Out<R['body']>;
  Querystring: Out<R['query']>;
}> &
  SignedIn<R['auth']>;

export type Handler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<DataOf<R>> | DataOf<R>;

export interface RateLimitRule {
  max: number;
  timeWindow: string | number;
  keyGenerator?: (req: FastifyRequest) => string;
}

export interface RouteExtras {
  /** @fastify/rate-limit options for this route. */
  rateLimit?: RateLimitRule & {
    /** 'preHandler' when the key needs the parsed body. */
    hook?: 'onRequest' | 'preHandler';
  };
  /**
   * A second limit with a key of its own, checked when the request arrives (the plugin runs one
   * limit per route): e.g. one a minute per destination, and a few per client across all of them.
   */
  alsoLimit?: RateLimitRule;
}

/** The success envelope exactly as it goes on the wire (also what idempotency stores). */
export function successBody<R extends RouteDef>(route: R, lang: Lang, data: DataOf<R>): string {
  return JSON.stringify(okEnvelope(route.data).parse({ code: 1, msg: t(lang, 'OK'), data }));
}

const declared = new WeakMap<RouteDef, ReadonlySet<ErrorKey>>();

/** The code-0 keys a row may answer (its `refusals` and what its marks imply), as a set. */
export function declaredRefusals(def: RouteDef): ReadonlySet<ErrorKey> {
  let keys = declared.get(def);
  if (!keys) {
    keys = new Set(refusalsOf(def));
    declared.set(def, keys);
  }
  return keys;
}

type NonEmpty = readonly [ErrorKey, ...ErrorKey[]];
const nonEmpty = (keys: readonly ErrorKey[]): keys is NonEmpty => keys.length > 0;

/**
 * The row's OpenAPI answers: on HTTP 200 the success envelope or the refusal envelope with the
 * row's keys, and the transport failures it can meet. Only the document gets this union: the
 * route's own 200 schema stays the success envelope, which the serializer strips replies to
 * (refusals are sent by the error plugin with their own serializer).
 */
function openApiTransform(def: RouteDef, rateLimited: boolean): SwaggerTransform {
  const keys = refusalsOf(def);
  const ok = okEnvelope(def.data);
  const response: Record<number, z.ZodType> = {
    200: nonEmpty(keys) ? z.union([ok, refusalEnvelopeOf(keys)]) : ok,
  };
  if (def.auth !== 'none') response[401] = transportEnvelopeOf(401, ['UNAUTHORIZED']);
  if (def.method === 'POST')
    response[413] = transportEnvelopeOf(
      413,
      def.multipart ? ['PAYLOAD_TOO_LARGE', 'FILE_TOO_LARGE'] : ['PAYLOAD_TOO_LARGE'],
    );
  if (rateLimited) response[429] = transportEnvelopeOf(429, ['RATE_LIMITED']);
  response[500] = transportEnvelopeOf(500, ['INTERNAL']);
  return (document) =>
    jsonSchemaTransform({ ...document, schema: { ...document.schema, response } } as Parameters<
      typeof jsonSchemaTransform
    >[0]);
}

/**
 * Registers one row of the contract's route table: its schemas validate the request, its data
 * schema shapes (and strips) the reply, and the handler returns only `data`.
 */
export function route<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: Handler<R>,
  extras: RouteExtras = {},
): void {
  // Fail closed: an operator row that names no roles would admit every role.
  if (def.auth === 'operator' && !def.roles?.length)
    throw new Error(`${def.method} ${def.path}: an operator route must name its roles`);
  if (def.auth !== 'operator' && def.roles)
    throw new Error(`${def.method} ${def.path}: roles belong on operator routes only`);
  // An undeclared list would make every refusal of the route a surprise to its clients.
  if (!def.refusals) throw new Error(`${def.method} ${def.path}: a route must list its refusals`);
  const schema: Record<string, unknown> = {
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    // A file is sent as it is: no envelope to shape.
    response: def.download ? {} : { 200: okEnvelope(def.data) },
  };
  if (def.body) schema.body = def.body;
  if (def.query) schema.querystring = def.query;
  if (def.auth !== 'none') schema.security = [{ token: [] }];
  const options: RouteShorthandOptions = {
    schema,
    config: {
      auth: def.auth,
      writes: def.writes ?? false,
      idempotent: def.idempotent ?? false,
      route: def,
      swaggerTransform: openApiTransform(
        def,
        extras.rateLimit !== undefined || extras.alsoLimit !== undefined,
      ),
      ...(extras.rateLimit
        ? { rateLimit: { ...extras.rateLimit, max: extras.rateLimit.max * app.config.rateLimitScale } }
        : {}),
    },
  };
  const also = extras.alsoLimit
    ? app.createRateLimit({ ...extras.alsoLimit, max: extras.alsoLimit.max * app.config.rateLimitScale })
    : null;
  app.route({
    method: def.method,
    url: def.path,
    ...options,
    ...(also
      ? {
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            const limit = await also(request);
            if (limit.isAllowed || !limit.isExceeded) return;
            reply.header('retry-after', limit.ttlInSeconds);
            throw Object.assign(new Error('rate limited'), { statusCode: 429 });
          },
        }
      : {}),
    handler: async (request, reply) => {
      const data = await handler(request as RouteRequest<R>, reply);
      if (def.download) {
        // A file: its bytes (a stream is piped as it is made), never the envelope.
        const file = data as DownloadFile;
        return reply
          .header('content-type', file.type)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      }
      return { code: 1, msg: t(request.lang, 'OK'), data };
    },
  });
}
