// Shared by `npm start` and `npm test`: only Node.js and npm are assumed on the machine.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = ['-y', 'pnpm@10.34.8'];

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts, env: { ...process.env, ...opts.env } });
  if (res.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

export function pnpm(args, opts) {
  run('npx', [...PNPM, ...args], opts);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** pnpm (through npx) installs the workspace when node_modules is missing or stale. */
export function ensureInstalled() {
  const marker = join(ROOT, 'node_modules/.modules.yaml');
  const lock = join(ROOT, 'pnpm-lock.yaml');
  if (!existsSync(marker) || statSync(lock).mtimeMs > statSync(marker).mtimeMs) {
    console.log('▸ Instalando dependências (pnpm install)…');
    pnpm(['install', '--frozen-lockfile']);
  }
}

/**
 * Builds the API (apps/api/dist) when missing or older than the workspace code it bundles or the
 * installed packages it points at.
 */
export function ensureApiBuilt() {
  const dist = join(ROOT, 'apps/api/dist/main.mjs');
  const inputs = ['apps/api/src', 'apps/api/scripts', 'packages/shared/src', 'packages/db/src', 'pnpm-lock.yaml'];
  const sources = Math.max(...inputs.map((path) => newestMtime(join(ROOT, path))));
  if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
    console.log('▸ Gerando o build da API (esbuild)…');
    run(process.execPath, ['apps/api/scripts/build.mjs']);
  }
}

/** Builds the web app when dist is missing or older than its sources. */
export function ensureWebBuilt(force = false) {
  const dist = join(ROOT, 'apps/web/dist/index.html');
  const sources = Math.max(newestMtime(join(ROOT, 'apps/web')), newestMtime(join(ROOT, 'packages/shared/src')));
  if (force || !existsSync(dist) || statSync(dist).mtimeMs < sources) {
    console.log('▸ Gerando o build do app web (vite build)…');
    pnpm(['--filter', '@app/web', 'run', 'build']);
  }
}
