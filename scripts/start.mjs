// `npm start`: install what is missing, build, and serve web + API on one port.
import { spawn } from 'node:child_process';
import { ensureApiBuilt, ensureInstalled, ensureWebBuilt, ROOT } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
ensureApiBuilt();

const server = spawn(process.execPath, ['apps/api/dist/main.mjs'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', SEED_SAMPLE_CRM: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
