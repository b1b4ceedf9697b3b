import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script that node also runs alone; it has no type declarations
import { findViolations } from '../scripts/check-boundaries.mjs';

interface Violation {
  file: string;
  spec: string;
  target: string;
  rule: string;
}
const check = findViolations as (src: string) => Violation[];

describe('import boundaries (scripts/check-boundaries.mjs)', () => {
  it('no feature imports another feature, and src/lib and src/components import none', () => {
    expect(check(path.dirname(fileURLToPath(import.meta.url)))).toEqual([]);
  });

  it('finds a feature importing another, and shared code importing a feature', () => {
    const src = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
        writeFileSync(path.join(src, file), text);
      };
      write(
        'features/wallet/screens/A.tsx',
        "import { x } from '../../orders/api/get-x';\nimport '../api/own';",
      );
      write('features/orders/api/get-x.ts', "export { y } from '../../../lib/y';");
      write('lib/y.ts', "const m = () => import('../features/wallet/screens/A');");
      write('components/C.tsx', "import { z } from '../lib/y';");
      expect(check(src).map((v) => `${v.file} → ${v.target}`)).toEqual([
        `${path.join('features', 'wallet', 'screens', 'A.tsx')} → ${path.join('features', 'orders', 'api', 'get-x')}`,
        `${path.join('lib', 'y.ts')} → ${path.join('features', 'wallet', 'screens', 'A')}`,
      ]);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
