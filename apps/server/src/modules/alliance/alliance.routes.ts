import type { FastifyInstance } from 'fastify';

/** Issue 12, alliance: index/coalition and the operators' commission rate (to be written). */
export async function allianceRoutes(_app: FastifyInstance) {}
