// The house's boundaries, checked by `npm run lint` (lint:boundaries). Each rule says why it exists;
// a violation names the rule, the importing file and the imported one.
const SERVER = '^packages/server/src/';
// Folders that are modules: each one its own area with routes, service and repo.
const MODULE = `${SERVER}(modules/[^/]+|agent|live|demo)/`;
// What every module may build on; it knows no module.
const CORE = `${SERVER}(db|http|bus|mail|fleet|identity)/`;
const TEST = '(\\.test\\.ts|/test-fixtures\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-private',
      comment:
        "A module uses another only through its public entry (modules/<name>/index.ts), so a module's files can change without breaking another. Tests may also use another module's test-fixtures.ts.",
      severity: 'error',
      from: { path: MODULE, pathNot: TEST },
      to: { path: MODULE, pathNot: [`${SERVER}$1/`, `${SERVER}modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'module-private-in-tests',
      comment: 'A test reaches another module through its public entry or its test-fixtures.ts, not its inner files.',
      severity: 'error',
      from: { path: `${MODULE}.*\\.test\\.ts$` },
      to: { path: MODULE, pathNot: [`${SERVER}$1/`, `${SERVER}modules/[^/]+/(index|test-fixtures)\\.ts$`] },
    },
    {
      name: 'core-knows-no-module',
      comment:
        'db/, http/, bus/, mail/ and the fleet and identity cores are what modules build on; they import no module (the composition root wires them together).',
      severity: 'error',
      from: { path: CORE, pathNot: TEST },
      to: { path: MODULE },
    },
    {
      name: 'feature-private',
      comment: 'Console features never import each other; what two features share moves to components/ or lib/.',
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: { path: '^packages/web/src/features/', pathNot: '^packages/web/src/features/$1/' },
    },
    {
      name: 'shared-knows-no-feature',
      comment: "The console's shared components/ and lib/ are used by features and know none of them (only app/, the router, imports features).",
      severity: 'error',
      from: { path: '^packages/web/src/(components|lib)/' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'no-circular',
      comment: 'An import cycle makes start-up order matter and the parts impossible to change one at a time.',
      severity: 'error',
      from: { pathNot: TEST },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|/db/migrations/' },
    // Type-only imports count: they couple files just as much.
    tsPreCompilationDeps: true,
    // The console's import aliases (@/, @dev/) come from its tsconfig.
    tsConfig: { fileName: `${__dirname}/packages/web/tsconfig.json` },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
