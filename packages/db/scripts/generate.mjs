// Runs `prisma generate` offline: generate never calls the schema engine, but the CLI
// insists the binary exists, so point it at any executable (see docs/environment.md).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const cli = require.resolve('prisma/build/index.js');
execFileSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  cwd: resolve(here, '..'),
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
