// The house's boundaries, checked by `npm run lint` (lint:boundaries). Each rule says why it exists;
// a violation names the rule, the importing file and the imported one.
const SERVER = '^packages/server/src/';
// Folders that are modules: each one its own area with routes, service and repo.
const MODULE = `${SERVER}(modules/[^/]+|agent|live|demo)/`;
// What every module may build on; it knows no module.
const CORE = `${SERVER}(db|http|bus|mail|fleet|identity)/`;
const TEST = '(\\.test\\.ts|/test-fixtures\\.ts)$';
// A workspace's files, reached by a relative path or, through its npm workspace link, by its package name.
const WORKSPACE = (names) => `^(packages|node_modules/@netloom)/(${names})/`;
// What only tests run: test files and the test harnesses beside them (vitest, fast-check and the like are the root's devDependencies).
const TEST_ONLY = [
  '\\.test\\.tsx?$',
  // Test harnesses by name: test-fixtures, test-arbitraries, test-rules, fake-api, …
  '/(test|fake)-[^/]+\\.tsx?$',
  '^packages/[^/]+/src/test/',
  // The security suite is a test project of its own (npm run test:security).
  '^packages/server/src/security/',
];

// Who owns which table (db/schema/README.md): only the owner imports a table's schema file; others read it through
// db/read-models/ or call the owner. Keep in step with the README's map. The db layer itself (db/: client, migrations, backup,
// read models, and audit-log.ts, the owner of audit_log) may import any schema file.
const SCHEMA_OWNERS = {
  identity: ['tenants', 'users', 'memberships', 'refresh-tokens'],
  fleet: ['devices'],
  'modules/auth': ['one-time-tokens', 'recovery-codes', 'secrets'],
  'modules/users': ['held-invitations'],
  'modules/groups': ['groups'],
  'modules/networks': ['networks'],
  agent: ['device-telemetry'],
  'modules/jobs': ['device-jobs'],
  'modules/devices': ['commercial-data'],
  'modules/config': ['config'],
  'modules/alarms': ['alarms'],
  'modules/web-filter': ['webfilter'],
  'modules/waf': ['waf'],
  'modules/rum': ['rum'],
  'modules/ztna': ['ztna'],
  'modules/ztna-activity': ['ztna-activity'],
  'modules/tours': ['tours'],
  'modules/announcements': ['announcements'],
  'modules/reports': ['reports'],
  'modules/diagnostics': ['diagnostics'],
  'modules/traffic': ['flow-exporters'],
  'modules/scim': ['scim'],
  'modules/user-queries': ['user-queries'],
  'modules/sso': ['sso'],
  'modules/tickets': ['tickets'],
  'modules/chat': ['chat'],
  'modules/helpdesks': ['helpdesks'],
  'modules/assistant': ['assistant'],
  'modules/dem': ['dem'],
  'modules/ndr': ['ndr'],
  'modules/iot': ['iot'],
};
const SCHEMA = `${SERVER}db/schema/`;
// Test files and harnesses set up and check any table (they also use the whole schema, db/schema/index).
const NOT_RUN_BY_THE_SERVER = [...TEST_ONLY.slice(0, 3), '^packages/server/src/security/'];

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
      name: 'schema-barrel-is-db-layer',
      comment:
        "db/schema/index is the whole schema, for the db layer (client, migrations, backup) and test harnesses. Server code imports the schema files of the tables its area owns (db/schema/README.md) and reads another's through db/read-models/.",
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}db/`, ...NOT_RUN_BY_THE_SERVER] },
      to: { path: `${SCHEMA}index\\.ts$` },
    },
    ...Object.entries(SCHEMA_OWNERS).map(([owner, files]) => ({
      name: 'schema-owner',
      comment: `${owner} owns db/schema/{${files.join(',')}}.ts and imports no other schema file: it reads another area's tables through db/read-models/ and changes them through their owner (db/schema/README.md).`,
      severity: 'error',
      from: { path: `${SERVER}${owner}/`, pathNot: NOT_RUN_BY_THE_SERVER },
      to: { path: SCHEMA, pathNot: [`${SCHEMA}(${files.join('|')})\\.ts$`, `${SCHEMA}index\\.ts$`] },
    })),
    {
      name: 'schema-owner',
      comment:
        'Server code outside the db layer and the owners of db/schema/README.md owns no table: it reads through db/read-models/ and changes a table through its owner.',
      severity: 'error',
      from: {
        path: SERVER,
        pathNot: [`${SERVER}db/`, ...Object.keys(SCHEMA_OWNERS).map((owner) => `${SERVER}${owner}/`), ...NOT_RUN_BY_THE_SERVER],
      },
      to: { path: SCHEMA, pathNot: `${SCHEMA}index\\.ts$` },
    },
    {
      name: 'read-models-are-db',
      comment: 'A read model is a table of the db layer offered for reading; it imports only db/schema, never a module.',
      severity: 'error',
      from: { path: `${SERVER}db/read-models/`, pathNot: TEST },
      to: { path: SERVER, pathNot: SCHEMA },
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
      name: 'domain-is-pure',
      comment:
        'packages/domain is pure rules and schemas that the server, the console and the simulator all run: it imports no Node built-in (the console runs in a browser).',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'domain-knows-no-workspace',
      comment: 'Every other workspace builds on packages/domain; it imports none of them, so its rules never depend on how one of them runs.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: WORKSPACE('server|web|simulator|agent') },
    },
    {
      name: 'console-knows-no-server',
      comment:
        "The console reaches the server only over HTTP and the live socket, and shares with it only packages/domain; importing the server's or the simulator's code would ship it to the browser.",
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: WORKSPACE('server|simulator|agent') },
    },
    {
      name: 'simulator-knows-no-server',
      comment: 'The simulator is a device: it talks to the server only through the agent protocol (packages/domain), never through its code.',
      severity: 'error',
      from: { path: '^packages/simulator/', pathNot: TEST },
      to: { path: WORKSPACE('server') },
    },
    {
      name: 'simulator-tests-use-the-server-harness',
      comment:
        "The simulator's fleet tests run devices against the real server: they start it with its test harness (test/build, test/agent-client) and check what it stored and sent (db/schema, bus/topics). Nothing else of the server.",
      severity: 'error',
      from: { path: '^packages/simulator/.*\\.test\\.ts$' },
      to: {
        path: WORKSPACE('server'),
        pathNot: '^packages/server/src/(test/(build|agent-client)|bus/topics|db/schema/index)\\.ts$',
      },
    },
    {
      name: 'agent-knows-no-server',
      comment:
        "The Linux agent is a device: it talks to the server only through the agent protocol (packages/domain, the simulator's protocol client), never through its code.",
      severity: 'error',
      from: { path: '^packages/agent/', pathNot: ['\\.test\\.ts$', '^packages/agent/src/test/'] },
      to: { path: WORKSPACE('server') },
    },
    {
      name: 'agent-tests-use-the-server-harness',
      comment:
        "The agent's labs run it against the real server started with its test harness, and look at what it stored (db/schema). Nothing else of the server.",
      severity: 'error',
      from: { path: ['^packages/agent/.*\\.test\\.ts$', '^packages/agent/src/test/'] },
      to: { path: WORKSPACE('server'), pathNot: '^packages/server/src/(test/(build|agent-client)|db/schema/index)\\.ts$' },
    },
    {
      name: 'sdk-stands-alone',
      comment:
        "The RUM SDK runs in tenants' pages within 10 kB gzipped: it bundles nothing of another workspace (its tests may check its beacons against the domain's schema).",
      severity: 'error',
      from: { path: '^packages/rum-sdk/', pathNot: TEST },
      to: { path: WORKSPACE('domain|server|web|simulator|agent') },
    },
    {
      name: 'routes-use-services',
      comment: 'A route file is thin: it parses the request and calls its service; SQL and what it returns stay behind the service, in the repos.',
      severity: 'error',
      from: { path: [`${SERVER}modules/[^/]+/routes\\.ts$`, `${SERVER}modules/[^/]+/[^/]+-routes\\.ts$`] },
      to: { path: '[/-]repo\\.ts$' },
    },
    {
      name: 'e2e-drives-the-product',
      comment:
        "Journeys use the product the way a user and a device do: through the browser, HTTP and the simulator's command line, never by importing the server's, the console's or the simulator's code.",
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: WORKSPACE('server|web|simulator') },
    },
    {
      name: 'no-non-package-json',
      comment:
        'Every package a workspace imports is declared in its package.json (bench/ and e2e/ belong to the root\'s): an undeclared one works only while another workspace happens to pull it in. Workspaces count too (`@netloom/domain`: "0.1.0").',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      comment:
        "What a workspace runs comes from its own dependencies; devDependencies (the root's test and build tools) are for tests, harnesses and type-only imports.",
      severity: 'error',
      // Declaration files (.d.ts) only describe types; they never run.
      from: { path: '^packages/[^/]+/src/', pathNot: [...TEST_ONLY, '\\.d\\.ts$'] },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['npm', 'type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: "An import that resolves to no file is a typo or a package that is not installed (Vite's virtual: modules are made at build time).",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
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
    // Packages are checked (declared, resolvable) but not cruised into.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^packages/[^/]+/dist/', '/db/migrations/'] },
    // A workspace imported by its package name stays node_modules/@netloom/<name>/… rather than its real path, so it
    // is checked against the importer's package.json like any package (no-non-package-json).
    preserveSymlinks: true,
    // The root's package.json counts for every workspace: its devDependencies are the test and build tools they share.
    combinedDependencies: true,
    // Type-only imports count: they couple files just as much.
    tsPreCompilationDeps: true,
    // The console's import aliases (@/, @dev/) come from its tsconfig.
    tsConfig: { fileName: `${__dirname}/packages/web/tsconfig.json` },
    enhancedResolveOptions: {
      // Type-only packages (@types/geojson, vite-plugin-pwa/vanillajs) resolve to their declarations, as for tsc.
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['main', 'types', 'typings'],
    },
  },
};
