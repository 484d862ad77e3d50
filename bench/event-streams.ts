// What open live-screen streams (GET /api/events) cost the other requests: the attendances list's
// p95 under load with no stream open, then with BENCH_STREAMS (200) open streams of the same agency
// reading every change, in one run and with the same writer committing BENCH_CHANGES_PER_SECOND (20)
// changes of that agency meanwhile (each one a message to every stream; the streams and the writer
// run in bench/event-streams-clients.ts). Beside them, the machine's ceilings measured in the same
// run: a bare Fastify route, and the list's own SQL through pg alone.
//
//   psql -U postgres -h 127.0.0.1 -c 'CREATE DATABASE bench_events'      # once
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_events npx tsx bench/event-streams.ts
//
// Starts the API (the build, apps/api/dist/main.mjs: migrations, demo agencies with their sample CRM)
// on BENCH_PORT unless BENCH_URL points at a running one. BENCH_DURATION (s, default 15),
// BENCH_CONNECTIONS (50).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createPrismaClient } from '@app/db';
import { DEMO } from '@app/db/seed';
import { DEFAULT_PAGE_SIZE } from '@app/shared/constants';
import { listAttendances } from '../apps/api/src/modules/attendances/attendances.service';
import { sqlTracer, writeCeilingStatements } from './captured-sql';
import { ROOT as root, startApi, startBareServer } from './lib';
import { loadAverage, loadTool, measure, signIn } from './load';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.match(/\/bench_[a-z0-9_]+$/)) throw new Error('Set DATABASE_URL to a bench_* database (see the top of this file)');
const duration = Number(process.env.BENCH_DURATION ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const streamCount = Number(process.env.BENCH_STREAMS ?? 200);
const changesPerSecond = Number(process.env.BENCH_CHANGES_PER_SECOND ?? 20);
const LIST = '/api/attendances?page=1';

const server = process.env.BENCH_URL
  ? undefined
  : await startApi(databaseUrl, process.env.BENCH_PORT ?? '39875', {
      SEED_DEMO: 'true',
      SEED_SAMPLE_CRM: 'true',
      LOGIN_RATE_LIMIT: '100000',
    });
const base = process.env.BENCH_URL ?? (server as NonNullable<typeof server>).url;
const tokens = await signIn(base, [DEMO.users.owner, DEMO.users.admin, DEMO.users.colaborador], DEMO.password);

const db = createPrismaClient(databaseUrl);
const [company] = await db.$queryRaw<{ id: number }[]>`SELECT id FROM companies WHERE name = ${DEMO.companies.demo}`;
if (!company) throw new Error('no demo agency');
const clientIds = (await db.$queryRaw<{ id: number }[]>`SELECT id FROM clients WHERE company_id = ${company.id} ORDER BY id LIMIT 50`).map(
  (r) => r.id,
);
if (clientIds.length === 0) throw new Error('the demo agency has no clients (SEED_SAMPLE_CRM)');

// The list's own statements, captured from Prisma with their parameters, for the SQL ceiling.
const { client: traced, capture } = sqlTracer(databaseUrl);
const sqlFile = writeCeilingStatements('event-streams-list-sql.json', {
  list: await capture(() => listAttendances(traced, company.id, { page: 1, per_page: DEFAULT_PAGE_SIZE })),
});
await traced.$disconnect();

type ClientFigures = { written: number; received: { min: number; max: number }; ended: number };

/**
 * The streams and the writer (bench/event-streams-clients.ts) in a process of their own, since wrk
 * blocks this one while it runs; resolves once they are going, with what stops them.
 */
async function startClients(streams: number) {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'bench/event-streams-clients.ts')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_BASE: base,
      BENCH_TOKENS: JSON.stringify(tokens),
      BENCH_CLIENT_IDS: JSON.stringify(clientIds),
      BENCH_STREAMS: String(streams),
      BENCH_CHANGES_PER_SECOND: String(changesPerSecond),
    },
  });
  const lines = createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the stream clients exited (${code})`)));
    });
  const ready = await next();
  if (ready !== 'ready') throw new Error(`the stream clients said ${ready}`);
  return {
    async stop(): Promise<ClientFigures> {
      const figures = next();
      child.stdin.write('stop\n');
      return JSON.parse(await figures) as ClientFigures;
    },
  };
}

const header = `${'scenario'.padEnd(36)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}`;
const rows = [`load average at start ${loadAverage()}`];
const print = (name: string, r: { p50: number; p95: number; p99: number; rps: number; errors: number }) => {
  const cells = [r.p50, r.p95, r.p99].map((v) => v.toFixed(1).padStart(8)).join(' ');
  const line = `${name.padEnd(36)} ${cells} ${r.rps.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}`;
  console.log(line);
  rows.push(line);
};
const run = (origin: string, path: string, seconds: number) => measure({ origin, paths: [path], tokens, connections, seconds });

console.log(
  `\n${loadTool}, ${connections} connections, ${duration}s per scenario, ${changesPerSecond} changes/s, ${base}, load average ${loadAverage()}\n${header}`,
);
const bare = await startBareServer(process.env.BENCH_BARE_PORT ?? '39876', { BENCH_SQL_FILE: sqlFile, DATABASE_URL: databaseUrl });
for (const [name, path] of [
  ['ceiling: bare Fastify', '/bare'],
  ['ceiling: list SQL via pg', '/sql/list'],
] as const) {
  await run(bare.url, path, 2);
  print(name, await run(bare.url, path, duration));
}
bare.stop();

/** The list under load while the writer commits changes and `streams` streams read them. */
async function listWhileWriting(name: string, streams: number) {
  await run(base, LIST, 2); // warm-up: JIT, connection pool, PostgreSQL caches
  const clients = await startClients(streams);
  const figures = await run(base, LIST, duration);
  const meanwhile = await clients.stop();
  print(name, figures);
  return { figures, meanwhile };
}

const without = await listWhileWriting('list, no stream open', 0);
const withStreams = await listWhileWriting(`list, ${streamCount} streams open`, streamCount);
const { written, received, ended } = withStreams.meanwhile;
const summary = [
  `p95 with ${streamCount} streams / without: ${(withStreams.figures.p95 / without.figures.p95).toFixed(2)}`,
  `changes written: ${without.meanwhile.written} without streams, ${written} with; each stream received ${received.min} to ${received.max} of them; streams ended early: ${ended}`,
  `load average at end ${loadAverage()}`,
];
for (const line of summary) console.log(line);
rows.push(...summary);
server?.stop();
await db.$disconnect();

const out = join(root, 'bench/results', `event-streams-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
writeFileSync(out, `${header}\n${rows.join('\n')}\n`);
console.log(`\nwritten to ${out}`);
