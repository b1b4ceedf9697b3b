import type { FastifyInstance } from 'fastify';

/** Issue 12, shop settings: merchant/store, merchant/store_banner, the customer-service contact, and operators closing and reopening shops (to be written). */
export async function shopRoutes(_app: FastifyInstance) {}
