// Dependency-cruiser reads TypeScript through Babel here: its own TypeScript reader supports
// TypeScript < 7 only, and this repo compiles with TypeScript 7 (the native compiler, no JS API).
// Babel's TypeScript preset would drop type-only imports (`import type`, `import { type X }`),
// and a type is a dependency too (the OrderRow circle ran through types), so the first plugin
// turns them into value imports before the preset runs; `onlyRemoveTypeImports` then keeps
// every import, used as a value or not.
const keepTypeImports = () => ({
  name: 'keep-type-imports',
  visitor: {
    Program: {
      enter(path) {
        for (const statement of path.node.body) {
          const isImport = statement.type === 'ImportDeclaration';
          const isReexport =
            (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') &&
            statement.source;
          if (isImport) statement.importKind = 'value';
          if (isReexport) statement.exportKind = 'value';
          if (isImport || isReexport) {
            for (const specifier of statement.specifiers ?? []) {
              if ('importKind' in specifier) specifier.importKind = 'value';
              if ('exportKind' in specifier) specifier.exportKind = 'value';
            }
          }
        }
      },
    },
  },
});

module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepTypeImports],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};
