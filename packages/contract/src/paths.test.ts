import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PathRow, RouteDef } from './route';

/**
 * The plain rows (src/paths/<table>.ts, what the light clients read) and the zod rows (each domain's
 * `<name>Routes`, what the server registers) are one table: same tables, same rows, and each row
 * with the same method, path and auth. The zod rows spread their plain row, so this fails when a
 * zod row overrides what it spread, when a table or row is added on one side only, or when a plain
 * row is left behind after its route was removed.
 */

const dir = path.dirname(fileURLToPath(import.meta.url));
const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Every `<name>Routes` export of the package, by `<name>`. */
const zodTables: Record<string, Record<string, RouteDef>> = {};
for (const file of modules) {
  const mod = (await import(`./${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod))
    if (name.endsWith('Routes'))
      zodTables[name.slice(0, -'Routes'.length)] = value as Record<string, RouteDef>;
}

/** Every module of src/paths, by the name of its table (admin-wallet.ts: `adminWallet`). */
const plainTables: Record<string, Record<string, PathRow>> = {};
for (const file of readdirSync(path.join(dir, 'paths')).filter((f) => f.endsWith('.ts'))) {
  const name = file.slice(0, -'.ts'.length).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  plainTables[name] = { ...((await import(`./paths/${file}`)) as Record<string, PathRow>) };
}

const pick = ({ method, path, auth }: PathRow) => ({ method, path, auth });

describe('src/paths and the zod rows', () => {
  it('have the same tables', () => {
    expect(Object.keys(zodTables).length).toBeGreaterThan(20);
    expect(Object.keys(plainTables).sort()).toEqual(Object.keys(zodTables).sort());
  });

  it.each(Object.keys(zodTables).sort())(
    '%s: the same rows, each with the same method, path and auth',
    (name) => {
      const zod = zodTables[name] ?? {};
      const plain = plainTables[name] ?? {};
      expect(Object.keys(plain).sort()).toEqual(Object.keys(zod).sort());
      for (const [key, row] of Object.entries(zod))
        expect({ key, ...pick(row) }).toEqual({ key, ...plain[key] });
    },
  );

  it('answer each method and path on one row only', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [name, table] of Object.entries(plainTables))
      for (const [key, row] of Object.entries(table)) {
        const address = `${row.method} ${row.path}`;
        if (seen.has(address)) twice.push(`${address}: ${seen.get(address)} and ${name}.${key}`);
        seen.set(address, `${name}.${key}`);
      }
    expect(twice).toEqual([]);
  });
});
