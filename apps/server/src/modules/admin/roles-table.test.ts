import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_ROLES, type RouteDef } from '@dropdesk/contract/route';
import { describe, expect, it } from 'vitest';
import { contractRows } from '../../../test/contract-rows';

const doc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/console-api.md');
const START =
  '<!-- roles-table:start (made from the contract rows by src/modules/admin/roles-table.test.ts) -->';
const END = '<!-- roles-table:end -->';

/** Which role reaches which /admin row, as the contract's `roles` say (what the server enforces). */
function rolesTable(rows: RouteDef[]): string {
  const admin = rows
    .filter((r) => r.path.startsWith('/admin'))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const lines = [
    `| row | ${OPERATOR_ROLES.join(' | ')} | what |`,
    `| --- | ${OPERATOR_ROLES.map(() => ':---:').join(' | ')} | --- |`,
    ...admin.map((r) => {
      const cells = OPERATOR_ROLES.map((role) =>
        r.auth === 'none' ? 'anyone' : r.roles?.includes(role) ? '✓' : '',
      );
      return `| \`${r.method} ${r.path}\` | ${cells.join(' | ')} | ${r.summary.replace(/\|/g, '\\|')} |`;
    }),
  ];
  return lines.join('\n');
}

/**
 * docs/console-api.md's roles table is the contract's, row for row: a row added or re-roled in the
 * contract fails this test until the table is made again with
 * `UPDATE_DOCS=1 npx vitest run src/modules/admin/roles-table.test.ts` (in apps/server).
 */
describe('the roles table of docs/console-api.md', () => {
  it('is made from the contract rows', () => {
    const text = fs.readFileSync(doc, 'utf8');
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    expect(start, `${doc} has the markers`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const table = rolesTable(contractRows());
    const current = text.slice(start + START.length, end).trim();
    if (process.env.UPDATE_DOCS && current !== table) {
      fs.writeFileSync(doc, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`);
      return;
    }
    expect(current, 'run UPDATE_DOCS=1 npx vitest run src/modules/admin/roles-table.test.ts').toBe(table);
  });
});
