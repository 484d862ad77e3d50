// The production build run as separate processes, through real HTTP: an API process and a worker
// starting at once on an empty database (one migrates and seeds, the other waits for it), the
// worker serving only the probes while it runs the jobs the API process enqueues, and an API
// process's graceful shutdown (readiness fails at once, a request in flight still completes, then
// it exits). Needs a PostgreSQL server (TEST_DATABASE_URL): api and worker refuse the embedded one.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrismaClient } from '@app/db';
import { query, withDatabase } from '@app/db/admin';
import { migrationsDir } from '@app/db/migrate';
import { DEMO } from '@app/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { type ReceivedMail, startSmtpSink } from '../smtp-sink';

const serverUrl = process.env.TEST_DATABASE_URL;
const DRAIN_MS = 2000;

type Proc = { child: ChildProcess; output: string[]; url: Promise<string>; exit: Promise<number | null> };

/** One process of the build; `url` resolves once it listens (PORT=0: the port it logs). */
function start(main: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, [main], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    let partial = '';
    child.stdout?.on('data', (chunk) => {
      const lines = (partial + String(chunk)).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        output.push(line);
        const listening = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(line);
        if (listening?.[1]) resolve(listening[1]);
      }
    });
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    void exit.then((code) => reject(new Error(`exited with ${code} before listening:\n${output.join('\n')}`)));
  });
  return { child, output, url, exit };
}

async function status(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5000) })).status;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
  }
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!serverUrl)('the build as an API process and a worker on one database', () => {
  const name = `app_roles_${randomUUID().replaceAll('-', '')}`;
  // A skipped describe's body still runs at collection: nothing here may need the server.
  const databaseUrl = serverUrl ? withDatabase(serverUrl, name) : '';
  let dist: string;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let api: Proc;
  let worker: Proc;
  let apiUrl: string;
  let workerUrl: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'api-dist-'));
    execFileSync(process.execPath, [join(REPO_ROOT, 'apps/api/scripts/build.mjs'), dist], { stdio: 'inherit' });
    sink = await startSmtpSink();
    await query(serverUrl as string, `CREATE DATABASE "${name}"`);
    const env = {
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? '',
      SMTP_URL: sink.url,
      JWT_SECRET: 'roles-secret-roles-secret-roles-secret-0123456789',
      APP_URL: 'http://127.0.0.1:3000',
      DATA_DIR: join(dist, 'data'),
      SEED_SAMPLE_CRM: 'false',
      CURRENCY_QUOTES_REFRESH_MINUTES: '0',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      OVERDUE_SWEEP_INTERVAL_MINUTES: '0',
      EXCHANGE_RATE_API_URL: 'http://127.0.0.1:9/json',
    };
    // At once, on a database without a single table.
    api = start(join(dist, 'main.mjs'), { ...env, APP_ROLE: 'api', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
    worker = start(join(dist, 'main.mjs'), { ...env, APP_ROLE: 'worker' });
    [apiUrl, workerUrl] = await Promise.all([api.url, worker.url]);
  }, 120_000);

  afterAll(async () => {
    for (const p of [api, worker]) if (p && p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all([api?.exit, worker?.exit]);
    await sink?.close();
    await query(serverUrl as string, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  it('both come up on the empty database, which is migrated and seeded once', async () => {
    expect(await status(`${apiUrl}/readyz`)).toBe(200);
    expect(await status(`${workerUrl}/readyz`)).toBe(200);
    const migrations = readdirSync(migrationsDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    const applied = await query<{ migration_name: string; finished: boolean }>(
      databaseUrl,
      'SELECT migration_name, finished_at IS NOT NULL AS finished FROM _prisma_migrations',
    );
    expect(applied.map((m) => m.migration_name).sort()).toEqual(migrations.map((e) => e.name).sort());
    expect(applied.every((m) => m.finished)).toBe(true);
    const companies = await query<{ name: string; n: number }>(databaseUrl, 'SELECT name, count(*)::int AS n FROM companies GROUP BY name');
    expect(companies.filter((c) => Object.values(DEMO.companies).includes(c.name as never))).toHaveLength(3);
    expect(companies.filter((c) => c.n > 1)).toEqual([]);
    expect(await query(databaseUrl, 'SELECT name FROM plans GROUP BY name HAVING count(*) > 1')).toEqual([]);
  });

  it('the worker serves only /healthz and /readyz, and runs the jobs the API process enqueues', async () => {
    expect(await status(`${workerUrl}/healthz`)).toBe(200);
    for (const path of ['/', '/api/profile', '/api/openapi.json', '/api/docs', '/trpc/auth.login', '/dev/outbox'])
      expect(await status(`${workerUrl}${path}`), path).toBe(404);
    const login = await fetch(`${workerUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.users.owner, password: DEMO.password }),
    });
    expect(login.status).toBe(404);

    // A mail is a job: the API process answers and enqueues it, the worker sends it.
    const forgot = await fetch(`${apiUrl}/api/forgot/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.users.colaborador }),
    });
    expect(forgot.status).toBe(200);
    const mail = await until('the reset mail', async () => sink.received.find((m: ReceivedMail) => m.to === DEMO.users.colaborador));
    expect(mail.text).toContain('http://127.0.0.1:3000/definir-senha/');
  });

  it('SIGTERM: /readyz answers 503 at once, a request in flight completes, then the API process exits 0', async () => {
    const login = await fetch(`${apiUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.users.owner, password: DEMO.password }),
    });
    const { token } = (await login.json()) as { token: string };

    // The request in flight: the profile reads the users table, which the test holds locked.
    const db = createPrismaClient(databaseUrl, { max: 2 });
    let unlock = () => {};
    let transaction: Promise<unknown> = Promise.resolve();
    const locked = new Promise<void>((resolve, reject) => {
      transaction = db
        .$transaction(
          async (tx) => {
            await tx.$executeRaw`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`;
            resolve();
            await new Promise<void>((release) => {
              unlock = release;
            });
          },
          { timeout: 60_000 },
        )
        .catch(reject);
    });
    try {
      await locked;
      let settled = false;
      const slow = fetch(`${apiUrl}/api/profile`, { headers: { authorization: `Bearer ${token}` } }).finally(() => {
        settled = true;
      });
      await until('the profile request waiting on the lock', async () => {
        const waiting = await db.$queryRaw<unknown[]>`
          SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        return waiting.length > 0;
      });

      const signalled = Date.now();
      api.child.kill('SIGTERM');
      await until('/readyz 503', async () => (await status(`${apiUrl}/readyz`)) === 503);
      expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);
      // Liveness is another question: the process is still fine.
      expect(await status(`${apiUrl}/healthz`)).toBe(200);

      // After the drain it takes no new request, but waits for the one in flight.
      await until('the server to stop taking requests', async () => {
        const answer = await status(`${apiUrl}/healthz`);
        return answer !== 200 && answer;
      });
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(settled).toBe(false);
      expect(api.child.exitCode).toBeNull();

      unlock();
      const res = await slow;
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { email: string } }).user.email).toBe(DEMO.users.owner);
    } finally {
      unlock();
      await transaction;
      await db.$disconnect();
    }
    expect(await api.exit).toBe(0);
    expect(api.output.some((line) => line.includes('"msg":"shutting down"'))).toBe(true);
  });

  it('SIGTERM: the worker exits 0', async () => {
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
  });
});
