import type { FastifyInstance } from 'fastify';

/** Issue 12, messages: index/notice, index/see_notice, merchant/affiche, and the operators' broadcasts and announcements (to be written). */
export async function messageRoutes(_app: FastifyInstance) {}
