// Load benchmark of the budget reads on the data of bench/generate-budgets.ts: wrk (or autocannon) at
// 50 concurrent connections on the list (GET /api/budgets, also filtered and searched) and on opening
// a budget (GET /api/budgets/{id}, the whole tree, a different budget of the agency each request),
// each connection signed in as one of the large agency's 20 agents; p50/p95/p99 and req/s against
// the 30 ms p95 target, beside two ceilings in a bare Fastify process (a constant, and the tree's own
// statement through pg), then the plans PostgreSQL runs for that SQL (prepared, as the API runs it)
// with EXPLAIN (ANALYZE, BUFFERS).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_budgets npx tsx bench/budgets.ts
//
// Starts the API (apps/api/src/main.ts) on BENCH_PORT (default 39874) unless BENCH_URL points at a
// running one. BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (default 50), BENCH_ONLY (names).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listBudgetsInput } from '@app/shared';
import { loadSession } from '../apps/api/src/modules/access/session';
import { typeServices } from '../apps/api/src/modules/budget-services/services.service';
import { getBudget, listBudgets } from '../apps/api/src/modules/budgets/budgets.service';
import { BUDGETS_BENCH as B } from './budgets-data';
import { sqlTracer, writeCeilingStatements } from './captured-sql';
import { ROOT as root, startBareServer } from './lib';
import { loadAverage, loadTool, measure, startRouteBench } from './load';
import { planExplainer } from './plans';

const TARGET_P95_MS = 30;
const { databaseUrl, duration, connections, only, server, base, db, company, tokens } = await startRouteBench({
  defaultPort: '39874',
  agency: B.bigAgency,
  password: B.password,
  generator: 'generate-budgets.ts',
});
// Budgets opened at random: 2,000 distinct ids of the agency, so the tree is rarely in a warm cache line.
const randomIds = await db.$queryRaw<{ id: number }[]>`
  SELECT id FROM budgets WHERE company_id = ${company.id} ORDER BY random() LIMIT 2000`;
