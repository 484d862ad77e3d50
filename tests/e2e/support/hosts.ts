// A second server for the subdomain journeys: BASE_DOMAIN=agencia.test, its main host
// http://agencia.test:{port}, on a free port, with its own embedded database (or CI's PostgreSQL,
// shared with the main server). Chromium reaches *.agencia.test through a host-resolver rule that
// maps those names to 127.0.0.1; Node (the API calls) uses 127.0.0.1 itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const BASE_DOMAIN = 'agencia.test';

/** Chromium's flag: agencia.test and every name under it on this machine. */
export const HOST_RESOLVER_RULES = `--host-resolver-rules=MAP *.${BASE_DOMAIN} 127.0.0.1, MAP ${BASE_DOMAIN} 127.0.0.1`;

export type HostsServer = {
  /** The main host, `http://agencia.test:{port}`. */
  main: string;
  /** An agency's address, `http://{name}.agencia.test:{port}`. */
  sub(name: string): string;
  /** The same server for Node's requests. */
  api: string;
  stop(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

async function waitHealthy(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the subdomain server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the subdomain server did not answer ${url} in ${timeoutMs} ms`);
}

export async function startHostsServer(): Promise<HostsServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agencia-crm-e2e-hosts-'));
  const main = `http://${BASE_DOMAIN}:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: main,
      BASE_DOMAIN,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  });
  const api = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${api}/healthz`, server, 280_000);
  } catch (error) {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    main,
    api,
    sub: (name) => `http://${name}.${BASE_DOMAIN}:${port}`,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
