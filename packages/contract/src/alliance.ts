import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from './envelope';
import { applyBps, type Minor } from './money';
import { moneyOut } from './money-fields';
import * as adminAlliancePaths from './paths/admin-alliance';
import * as alliancePaths from './paths/alliance';
import { ADMINS, defineRoute } from './route';

/**
 * The alliance (docs/design.md §5 "Express lane, alliance, messages"; docs/express-alliance.md): the
 * merchants who registered with this merchant's invitation code are its members. When a member's
 * order settles, the platform pays the member's parent a commission: the operator-configured rate
 * of what the settlement paid the member (the order's selling price less refunds), from the
 * platform's revenue. The rate starts at 0, which pays nothing.
 */

/** The highest commission rate an operator may set: 20% (basis points). */
export const MAX_COMMISSION_BPS = 2_000;

/** The commission on a settlement of `settled` minor units at `rateBps` (the one rounding, half-up). */
export function commissionOf(settled: Minor, rateBps: number): Minor {
  return applyBps(settled, rateBps);
}

export const allianceMember = z.object({
  id: z.number().int(),
  /** The member's name, masked: its first and last character around "***" (docs/express-alliance.md). */
  name: z.string(),
  registered_at: isoTime,
  /** The member's orders paid by a buyer and not cancelled. */
  orders: z.number().int(),
  /** Commission this merchant has earned from the member's settled orders. */
  commission: moneyOut,
});
export type AllianceMember = z.infer<typeof allianceMember>;

export const allianceRoutes = {
  coalition: defineRoute({
    ...alliancePaths.coalition,
    summary:
      "The merchant's invitation code and link, the commission rate, and the members (newest first) with their orders and the commission earned from each",
    refusals: ['INVALID_INPUT'],
    query: z.strictObject({ ...pageQuery }),
    data: pageOf(allianceMember).extend({
      invite_code: z.string(),
      invite_link: z.string(),
      /** The commission rate now, in basis points (0: none is paid). */
      rate_bps: z.number().int(),
      /** Commission earned from every member, all time. */
      commission_total: moneyOut,
    }),
  }),
} as const;

export const allianceSettings = z.object({
  commission_bps: z.number().int(),
  max_bps: z.number().int(),
  updated_at: isoTime.nullable(),
});

export const adminAllianceRoutes = {
  settings: defineRoute({
    ...adminAlliancePaths.settings,
    roles: ADMINS,
    summary: 'The alliance commission rate (basis points of a member order settlement)',
    refusals: [],
    data: allianceSettings,
  }),
  setSettings: defineRoute({
    ...adminAlliancePaths.setSettings,
    roles: ADMINS,
    summary:
      'Set the alliance commission rate (admin role): it applies to settlements from now on, never to those already paid',
    refusals: ['INVALID_INPUT'],
    body: z.strictObject({
      commission_bps: z
        .number({ error: 'FIELD_REQUIRED' })
        .int({ error: 'FIELD_INTEGER' })
        .min(0, { error: 'FIELD_TOO_SMALL' })
        .max(MAX_COMMISSION_BPS, { error: 'FIELD_TOO_BIG' }),
    }),
    data: allianceSettings,
  }),
} as const;
