// The production build: `node dist/main.js` runs it, no TypeScript loader at run time.
// Our TypeScript and the workspace contract (which ships as TypeScript source) are bundled into
// dist/; every other package stays external and loads from node_modules as installed, so native
// modules (better-sqlite3, argon2, sharp) and packages that read their own files at run time
// (swagger-ui, svg-captcha) keep working. Each entry is one file directly in dist/, at the same
// depth as src/config.ts, which finds the repository root relative to itself.
import fs from 'node:fs';
import { build } from 'esbuild';

const bundled = /^@dropdesk\//;

fs.rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/cli/migrate.ts', ops: 'src/cli/ops.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          bundled.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
