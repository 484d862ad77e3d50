// Shared by the load benchmarks: start the API (or a bare Fastify server) as a child process on
// this machine, and summarise latencies.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ensureApiBuilt } from '../scripts/lib.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `pid`: the spawned process (the API's own, or tsx's whose child runs the bare server). */
export type Server = { url: string; pid: number | undefined; stop(): void };

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/**
 * apps/api/src/main.ts on `port`, against `databaseUrl` (undefined: the embedded database under
 * env.DATA_DIR); `env` adds or overrides variables.
 */
export async function startApi(databaseUrl: string | undefined, port: string, env: Record<string, string> = {}): Promise<Server> {
  // What production runs: the esbuild build (made when older than the sources); BENCH_NODE_FLAGS
  // adds flags of node's own (a V8 setting tried against the same code).
  ensureApiBuilt();
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'apps/api/dist/main.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: port,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // Scheduled jobs are not what is measured: their runs (and retries against an unreachable
      // exchange-rate service) would take CPU in the middle of a route's figures.
      CURRENCY_QUOTES_REFRESH_MINUTES: '0',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      OVERDUE_SWEEP_INTERVAL_MINUTES: '0',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child);
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** The ceilings (bench/bare-server.ts): a Fastify route answering a constant and, with `env.BENCH_SQL_FILE`, one running a route's SQL through pg. */
export async function startBareServer(port: string, env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bench/bare-server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: port, ...env },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/bare`, child);
  return { url, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** Resident memory of a process, in MB (Linux's /proc); `peak`: the most since `resetPeakResident`. */
export function residentMb(pid: number | undefined, peak = false): number {
  if (!pid) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${peak ? 'VmHWM' : 'VmRSS'}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN) / 1024;
}

export function resetPeakResident(pid: number | undefined) {
  if (pid) writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : Number.NaN;
}

/** apps/web built into `temp`/web for a bench (`BENCH_WEB_DIST` reuses a build); returns the folder. */
export function buildWeb(temp: string): string {
  if (process.env.BENCH_WEB_DIST) return process.env.BENCH_WEB_DIST;
  const outDir = join(temp, 'web');
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web build failed');
  return outDir;
}

/** Debian's Chromium (`CHROMIUM_PATH`) headless, with this machine's closed network left alone. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}
