import type { OperatorRole } from '@dropdesk/contract/admin';
import type { FastifyRequest } from 'fastify';
import { Refusal, unauthorized } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';

/** Roles that review money and identity. */
export const REVIEWERS: readonly OperatorRole[] = ['reviewer', 'admin'];
export const ADMINS: readonly OperatorRole[] = ['admin'];

/** The request's operator when its role is one of `roles`; FORBIDDEN otherwise. */
export function operatorWith(request: FastifyRequest, roles: readonly OperatorRole[]): SessionOperator {
  const op = request.operator;
  if (!op) throw unauthorized();
  if (!roles.includes(op.role as OperatorRole)) throw new Refusal('FORBIDDEN');
  return op;
}
