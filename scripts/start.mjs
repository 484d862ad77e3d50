// `npm start`: install what is missing, build, and serve web + API on one port.
import { ensureApiBuilt, ensureInstalled, ensureWebBuilt, ROOT } from './lib.mjs';
import { supervise } from './supervise.mjs';

ensureInstalled();
ensureWebBuilt();
ensureApiBuilt();

// Supervised: a crash restarts the server instead of ending the app (scripts/supervise.mjs).
const server = supervise(process.execPath, ['apps/api/dist/main.mjs'], {
  cwd: ROOT,
  env: { NODE_ENV: 'production', SEED_SAMPLE_CRM: 'true', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void server.stop(signal));
server.done.then((code) => process.exit(code));
