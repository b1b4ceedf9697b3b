import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The product's security headers (@fastify/helmet): a CSP that forbids inline scripts, images from
 * the app itself, data: and blob: (previews of uploads). The API benchmark's limit route sends the
 * same headers, since they are part of the cost of every reply.
 */
export const SECURITY_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:'],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};
