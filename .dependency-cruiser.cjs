// Import rules of the repository, checked by `npm run deps` (whose arguments list the folders
// cruised) and by apps/api/test/dependencies.test.ts, so `npm test` and CI fail on a violation.
// Paths are relative to the repository root.

/** The transports: a service that knows them cannot be called from a job, a script or another transport. */
const TRANSPORT = 'node_modules/(fastify|@fastify|@trpc|trpc-to-openapi)/';

/** Services: the domain modules and the platform adapters, but not the adapters to a transport nor tests. */
const SERVICES = { path: '^apps/api/src/(modules|platform)/', pathNot: '(\\.procedures|\\.routes|\\.test)\\.ts$' };

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that load each other (type-only imports included) cannot be understood, tested or moved apart.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'service-uses-transport',
      severity: 'error',
      comment:
        'A service imports Fastify or tRPC, directly or through the modules it imports (an errors module built on TRPCError, say), types included. Services take plain arguments and throw AppError; procedures (*.procedures.ts) and plain routes (*.routes.ts) adapt them to a transport.',
      from: SERVICES,
      to: { path: TRANSPORT, reachable: true },
    },
    {
      name: 'web-imports-api-at-run-time',
      severity: 'error',
      comment:
        "The web app imports the API's code. Only types may cross (`import type { AppRouter } from '@app/api/router'`); shared code belongs in packages/shared.",
      from: { path: '^apps/web/src/' },
      to: { path: '^apps/api/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: ['(^|/)node_modules/', '^packages/db/src/generated/'] },
    exclude: { path: ['(^|/)dist/', '(^|/)test-results/', '(^|/)playwright-report/'] },
    // Type-only imports are dependencies too: they are what the cycle rule and the web rule look at.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: false,
  },
};
