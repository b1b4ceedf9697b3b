import type { FastifyInstance } from 'fastify';

/** Issue 12, express lane: index/train, index/buy_train, index/buy_train_bill, and the operators' packages (to be written). */
export async function expressRoutes(_app: FastifyInstance) {}
