// Load benchmark of the CRM read routes on the data of bench/generate-crm.ts: wrk (or autocannon) at 50
// concurrent connections per route (p50/p95/p99 and req/s), each connection signed in as one of the
// large agency's 20 agents, then the plans PostgreSQL runs for those routes' SQL (prepared, as the
// API runs them) with EXPLAIN ANALYZE.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_crm npx tsx bench/crm.ts
//
// Starts the API (apps/api/src/main.ts) on BENCH_PORT unless BENCH_URL points at a running one.
// BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (default 50), BENCH_ONLY (comma-separated names).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadSession } from '../apps/api/src/modules/access/session';
import { listAttendances } from '../apps/api/src/modules/attendances/attendances.service';
import { funnel, funnelBalance, funnelBigNumbers } from '../apps/api/src/modules/attendances/funnel.service';
import { sqlTracer, writeCeilingStatements } from './captured-sql';
import { BENCH } from './crm-data';
import { ROOT as root, startBareServer } from './lib';
import { loadAverage, loadTool, measure, startRouteBench } from './load';
import { planExplainer } from './plans';

const { databaseUrl, duration, connections, only, server, base, db, company, tokens } = await startRouteBench({
  defaultPort: '39871',
  agency: BENCH.bigAgency,
  password: BENCH.password,
  generator: 'generate-crm.ts',
});
const [agent] = await db.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE company_id = ${company.id} ORDER BY id OFFSET 3 LIMIT 1`;
const [client] = await db.$queryRaw<{ id: number }[]>`
  SELECT client_id AS id FROM attendances WHERE company_id = ${company.id} GROUP BY client_id ORDER BY count(*) DESC LIMIT 1`;

/** The four target routes first, then variants with filters a screen sends; `origin`: a ceiling's server. */
type Scenario = { name: string; path: string; target?: boolean; origin?: string };
const scenarios: Scenario[] = [
  { name: 'list', path: '/api/attendances', target: true },
  { name: 'funnel', path: '/api/attendances/funnel', target: true },
  { name: 'big-numbers', path: '/api/attendances/funnel/big-numbers', target: true },
  { name: 'balance', path: '/api/attendances/funnel/balance', target: true },
  // The floor: an authed route that reads two rows (token check, user, subscription).
  { name: 'baseline GET /api/profile', path: '/api/profile' },
  { name: 'list status=open page 2', path: '/api/attendances?status=open&page=2' },
  { name: 'list status=expired', path: '/api/attendances?status=expired' },
  { name: 'list owner', path: `/api/attendances?owner_user_id=${agent?.id}` },
  { name: 'list client', path: `/api/attendances?client_id=${client?.id}` },
  { name: 'list search', path: '/api/attendances?search=noronha' },
  { name: 'funnel owner', path: `/api/attendances/funnel?owner_user_id=${agent?.id}` },
  { name: 'funnel search', path: '/api/attendances/funnel?search=noronha' },
  { name: 'balance owner', path: `/api/attendances/funnel/balance?owner_user_id=${agent?.id}` },
  { name: 'clients search', path: '/api/clients?search=souza' },
].filter((s) => !only || only.includes(s.name));

const run = (path: string, seconds: number, origin = base) => measure({ origin, paths: [path], tokens, connections, seconds });

// The SQL each route runs, captured from the Prisma client with its parameters.
const { client: traced, capture } = sqlTracer(databaseUrl);
const [owner] = await db.$queryRaw<
  { id: number; token_version: number }[]
>`SELECT id, token_version FROM users WHERE email = ${BENCH.owner}`;
const session = () => loadSession(traced, { userId: owner?.id ?? 0, token_version: owner?.token_version ?? 0 });
const filters = { page: 1, per_page: 6 };

// The second ceiling: the list's own statements (page, count; the session is kept by each API
// process) through pg from a bare Fastify route, named (prepared) as the API's are: the
// database's share of a list request.
const sqlFile = writeCeilingStatements('crm-list-sql.json', { list: await capture(() => listAttendances(traced, company.id, filters)) });

const rows: string[] = [];
const header = `${'route'.padEnd(26)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}  target`;
// The machine is shared: its load and a bare Fastify route (the ceiling) put the figures in context.
console.log(`\n${loadTool}, ${connections} connections, ${duration}s per route, ${base}, load average ${loadAverage()}\n${header}`);
rows.push(`load average at start ${loadAverage()}`);
const bare = await startBareServer(process.env.BENCH_BARE_PORT ?? '39872', { BENCH_SQL_FILE: sqlFile, DATABASE_URL: databaseUrl });
const ceilings: Scenario[] = [
  { name: 'ceiling: bare Fastify', path: '/bare', origin: bare.url, target: false },
  { name: 'ceiling: list SQL via pg', path: '/sql/list', origin: bare.url, target: false },
];
for (const s of [...ceilings, ...scenarios]) {
  const origin = s.origin ?? base;
  await run(s.path, 2, origin); // warm-up: JIT, connection pool, PostgreSQL caches
  const r = await run(s.path, duration, origin);
  const cells = [r.p50, r.p95, r.p99].map((v) => v.toFixed(1).padStart(8)).join(' ');
  const target = s.target ? (r.p95 < 50 ? 'ok (< 50 ms)' : 'OVER 50 ms') : '-';
  const line = `${s.name.padEnd(26)} ${cells} ${r.rps.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}  ${target}`;
  console.log(line);
  rows.push(line);
}
server?.stop();
bare.stop();
rows.push(`load average at end ${loadAverage()}`);

// The SQL behind the target routes, captured from Prisma and explained as the API runs it (plans.ts).
const explainer = await planExplainer(databaseUrl);
const plans: string[] = [];
let statement = 0;
for (const [label, call] of [
  ['session', session],
  ['list', () => listAttendances(traced, company.id, filters)],
  ['funnel', () => funnel(traced, company.id, filters)],
  ['big-numbers', () => funnelBigNumbers(traced, company.id, {})],
  ['balance', () => funnelBalance(traced, company.id, {})],
] as const) {
  for (const { query, params } of await capture(call)) {
    const { plan, cached, time } = await explainer.explain(`bench_${statement++}`, query, JSON.parse(params) as unknown[]);
    plans.push(`── ${label} (${cached})\n${query}\nparams ${params}\n${plan.join('\n')}\n`);
    const top = plan[0]?.replace(/\s+\(cost.*$/, '') ?? '';
    console.log(`${label.padEnd(12)} ${time?.padEnd(28)} ${cached.padEnd(31)} ${top.trim()}`);
  }
}
const out = join(root, 'bench/results', `crm-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${header}\n${rows.join('\n')}\n\n${plans.join('\n')}`);
console.log(`\nfigures and full plans: ${out}`);
await explainer.end();
await traced.$disconnect();
await db.$disconnect();
