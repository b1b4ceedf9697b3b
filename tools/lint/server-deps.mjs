// The server's dependency rules (.dependency-cruiser.cjs), run by `npm run lint`.
//
// dependency-cruiser is run through its API rather than its CLI because its own TypeScript reader
// supports TypeScript < 7 only: given a directory it would skip every .ts file. Here every file
// under the given folders is listed and read through Babel (tools/depcruise/babel.config.cjs).
// On top of its file rules this adds the two it has no words for:
// - no cycle between modules (a module being a folder under apps/server/src/modules/): a module loop
//   need not be a file loop;
// - no query builder call (selectFrom, insertInto, updateTable, deleteFrom, ...) outside *.repository.ts
//   and db/: found on the syntax tree (@babel/parser), so comments and strings don't count, whatever
//   the receiver is called (db, tx, this.db, a chain).
// Known violations (.dependency-cruiser.cjs) are let through, and one that no longer occurs fails the
// run: the list only shrinks.
// Usage: node tools/lint/server-deps.mjs [folder …]   (default apps/server/src)
// SERVER_DEPS_FIXTURE=<dir>: check the tree under <dir> (laid out like the repo: <dir>/apps/server/src)
// with the same rules and no known violations (apps/server/test/layering.test.ts shows a violation fails).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { parse } from '@babel/parser';
import { cruise, format } from 'dependency-cruiser';
import extractBabelConfig from 'dependency-cruiser/config-utl/extract-babel-config';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const repo = resolve(import.meta.dirname, '../..');
const fixture = process.env.SERVER_DEPS_FIXTURE;
const root = fixture ? resolve(fixture) : repo;
process.chdir(root);
const configFile = resolve(repo, '.dependency-cruiser.cjs');
const folders = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['apps/server/src'];

const files = folders.flatMap((folder) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name))),
);

const config = { ...createRequire(import.meta.url)(configFile).serverDeps };
const options = await extractDepcruiseOptions(configFile);
const babelConfig = await extractBabelConfig(resolve(repo, options.babelConfig.fileName));
if (fixture) {
  options.knownViolations = [];
  config.knownSqlCalls = [];
}
const { output: result } = await cruise(files, options, {}, { babelConfig });

const report = await format(result, { outputType: 'err' });
process.stdout.write(report.output);
let failed = report.exitCode !== 0;

// Module cycles: the modules' graph (test files left out) must have no strongly connected part.
const moduleOf = (path) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(path)?.[1];
const graph = new Map();
for (const m of result.modules) {
  const from = moduleOf(m.source);
  if (!from || m.source.endsWith('.test.ts')) continue;
  if (!graph.has(from)) graph.set(from, new Set());
  for (const d of m.dependencies) {
    const to = moduleOf(d.resolved);
    if (to && to !== from) graph.get(from).add(to);
  }
}
const known = new Set((config.knownModuleCycles ?? []).map((c) => [...c.modules].sort().join(' ')));
for (const part of stronglyConnected(graph)) {
  if (part.length < 2) continue;
  const key = [...part].sort().join(' ');
  if (known.has(key)) {
    known.delete(key);
    continue;
  }
  failed = true;
  const edges = part.flatMap((a) =>
    [...graph.get(a)].filter((b) => part.includes(b)).map((b) => `${a} → ${b}`),
  );
  console.log(
    `  error no-module-cycle: the modules ${part.join(', ')} import each other (${edges.join('; ')})`,
  );
}
for (const stale of known) {
  failed = true;
  console.log(
    `  error stale-known-cycle: "${stale}" is listed in knownModuleCycles but no longer a cycle: remove it`,
  );
}
// Known dependency violations that no longer occur.
const ignored = new Set(
  result.summary.violations
    .filter((v) => v.rule.severity === 'ignore')
    .map((v) => `${v.rule.name} ${v.from} ${v.to}`),
);
for (const k of options.knownViolations ?? []) {
  if (ignored.has(`${k.rule.name} ${k.from} ${k.to}`)) continue;
  failed = true;
  console.log(
    `  error stale-known-violation: ${k.rule.name} ${k.from} → ${k.to} no longer occurs: remove it from .dependency-cruiser.cjs`,
  );
}

// Query builder calls outside the repositories and the db layer.
const builders = new Set(config.sqlBuilders);
const knownSql = new Map((config.knownSqlCalls ?? []).map((k) => [k.file, k.reason]));
for (const file of files) {
  if (/\.repository\.ts$|\.test\.ts$|^apps\/server\/src\/db\/|(^|\/|\.)seed\.ts$/.test(file)) continue;
  const calls = builderCalls(readFileSync(file, 'utf8'), builders);
  if (knownSql.has(file)) {
    if (calls.length === 0) {
      failed = true;
      console.log(
        `  error stale-known-sql: ${file} calls no query builder any more: remove it from knownSqlCalls`,
      );
    }
    knownSql.delete(file);
    continue;
  }
  for (const { line, name } of calls) {
    failed = true;
    console.log(
      `  error sql-only-in-repositories: ${file}:${line} calls ${name}(): queries live in *.repository.ts or db/`,
    );
  }
}
for (const file of knownSql.keys()) {
  failed = true;
  console.log(`  error stale-known-sql: ${file} (in knownSqlCalls) is not a server source file any more`);
}
if (!failed)
  console.log(
    `✔ no module cycle; no query builder outside the repositories but the ${config.knownSqlCalls.length} files known in .dependency-cruiser.cjs`,
  );
process.exit(failed ? 1 : 0);

/** The query builder calls of one source: `<anything>.selectFrom(…)` and the like, with their lines. */
function builderCalls(source, names) {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript'], errorRecovery: false });
  const found = [];
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node.type !== 'string') return;
    if ((node.type === 'CallExpression' || node.type === 'OptionalCallExpression') && node.callee) {
      const callee = node.callee;
      if (callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') {
        const p = callee.property;
        const name =
          !callee.computed && p.type === 'Identifier' ? p.name : p.type === 'StringLiteral' ? p.value : null;
        if (name && names.has(name)) found.push({ line: p.loc.start.line, name });
      }
    }
    for (const key of Object.keys(node)) {
      if (
        key === 'loc' ||
        key === 'start' ||
        key === 'end' ||
        key === 'leadingComments' ||
        key === 'trailingComments'
      )
        continue;
      const value = node[key];
      if (value && typeof value === 'object') walk(value);
    }
  };
  walk(ast.program);
  return found;
}

/** Tarjan's strongly connected components. */
function stronglyConnected(g) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const parts = [];
  const visit = (v) => {
    state.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of g.get(v) ?? []) {
      if (!state.has(w)) {
        visit(w);
        state.get(v).low = Math.min(state.get(v).low, state.get(w).low);
      } else if (state.get(w).onStack) state.get(v).low = Math.min(state.get(v).low, state.get(w).index);
    }
    if (state.get(v).low === state.get(v).index) {
      const part = [];
      let w;
      do {
        w = stack.pop();
        state.get(w).onStack = false;
        part.push(w);
      } while (w !== v);
      parts.push(part);
    }
  };
  for (const v of g.keys()) if (!state.has(v)) visit(v);
  return parts;
}
