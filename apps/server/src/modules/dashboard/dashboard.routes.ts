import type { FastifyInstance } from 'fastify';

/** Issue 12, dashboard: index/index, index/echart and what each figure is made of (to be written). */
export async function dashboardRoutes(_app: FastifyInstance) {}
