import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the merchant app's plain script (findViolations(src)), shared rather than copied
import { findViolations } from '../../web/scripts/check-boundaries.mjs';

describe("the console's import boundaries (apps/web/scripts/check-boundaries.mjs)", () => {
  it('no feature imports another feature, and src/lib and src/components import none', () => {
    expect(findViolations(path.dirname(fileURLToPath(import.meta.url)))).toEqual([]);
  });
});
