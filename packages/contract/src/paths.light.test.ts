import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

/**
 * The modules the light clients (apps/storefront, apps/web's /login and /home pages) import at
 * runtime bring no zod: here zod cannot be loaded at all, and each of them still imports. Their
 * types (`import type` from the domain modules) are erased and cost nothing. A module added to
 * what those clients import belongs in this list.
 */
vi.mock('zod', () => {
  throw new Error('zod was imported');
});

const dir = path.dirname(fileURLToPath(import.meta.url));
const LIGHT = [
  ...readdirSync(path.join(dir, 'paths')).map((file) => `paths/${file.slice(0, -'.ts'.length)}`),
  'constants',
  'route',
  'errors',
  'money',
  'fold',
  'amount',
  'reasons',
];

describe('the zod-free modules', () => {
  it.each(LIGHT)('%s imports without zod', async (name) => {
    const mod = (await import(`./${name}`)) as Record<string, unknown>;
    expect(Object.keys(mod).length).toBeGreaterThan(0);
  });

  it('and a module that needs zod fails here (the check works)', async () => {
    // vitest wraps the factory's error in its own ("There was an error when mocking a module").
    await expect(import('./text')).rejects.toThrow();
  });
});
