import { z } from 'zod';
import { defineRoute, OPERATOR_ROLES, type OperatorRole } from './route';
import { text } from './text';

export const operatorRoles = z.enum(OPERATOR_ROLES);
export type { OperatorRole };

export const adminRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/admin/login',
    auth: 'none',
    summary: 'Operator login',
    refusals: ['INVALID_INPUT', 'INVALID_CREDENTIALS'],
    body: z.strictObject({
      username: text({ error: 'FIELD_REQUIRED' }).trim().min(1, { error: 'FIELD_REQUIRED' }).max(64),
      password: text({ error: 'FIELD_REQUIRED' }).min(1, { error: 'FIELD_REQUIRED' }).max(128),
    }),
    data: z.object({
      token: z.string(),
      operator: z.object({ id: z.number(), username: z.string(), role: operatorRoles }),
    }),
  }),
} as const;
