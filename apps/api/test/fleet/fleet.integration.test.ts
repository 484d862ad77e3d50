// The fleet: two API processes and two workers on one PostgreSQL and one Redis, under a bounded
// mixed load through both APIs, one API and one worker killed with SIGKILL in the middle. Then:
// every request was answered, or refused by the dead process only; every acknowledged write is a
// row exactly once and every cut one at most once; every agency's owner that is a row (acknowledged,
// or cut by the kill after its commit) got its e-mail, one message (the job is recorded with the
// row: an outbox); the same message twice only from the killed worker (accepted by SMTP, not yet
// recorded), counted; the survivors are healthy. Needs a PostgreSQL server and Redis (TEST_DATABASE_URL, REDIS_URL), as CI has.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO } from '@app/db/seed';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { WORKER_CONCURRENCY } from '../../src/platform/jobs';
import { type ReceivedMail, startSmtpSink } from '../smtp-sink';

const SECONDS = Number(process.env.FLEET_SECONDS ?? 60);
const KILL_AT_MS = (SECONDS * 1000) / 2;
const CONCURRENCY = 8;
const services = !!process.env.TEST_DATABASE_URL && !!process.env.REDIS_URL;

type Proc = { name: string; role: 'api' | 'worker'; port: number; child: ChildProcess; output: string[]; killedAt?: number };
type Outcome = { api: string; kind: string; key?: string; started: number; ended?: number; status?: number; error?: string };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(main: string, name: string, role: 'api' | 'worker', env: Record<string, string>, port: number): Proc {
  const child = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, APP_ROLE: role, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  return { name, role, port, child, output };
}

async function ready(proc: Proc, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited: ${proc.output.join('')}`);
    const res = await fetch(`http://127.0.0.1:${proc.port}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${proc.name} not ready: ${proc.output.join('')}`);
}

function queueNameOf(url: string): string {
  const u = new URL(url);
  return `jobs-${u.hostname}-${u.port || '5432'}-${u.pathname.slice(1) || 'postgres'}`;
}

