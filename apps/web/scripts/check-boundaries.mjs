#!/usr/bin/env node
/**
 * The app's import boundaries (bulletproof-react's rule): shared code flows one way,
 * src/lib and src/components → src/features → src/app.
 *
 * - A feature (src/features/<x>/**) never imports another feature (src/features/<y>).
 * - src/lib and src/components import no feature.
 *
 * Code two features need moves to src/lib or src/components. Relative imports are resolved and
 * checked; static imports, re-exports and dynamic `import()` alike. Run by `npm test` through
 * src/boundaries.test.ts, or alone: `node apps/web/scripts/check-boundaries.mjs` (exit 1 on a
 * violation, each printed as `file: 'specifier' → target`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
// `import x from '…'`, `export { x } from '…'`, `import '…'`, `import('…')`.
const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"\n]+)\1/g;

function walk(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(walk(full));
    else if (SOURCE.test(name)) out.push(full);
  }
  return out;
}

/** The feature a path lies in ('wallet'), or null outside src/features. */
function featureOf(src, file) {
  const rel = path.relative(path.join(src, 'features'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] ?? null;
}

/** Every import that crosses a boundary, under `src` (apps/web/src). */
export function findViolations(src) {
  const violations = [];
  const areas = [
    ...readdirSync(path.join(src, 'features')).map((f) => path.join(src, 'features', f)),
    path.join(src, 'lib'),
    path.join(src, 'components'),
  ];
  for (const area of areas) {
    if (!statSync(area).isDirectory()) continue;
    for (const file of walk(area)) {
      const own = featureOf(src, file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT_RE)) {
        const spec = m[2];
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        const other = featureOf(src, target);
        if (other && other !== own) {
          violations.push({
            file: path.relative(src, file),
            spec,
            target: path.relative(src, target),
            rule: own
              ? `feature '${own}' imports feature '${other}'`
              : `shared code imports feature '${other}'`,
          });
        }
      }
    }
  }
  return violations;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const found = findViolations(src);
  for (const v of found) console.error(`${v.file}: '${v.spec}' → ${v.target} (${v.rule})`);
  if (found.length > 0) {
    console.error(
      `check-boundaries: ${found.length} import(s) cross a boundary; move shared code to src/lib or src/components.`,
    );
    process.exit(1);
  }
  console.log(
    'check-boundaries: no feature imports another, and src/lib and src/components import no feature.',
  );
}
