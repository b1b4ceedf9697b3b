import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { accountRoutes } from './account';
import { adminRoutes } from './admin';
import { adminKycRoutes, kycRoutes } from './kyc';
import { reportsRoutes } from './reports';
import type { RouteDef } from './route';
import { adminSettingsRoutes, settingsRoutes } from './settings';
import { adminWalletRoutes, walletRoutes } from './wallet';

/**
 * Every field a request carries has a bound (a 5,000-character name went through with no
 * message): each top-level field of each row's body and query, sent 5,000 characters long, is
 * refused at that field.
 */
const ROWS: Record<string, RouteDef> = {
  ...accountRoutes,
  ...adminRoutes,
  ...kycRoutes,
  ...adminKycRoutes,
  ...reportsRoutes,
  ...walletRoutes,
  ...adminWalletRoutes,
  ...settingsRoutes,
  ...adminSettingsRoutes,
};

describe('field lengths', () => {
  it('refuses 5,000 characters in every field of every body and query', () => {
    const long = 'A'.repeat(5000);
    const accepted: string[] = [];
    for (const [name, row] of Object.entries(ROWS)) {
      for (const schema of [row.body, row.query]) {
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
          properties?: Record<string, unknown>;
        };
        for (const field of Object.keys(json.properties ?? {})) {
          const result = schema.safeParse({ [field]: long });
          const refused = !result.success && result.error.issues.some((i) => i.path[0] === field);
          if (!refused) accepted.push(`${name}.${field}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });
});
