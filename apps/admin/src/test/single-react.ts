import Module from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One React in tests. antd-mobile's @react-spring peers ask for React ≤ 18, so npm hoists a React 18
 * to the repository root next to this app's React 19. CommonJS packages (use-sync-external-store,
 * ahooks...) would `require('react')` from the root and get 18: send every such require here.
 * (The browser build is deduped by Vite's resolve.dedupe.)
 */
const appModules = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules');
type Resolve = (request: string, parent: unknown, ...rest: unknown[]) => string;
const mod = Module as unknown as { _resolveFilename: Resolve };
const original = mod._resolveFilename;
mod._resolveFilename = function (request, parent, ...rest) {
  if (/^react(-dom)?(\/.*)?$/.test(request)) {
    return original.call(this, join(appModules, request), parent, ...rest);
  }
  return original.call(this, request, parent, ...rest);
};