const [agent] = await db.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE company_id = ${company.id} ORDER BY id OFFSET 3 LIMIT 1`;
const [client] = await db.$queryRaw<{ id: number }[]>`
  SELECT client_id AS id FROM budgets WHERE company_id = ${company.id} GROUP BY client_id ORDER BY count(*) DESC LIMIT 1`;

/** The two target routes first, then the list with the filters and searches a screen sends. */
const scenarios: { name: string; paths: string[]; target?: boolean }[] = [
  { name: 'list', paths: ['/api/budgets'], target: true },
  { name: 'get (tree)', paths: randomIds.map((r) => `/api/budgets/${r.id}`), target: true },
  // The floor: an authed route that reads two rows (token check, user, subscription).
  { name: 'baseline GET /api/profile', paths: ['/api/profile'] },
  { name: 'list status=sent page 2', paths: ['/api/budgets?status=sent&page=2'], target: true },
  { name: 'list owner', paths: [`/api/budgets?owner_user_id=${agent?.id}`] },
  { name: 'list client', paths: [`/api/budgets?client_id=${client?.id}`] },
  { name: 'list search destination', paths: ['/api/budgets?search=noronha'], target: true },
  { name: 'list search client', paths: ['/api/budgets?search=gabriela%20souza'] },
  { name: 'list travel dates', paths: ['/api/budgets?start_date_from=2026-12-01&start_date_to=2026-12-31'] },
  { name: 'list include_locations', paths: ['/api/budgets?include_locations=true'] },
].filter((s) => !only || only.includes(s.name));

const { client: traced, capture } = sqlTracer(databaseUrl);
const opened = randomIds[0]?.id ?? 0;

// The second ceiling: the tree's own statement through pg from a bare Fastify route, named
// (prepared) as the API's is, for the same random budgets: the database's share of opening one
// (the session is kept by each API process).
const sqlFile = writeCeilingStatements(
  'budgets-tree-sql.json',
  { tree: await capture(() => getBudget(traced, null, company.id, opened)) },
  { tree: opened },
);

const run = (paths: string[], seconds: number, origin = base) => measure({ origin, paths, tokens, connections, seconds });

const rows: string[] = [];
const header = `${'route'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}  target`;
// The machine is shared: its load and a bare Fastify route (the ceiling) put the figures in context.
console.log(`\n${loadTool}, ${connections} connections, ${duration}s per route, ${base}, load average ${loadAverage()}\n${header}`);
rows.push(`load average at start ${loadAverage()}`);
const bare = await startBareServer(process.env.BENCH_BARE_PORT ?? '39875', { BENCH_SQL_FILE: sqlFile, DATABASE_URL: databaseUrl });
const treeRuns = scenarios.some((s) => s.name === 'get (tree)');
const ceilings = [
  { name: 'ceiling: bare Fastify', paths: ['/bare'], origin: bare.url },
  ...(treeRuns ? [{ name: 'ceiling: tree SQL via pg', paths: randomIds.map((r) => `/sql/tree/${r.id}`), origin: bare.url }] : []),
];
for (const s of [...ceilings, ...scenarios]) {
  const origin = 'origin' in s ? s.origin : base;
  await run(s.paths, 2, origin); // warm-up: JIT, connection pool, PostgreSQL caches
  const r = await run(s.paths, duration, origin);
  const cells = [r.p50, r.p95, r.p99].map((v) => v.toFixed(1).padStart(8)).join(' ');
  // wrk leaves requests slower than its 2 s timeout out of the latencies: a route that mostly timed out is no pass.
  const answered = r.rps * duration >= 10 * r.errors;
  const verdict = !answered ? 'TIMEOUTS' : r.p95 < TARGET_P95_MS ? `ok (< ${TARGET_P95_MS} ms)` : `OVER ${TARGET_P95_MS} ms`;
  const target = 'target' in s && s.target ? verdict : answered ? '-' : 'TIMEOUTS';
  const line = `${s.name.padEnd(28)} ${cells} ${r.rps.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}  ${target}`;
  console.log(line);
  rows.push(line);
}
server?.stop();
bare.stop();
rows.push(`load average at end ${loadAverage()}`);

// The SQL behind the routes, captured from Prisma and explained as the API runs it (plans.ts).
const explainer = await planExplainer(databaseUrl);
const plans: string[] = [];
const [owner] = await db.$queryRaw<{ id: number; token_version: number }[]>`SELECT id, token_version FROM users WHERE email = ${B.owner}`;
let statement = 0;
for (const [label, call] of [
  ['session', () => loadSession(traced, { userId: owner?.id ?? 0, token_version: owner?.token_version ?? 0 })],
  ['list', () => listBudgets(traced, company.id, listBudgetsInput.parse({}))],
  ['list status=sent p2', () => listBudgets(traced, company.id, listBudgetsInput.parse({ status: 'sent', page: 2 }))],
  ['list search', () => listBudgets(traced, company.id, listBudgetsInput.parse({ search: 'noronha' }))],
  [
    'list travel dates',
    () => listBudgets(traced, company.id, listBudgetsInput.parse({ start_date_from: '2026-12-01', start_date_to: '2026-12-31' })),
  ],
  ['get (tree)', () => getBudget(traced, null, company.id, opened)],
  // Not under load: GET /api/type_services (/servicos) reads the agency's services to find its defaults.
  ['type_services', () => typeServices(traced, company.id)],
] as const) {
  for (const { query, params } of await capture(call)) {
    const { plan, cached } = await explainer.explain(`bench_${statement++}`, query, JSON.parse(params) as unknown[]);
    plans.push(`── ${label} (${cached})\n${query}\nparams ${params}\n${plan.join('\n')}\n`);
    const top = plan[0]?.replace(/\s+\(cost.*$/, '') ?? '';
    const time = plan.find((l) => l.startsWith('Execution Time'));
    console.log(`${label.padEnd(20)} ${time?.padEnd(28)} ${cached.padEnd(31)} ${top.trim()}`);
  }
}
const out = join(root, 'bench/results', `budgets-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${header}\n${rows.join('\n')}\n\n${plans.join('\n')}`);
console.log(`\nfigures and full plans: ${out}`);
await explainer.end();
await traced.$disconnect();
await db.$disconnect();
