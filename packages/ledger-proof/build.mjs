// Builds the offline verifier into one file with no dependencies: dist/dropdesk-verify.mjs, what
// `npx dropdesk-verify` and `node dropdesk-verify.mjs statement.json` run. The merchant app's build
// bundles the same file with `bundleVerifier` (apps/web/vite.config.ts) and offers it for download.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));

/** The file's name, in dist/ here and at the root of the merchant app's site. */
export const VERIFIER_FILE = 'dropdesk-verify.mjs';

/**
 * The bundle's text: src/cli.ts with @noble in, for Node 20 (node: built-ins stay imports), not
 * minified, so an auditor can read what they run; the libraries' licence comments are kept.
 */
export async function bundleVerifier() {
  const result = await build({
    stdin: {
      contents: "import { main } from './src/cli.ts';\nmain();\n",
      resolveDir: here,
      loader: 'ts',
      sourcefile: 'dropdesk-verify.ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'inline',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** Writes the bundle to `file` (executable) and returns its path. */
export async function writeVerifier(file = join(here, 'dist', VERIFIER_FILE)) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, await bundleVerifier(), { mode: 0o755 });
  return file;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await writeVerifier();
  console.log(`built ${file}`);
}
