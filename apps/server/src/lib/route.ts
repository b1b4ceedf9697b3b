import type { Lang } from '@dropdesk/contract/constants';
import { okEnvelope } from '@dropdesk/contract/envelope';
import type { DataOf, RouteDef } from '@dropdesk/contract/route';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { t } from '../i18n/t';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Body: Out<R['body']>;
  Querystring: Out<R['query']>;
}>;

export type Handler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<DataOf<R>> | DataOf<R>;

export interface RouteExtras {
  /** @fastify/rate-limit options for this route. */
  rateLimit?: {
    max: number;
    timeWindow: string | number;
    keyGenerator?: (req: FastifyRequest) => string;
    /** 'preHandler' when the key needs the parsed body. */
    hook?: 'onRequest' | 'preHandler';
  };
}

/** The success envelope exactly as it goes on the wire (also what idempotency stores). */
export function successBody<R extends RouteDef>(route: R, lang: Lang, data: DataOf<R>): string {
  return JSON.stringify(okEnvelope(route.data).parse({ code: 1, msg: t(lang, 'OK'), data }));
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
  const schema: Record<string, unknown> = {
    summary: def.summary,
    tags: [def.path.split('/')[1] ?? 'api'],
    response: { 200: okEnvelope(def.data) },
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
      ...(extras.rateLimit
        ? { rateLimit: { ...extras.rateLimit, max: extras.rateLimit.max * app.config.rateLimitScale } }
        : {}),
    },
  };
  app.route({
    method: def.method,
    url: def.path,
    ...options,
    handler: async (request, reply) => {
      const data = await handler(request as RouteRequest<R>, reply);
      return { code: 1, msg: t(request.lang, 'OK'), data };
    },
  });
}
