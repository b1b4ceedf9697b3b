// The server's layering rules (docs/architecture.md "Layers" and "Modules and their doors"), checked by
// `npm run lint` through tools/lint/server-deps.mjs (which also checks the two rules dependency-cruiser
// has no words for: no cycle between modules, and no query builder call outside the repositories).
//
// A module is a folder apps/server/src/modules/<m>/. Its door is modules/<m>/index.ts: the only file of
// it another module, app.ts, cli/, plugins/ or seed.ts may import (app.ts also registers each module's
// *.routes.ts). Tests are exempt from the door rules: a module's tests may reach anywhere.

const SRC = '^apps/server/src/';
const MODULE = `${SRC}modules/([^/]+)/`;
const TESTS = '\\.test\\.ts$';

// Known violations, each to be removed by moving the code named: listed so the rules hold for every
// other file today, and checked to still occur (server-deps.mjs fails on an entry that no longer does,
// so this list can only shrink). Empty since the last ones (transitions, ledger, dashboard, search,
// cli/ops.ts) moved their queries into repositories; an entry is [file under src/, what is to move].
const KNOWN_KYSELY = [];

/**
 * Files outside the repositories and db/ that still call query builders (selectFrom, insertInto, ...):
 * none today. The demo seeds (seed.ts, modules/<m>/*.seed.ts) are not listed: like migrations, they
 * write rows.
 */
const KNOWN_SQL_CALLS = [];

const KYSELY = 'node_modules/kysely/dist/esm/index.js';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file imports itself through others (a type counts: type imports are read too).',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'db-lib-no-module',
      comment: 'The db and lib layers are below every module: they import none.',
      severity: 'error',
      from: { path: `${SRC}(db|lib)/` },
      to: { path: `${SRC}modules/` },
    },
    {
      name: 'module-door',
      comment:
        'A module reaches another only through its door (modules/<m>/index.ts), never its repositories or helpers.',
      severity: 'error',
      from: { path: MODULE, pathNot: TESTS },
      to: { path: `${SRC}modules/[^/]+/`, pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-door',
      comment:
        'app.ts, cli/, plugins/ and seed.ts use a module through its door; app.ts also registers its *.routes.ts.',
      severity: 'error',
      from: { path: SRC, pathNot: [`${SRC}modules/`, `${SRC}app\\.ts$`, TESTS] },
      to: { path: `${SRC}modules/[^/]+/`, pathNot: `${SRC}modules/[^/]+/index\\.ts$` },
    },
    {
      name: 'outside-door',
      comment: 'app.ts: a module door, or a module routes file it registers.',
      severity: 'error',
      from: { path: `${SRC}app\\.ts$` },
      to: {
        path: `${SRC}modules/[^/]+/`,
        pathNot: [`${SRC}modules/[^/]+/index\\.ts$`, `${SRC}modules/[^/]+/[^/]+\\.routes\\.ts$`],
      },
    },
    {
      name: 'kysely-only-in-repositories',
      comment:
        'Queries (kysely and its sql``) live in *.repository.ts and db/; a service or view takes row types from db/schema.ts.',
      severity: 'error',
      from: { path: SRC, pathNot: ['\\.repository\\.ts$', `${SRC}db/`, TESTS] },
      to: { path: '(^|/)node_modules/kysely/' },
    },
  ],
  options: {
    // Read with Babel (see tools/depcruise/babel.config.cjs): dependency-cruiser's own TypeScript
    // reader supports TypeScript < 7 only.
    babelConfig: { fileName: 'tools/depcruise/babel.config.cjs' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
    knownViolations: KNOWN_KYSELY.map(([file]) => ({
      type: 'dependency',
      from: `apps/server/src/${file}`,
      to: KYSELY,
      rule: { name: 'kysely-only-in-repositories', severity: 'error' },
    })),
  },
};

// The lists the dependency-cruiser schema has no place for, read by tools/lint/server-deps.mjs: kept off
// the enumerable keys, which dependency-cruiser validates.
Object.defineProperty(module.exports, 'serverDeps', {
  enumerable: false,
  value: {
    knownSqlCalls: KNOWN_SQL_CALLS.map(([file, reason]) => ({ file: `apps/server/src/${file}`, reason })),
    sqlBuilders: [
      'selectFrom',
      'insertInto',
      'updateTable',
      'deleteFrom',
      'replaceInto',
      'mergeInto',
      'selectNoFrom',
    ],
  },
});
