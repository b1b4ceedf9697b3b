import type { RouteDef } from '@dropdesk/contract/route';

/**
 * Every row of every route table the contract exports, tables added later included (each module
 * of packages/contract/src is read; a table is any object whose values are route rows).
 */
export function contractRows(): RouteDef[] {
  const modules = import.meta.glob<Record<string, unknown>>(
    ['../../../packages/contract/src/*.ts', '!**/*.test.ts'],
    { eager: true },
  );
  const rows = new Map<string, RouteDef>();
  for (const mod of Object.values(modules)) {
    for (const table of Object.values(mod)) {
      if (!table || typeof table !== 'object') continue;
      for (const row of Object.values(table as Record<string, unknown>)) {
        const r = row as Partial<RouteDef> | null;
        if (
          r &&
          typeof r === 'object' &&
          typeof r.path === 'string' &&
          (r.method === 'GET' || r.method === 'POST') &&
          r.data
        )
          rows.set(`${r.method} ${r.path}`, r as RouteDef);
      }
    }
  }
  return [...rows.values()];
}
