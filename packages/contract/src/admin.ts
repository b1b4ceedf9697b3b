import { z } from 'zod';
import { defineRoute } from './route';

export const operatorRoles = z.enum(['reviewer', 'catalogue', 'support', 'admin']);
export type OperatorRole = z.infer<typeof operatorRoles>;

export const adminRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/admin/login',
    auth: 'none',
    summary: 'Operator login',
    body: z.strictObject({
      username: z.string({ error: 'FIELD_REQUIRED' }).trim().min(1, { error: 'FIELD_REQUIRED' }).max(64),
      password: z.string({ error: 'FIELD_REQUIRED' }).min(1, { error: 'FIELD_REQUIRED' }).max(128),
    }),
    data: z.object({
      token: z.string(),
      operator: z.object({ id: z.number(), username: z.string(), role: operatorRoles }),
    }),
  }),
} as const;
