// Runs `prisma generate` offline: generate never calls the schema engine, but the CLI
// insists the binary exists, so point it at any executable (docs/decisions/0007-own-migration-tool.md: the engine cannot be downloaded here).
// The schema's other generator, prisma-kysely, is a command Prisma looks up on the PATH, so the
// package's own bin folder goes first (a script run with plain `node` has no bin folder on it).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { delimiter, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');
execFileSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  cwd: resolve(here, '..'),
  env: {
    ...process.env,
    PATH: [resolve(here, '../node_modules/.bin'), process.env.PATH].filter(Boolean).join(delimiter),
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
