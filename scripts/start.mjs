// `npm start`: install what is missing, build, and serve web + API on one port.
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, ROOT } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', SEED_SAMPLE_CRM: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