describe.skipIf(!services)('the fleet: 2 APIs and 2 workers, one of each killed mid-load', () => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let events: QueueEvents;
  const procs: Proc[] = [];
  const stalled: string[] = [];
  let dist: string;

  beforeAll(async () => {
    // The production build, as the fleet runs it.
    dist = await mkdtemp(join(tmpdir(), 'fleet-dist-'));
    execFileSync(process.execPath, [join(REPO_ROOT, 'apps/api/scripts/build.mjs'), dist], { stdio: 'inherit' });
    database = await createTestDatabase();
    sink = await startSmtpSink();
    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL as string,
      SMTP_URL: sink.url,
      JWT_SECRET: 'fleet-secret-fleet-secret-fleet-secret-0123456789',
      APP_URL: 'http://127.0.0.1:3999',
      LOGIN_RATE_LIMIT: '100000',
      SEED_DEMO: 'false',
      CURRENCY_QUOTES_REFRESH_MINUTES: '0',
      FOLLOW_UP_INTERVAL_MINUTES: '0',
      OVERDUE_SWEEP_INTERVAL_MINUTES: '0',
      EXCHANGE_RATE_API_URL: 'http://127.0.0.1:9/json',
      DATA_DIR: join(tmpdir(), `fleet-${randomUUID()}`),
    };
    events = new QueueEvents(queueNameOf(database.url), { connection: { url: process.env.REDIS_URL, maxRetriesPerRequest: null } });
    events.on('stalled', ({ jobId }) => stalled.push(jobId));
    await events.waitUntilReady();
    for (const [name, role] of [
      ['api-1', 'api'],
      ['api-2', 'api'],
      ['worker-1', 'worker'],
      ['worker-2', 'worker'],
    ] as const)
      procs.push(start(join(dist, 'main.mjs'), name, role, env, await freePort()));
    await Promise.all(procs.map((p) => ready(p)));
  }, 300_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && !p.child.killed) p.child.kill('SIGTERM');
    await Promise.all(
      procs.map((p) => (p.child.exitCode !== null || p.child.signalCode ? null : new Promise((r) => p.child.once('exit', r)))),
    );
    await events?.close();
    await sink?.close();
    await database?.drop();
    if (dist) await rm(dist, { recursive: true, force: true });
  }, 60_000);

  it(
    'answers every request or refuses it from the dead process only; loses and doubles nothing; mails once',
    async () => {
      const [api1, api2, worker1, worker2] = procs as [Proc, Proc, Proc, Proc];
      const base = (p: Proc) => `http://127.0.0.1:${p.port}`;
      const login = async (email: string) => {
        const res = await fetch(`${base(api1)}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO.password }),
        });
        return ((await res.json()) as { token: string }).token;
      };
      const root = await login(DEMO.users.superAdmin);
      const owner = await login(DEMO.users.admin);
      const run = randomUUID().slice(0, 8);
      const outcomes: Outcome[] = [];
      const t0 = Date.now();

      async function request(api: Proc, kind: string, init: { path: string; token: string; body?: unknown; key?: string }) {
        const outcome: Outcome = { api: api.name, kind, key: init.key, started: Date.now() };
        outcomes.push(outcome);
        try {
          const res = await fetch(`${base(api)}${init.path}`, {
            method: init.body ? 'POST' : 'GET',
            headers: { authorization: `Bearer ${init.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
            body: init.body ? JSON.stringify(init.body) : undefined,
            signal: AbortSignal.timeout(15_000),
          });
          await res.arrayBuffer();
          outcome.status = res.status;
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause;
          outcome.error = cause?.code ?? (error as Error).name;
        }
        outcome.ended = Date.now();
      }

      let n = 0;
      async function loop(lane: number) {
        while (Date.now() - t0 < SECONDS * 1000) {
          const i = n++;
          const api = (i + lane) % 2 === 0 ? api1 : api2;
          const step = i % 10;
          if (step < 4) await request(api, 'profile', { path: '/api/profile', token: owner });
          else if (step === 4) await request(api, 'clients', { path: '/api/clients?page=1', token: owner });
          else if (step === 5) await request(api, 'companies', { path: '/api/admin/companies?page=1', token: root });
          else if (step < 9) {
            const key = `Cliente Frota ${run} ${i}`;
            await request(api, 'client', { path: '/api/clients', token: owner, key, body: { kind: 'person', name: key } });
          } else {
            const key = `dono-${run}-${i}@frota.test`;
            const body = { company: { name: `Agência Frota ${run} ${i}` }, owner: { name: `Dono ${i}`, email: key } };
            await request(api, 'company', { path: '/api/companies', token: root, key, body });
          }
        }
      }
      const killer = setTimeout(() => {
        for (const p of [api1, worker1]) {
          p.killedAt = Date.now();
          p.child.kill('SIGKILL');
        }
      }, KILL_AT_MS);
      await Promise.all(Array.from({ length: CONCURRENCY }, (_, lane) => loop(lane)));
      clearTimeout(killer);
      const killedAt = api1.killedAt as number;
      expect(killedAt, 'the kill happened during the load').toBeGreaterThan(t0);

      // Answered: every response is a success. Failed: only requests to the killed API, in flight at the kill or after it.
      const answered = outcomes.filter((o) => o.status !== undefined);
      const failed = outcomes.filter((o) => o.status === undefined);
      const serverErrors = procs.flatMap((p) =>
        p.output
          .join('')
          .split('\n')
          .filter((line) => line.includes('"level":50')),
      );
      expect(
        answered.filter((o) => (o.status as number) >= 300).map((o) => `${o.api} ${o.kind} ${o.status}`),
        serverErrors.join('\n'),
      ).toEqual([]);
      expect(failed.filter((o) => o.api !== api1.name || (o.ended as number) < killedAt)).toEqual([]);
      const refused = failed.filter((o) => o.error === 'ECONNREFUSED');
      const cut = failed.filter((o) => o.error !== 'ECONNREFUSED');

      const writes = (kind: string) => ({
        acknowledged: answered.filter((o) => o.kind === kind).map((o) => o.key as string),
        cut: cut.filter((o) => o.kind === kind).map((o) => o.key as string),
      });
      const clients = writes('client');
      const companies = writes('company');

      const db = database.prisma;
      const owners = await db.user.findMany({
        where: { email: { endsWith: '@frota.test', startsWith: `dono-${run}-` } },
        select: { email: true },
      });
      const ownerSet = new Set(owners.map((o) => o.email));
      for (const key of companies.acknowledged) expect(ownerSet.has(key), key).toBe(true);

      // Every job done: each owner that is a row got the registration mail (the worker killed
      // mid-job hands its jobs back through BullMQ's stalled-job check; the API killed after a
      // commit left its job in the outbox, which a worker hands over).
      const until = Date.now() + 150_000;
      const mailsOf = (to: string) => sink.received.filter((m: ReceivedMail) => m.to === to);
      while (Date.now() < until && owners.some((o) => mailsOf(o.email).length === 0)) await new Promise((r) => setTimeout(r, 500));
      // Late duplicates would come from a job run twice: give them time to show.
      await new Promise((r) => setTimeout(r, 5_000));
      await sink.settled();

      const clientRows = await db.client.groupBy({ by: ['name'], where: { name: { startsWith: `Cliente Frota ${run}` } }, _count: true });
      const clientCount = new Map(clientRows.map((r) => [r.name, r._count]));
      for (const key of clients.acknowledged) expect(clientCount.get(key), key).toBe(1);
      for (const key of clients.cut) expect(clientCount.get(key) ?? 0, key).toBeLessThanOrEqual(1);
      expect(clientRows.length).toBeLessThanOrEqual(clients.acknowledged.length + clients.cut.length);

      // Each mail is one message (one Message-ID, made from the job's effect): a second message to
      // the same owner would be a job done twice. The same message twice can only come from the
      // killed worker: a mail the SMTP server had accepted but the worker had not yet recorded as
      // sent goes out again from the job's retry, identical, and a mailbox shows it once. At most
      // the jobs that worker ran at once (its concurrency) can be caught so.
      const messagesTo = (to: string) => new Set(mailsOf(to).map((m) => m.messageId)).size;
      for (const { email } of owners) expect(messagesTo(email), email).toBe(1);
      for (const key of companies.cut.filter((k) => !ownerSet.has(k))) expect(messagesTo(key), key).toBe(0);
      const fleetMails = sink.received.filter((m: ReceivedMail) => m.to.endsWith('@frota.test'));
      const redelivered = fleetMails.length - new Set(fleetMails.map((m) => m.messageId)).size;
      expect(redelivered, 'the same message again, from the killed worker only').toBeLessThanOrEqual(WORKER_CONCURRENCY);

      // The survivors are healthy and serve.
      for (const p of [api2, worker2]) expect((await fetch(`${base(p)}/readyz`)).status, p.name).toBe(200);
      expect((await fetch(`${base(api2)}/api/profile`, { headers: { authorization: `Bearer ${owner}` } })).status).toBe(200);

      const figures = {
        seconds: SECONDS,
        requests: outcomes.length,
        answered: answered.length,
        refused_by_dead_api: refused.length,
        cut_by_kill: cut.length,
        rows_acknowledged: clients.acknowledged.length + companies.acknowledged.length,
        jobs_mailed: fleetMails.length,
        jobs_stalled_and_taken_over: stalled.length,
        kills: 2,
        cut_but_committed: companies.cut.filter((k) => ownerSet.has(k)).length,
        lost: owners.filter((o) => messagesTo(o.email) === 0).length,
        doubled: owners.filter((o) => messagesTo(o.email) > 1).length,
        redelivered_at_the_kill: redelivered,
      };
      console.log(`fleet figures ${JSON.stringify(figures)}`);
    },
    (SECONDS + 240) * 1000,
  );
});
