// `npm run bench`: the hot routes against what the database alone costs, in one run, as one table.
// Each hot route's req/s is set beside its own ceiling (the statements it runs, captured from the
// API's services, run through pg from a bare Fastify process) measured just before it; each filtered
// or searched variant beside its unfiltered route. Ratios, not milliseconds, so any machine can
// judge them (issue 40). Also the API's resident memory idle and at its busiest route.
//
//   npm run bench        (BENCH_DURATION s per route, default 15; BENCH_CONNECTIONS, default 50;
//                         BENCH_ONLY=name,name runs those routes, with the routes they are measured against)
//
// The data is generated when missing (bench/generate-crm.ts, bench/generate-budgets.ts) in the
// databases bench_crm and bench_budgets of BENCH_POSTGRES_URL (default the machine's PostgreSQL).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrismaClient } from '@app/db';
import { applyMigrations } from '@app/db/migrate';
import {
  addDays,
  agencyDashboardInput,
  businessDate,
  funnelFiltersInput,
  funnelInput,
  listAttendancesInput,
  listBudgetsInput,
  listTasksInput,
} from '@app/shared';
import pg from 'pg';
import type { Deps } from '../apps/api/src/deps';
import { agencyDashboard } from '../apps/api/src/modules/agency-dashboard/agency-dashboard.service';
import { listAttendances } from '../apps/api/src/modules/attendances/attendances.service';
import { funnel, funnelBalance, funnelBigNumbers } from '../apps/api/src/modules/attendances/funnel.service';
import { sessionFor } from '../apps/api/src/modules/auth/auth.service';
import { getBudget, listBudgets } from '../apps/api/src/modules/budgets/budgets.service';
import { listTasks } from '../apps/api/src/modules/tasks/tasks.service';
import { BUDGETS_BENCH } from './budgets-data';
import { type CapturedQuery, sqlTracer, writeCeilingStatements } from './captured-sql';
import { BENCH } from './crm-data';
import { fillTasks } from './fill';
import { ROOT, resetPeakResident, residentMb, startBareServer } from './lib';
import { type Figures, loadAverage, loadTool, measure, signIn, startRouteBench } from './load';

const HOT_TARGET = 0.8;
const VARIANT_TARGET = 0.5;
const IDLE_RSS_TARGET_MB = 150;
const BUSY_RSS_TARGET_MB = 250;

/** A route under load. `ceiling`: a hot route, measured against its own SQL; `against`: a variant, against that route. */
type Route = {
  name: string;
  paths: string[];
  ownerOnly?: boolean;
  ceiling?: { capture: () => Promise<unknown>; id?: number; paths?: string[] };
  against?: string;
};

// The API and bare server of each data set are started here, on these ports, whatever BENCH_URL or BENCH_PORT say.
delete process.env.BENCH_URL;
delete process.env.BENCH_PORT;
const postgres = process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const only = process.env.BENCH_ONLY?.split(',');
const urlOf = (database: string) => {
  const url = new URL(postgres);
  url.pathname = `/${database}`;
  return url.toString();
};

/** The database exists, is migrated and holds the agency `agency` (else its generator writes it, wiping it first). */
async function ensureData(database: string, agency: string, generator: string) {
  const admin = new pg.Client({ connectionString: postgres });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = urlOf(database);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const filled = await db.query('SELECT 1 FROM companies WHERE name = $1', [agency]).then(
    (r) => r.rowCount === 1,
    () => false,
  );
  await db.end();
  if (filled) {
    await applyMigrations(url);
    return url;
  }
  console.log(`▸ ${database}: no data yet, bench/${generator} writes it (a few minutes)…`);
  const run = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bench', generator)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
  if (run.status !== 0) throw new Error(`bench/${generator} failed`);
  return url;
}

type Line = { set: string; name: string; figures: Figures; against?: string; base?: Figures; target?: number; peakMb?: number };
const lines: Line[] = [];
const memory: { set: string; idleMb: number; peakMb: number; peakRoute: string }[] = [];
const loadAtStart = loadAverage();

/** Each route of one data set, ceilings first where they belong, then the memory of its API. */
type SetContext = Awaited<ReturnType<typeof startRouteBench>> & { ownerId: number; ownerTokenVersion: number; traced: Deps['db'] };

async function runSet(
  set: string,
  opts: { url: string; agency: string; password: string; owner: string; generator: string; port: number },
  routesOf: (ctx: SetContext) => Promise<Route[]>,
) {
  const ctx = await startRouteBench({
    defaultPort: String(opts.port),
    agency: opts.agency,
    password: opts.password,
    generator: opts.generator,
    databaseUrl: opts.url,
  });
  const { server, idleMb, base, db, tokens, duration, connections } = ctx;
  const [owner] = await db.$queryRaw<
    { id: number; token_version: number }[]
  >`SELECT id, token_version FROM users WHERE email = ${opts.owner}`;
  if (!owner) throw new Error(`${set}: no owner ${opts.owner}`);
  const ownerTokens = await signIn(base, [opts.owner], opts.password);
  const { capture, client: traced } = sqlTracer(opts.url);
  const all = await routesOf({
    ...ctx,
    ownerId: owner.id,
    ownerTokenVersion: owner.token_version,
    traced: traced as unknown as Deps['db'],
  });
  const wanted = new Set(all.filter((r) => !only || only.includes(r.name)).flatMap((r) => (r.against ? [r.name, r.against] : [r.name])));
  const routes = all.filter((r) => wanted.has(r.name));

  const captured: Record<string, CapturedQuery[]> = {};
  const ids: Record<string, number> = {};
  const key = (name: string) => name.replace(/[^a-z0-9]+/gi, '_');
  for (const r of routes) {
    if (!r.ceiling) continue;
    captured[key(r.name)] = await capture(r.ceiling.capture);
    if (r.ceiling.id !== undefined) ids[key(r.name)] = r.ceiling.id;
  }
  await traced.$disconnect();
  const sqlFile = writeCeilingStatements(`ratios-${set}-sql.json`, captured, ids);
  const bare = await startBareServer(String(opts.port + 1), { BENCH_SQL_FILE: sqlFile, DATABASE_URL: opts.url });

  let peakMb = 0;
  let peakRoute = '';
  const measured = new Map<string, Figures>();
  const timed = async (origin: string, paths: string[], routeTokens: string[]) => {
    await measure({ origin, paths, tokens: routeTokens, connections, seconds: 2 }); // warm-up: JIT, pools, PostgreSQL caches
    // The kernel's high-water mark: wrk runs synchronously, so nothing here could sample meanwhile.
    resetPeakResident(server?.pid);
    const figures = await measure({ origin, paths, tokens: routeTokens, connections, seconds: duration });
    return { figures, routePeak: residentMb(server?.pid, true) };
  };
  for (const r of routes) {
    const routeTokens = r.ownerOnly ? ownerTokens : tokens;
    let ceiling: Figures | undefined;
    if (r.ceiling) {
      const paths = r.ceiling.paths ?? [`/sql/${key(r.name)}`];
      ceiling = (await timed(bare.url, paths, routeTokens)).figures;
      lines.push({ set, name: `  ceiling: ${r.name} SQL via pg`, figures: ceiling });
      print(lines.at(-1) as Line);
    }
    const { figures, routePeak } = await timed(base, r.paths, routeTokens);
    measured.set(r.name, figures);
    if (routePeak > peakMb) {
      peakMb = routePeak;
      peakRoute = r.name;
    }
    const base_ = ceiling ?? (r.against ? measured.get(r.against) : undefined);
    lines.push({
      set,
      name: r.name,
      figures,
      against: ceiling ? 'its SQL via pg' : r.against,
      base: base_,
      target: ceiling ? HOT_TARGET : r.against ? VARIANT_TARGET : undefined,
      peakMb: routePeak,
    });
    print(lines.at(-1) as Line);
  }
  memory.push({ set, idleMb, peakMb, peakRoute });
  server?.stop();
  bare.stop();
  await db.$disconnect();
  // The next set's API starts on other ports; this one's is gone before it measures.
  await new Promise((r) => setTimeout(r, 1000));
}

const header = `${'route'.padEnd(46)} ${'p95 ms'.padStart(8)} ${'req/s'.padStart(8)}  ${'measured against'.padEnd(22)} ${'its req/s'.padStart(9)} ${'ratio'.padStart(6)} ${'target'.padStart(7)}  ${'RSS MB'.padStart(6)}`;
const formatted: string[] = [];
function print(l: Line) {
  const ratio = l.base ? l.figures.rps / l.base.rps : undefined;
  const verdict = ratio === undefined || l.target === undefined ? '' : ratio >= l.target ? ' ok' : ' UNDER';
  const row = `${l.name.padEnd(46)} ${l.figures.p95.toFixed(1).padStart(8)} ${l.figures.rps.toFixed(0).padStart(8)}  ${(l.against ?? '').padEnd(22)} ${(l.base ? l.base.rps.toFixed(0) : '').padStart(9)} ${(ratio === undefined ? '' : ratio.toFixed(2)).padStart(6)} ${(l.target === undefined ? '' : `≥ ${l.target}`).padStart(7)}${verdict.padEnd(6)} ${(l.peakMb ? l.peakMb.toFixed(0) : '').padStart(6)}${l.figures.errors ? `  ${l.figures.errors} errors` : ''}`;
  if (formatted.length === 0) console.log(`\n${header}`);
  formatted.push(row);
  console.log(row);
}

const crmUrl = await ensureData('bench_crm', BENCH.bigAgency, 'generate-crm.ts');
const budgetsUrl = await ensureData('bench_budgets', BUDGETS_BENCH.bigAgency, 'generate-budgets.ts');
{
  // Data generated before the board was part of it: its tasks are added, not the whole set rewritten.
  const db = createPrismaClient(crmUrl);
  const [big] = await db.$queryRaw<{ id: number; tasks: number }[]>`
    SELECT c.id, (SELECT count(*)::int FROM tasks t WHERE t.company_id = c.id) AS tasks FROM companies c WHERE c.name = ${BENCH.bigAgency}`;
  if (big && big.tasks === 0) {
    await fillTasks(db, big.id, BENCH.tasks);
    await db.$executeRawUnsafe('VACUUM (ANALYZE) tasks');
  }
  await db.$disconnect();
}
console.log(
  `${loadTool}, ${process.env.BENCH_CONNECTIONS ?? 50} connections, ${process.env.BENCH_DURATION ?? 15} s per route, load average at start ${loadAtStart}`,
);

/** The profile's statement is the session-for read: both read the profile row (token signing is not the database's). */
const profileDeps = (db: Deps['db']) =>
  ({ db, config: { jwtSecret: 'bench-secret-bench-secret-bench-secret-0123', JWT_TTL_HOURS: 1 } }) as unknown as Deps;

await runSet(
  'crm',
  { url: crmUrl, agency: BENCH.bigAgency, password: BENCH.password, owner: BENCH.owner, generator: 'generate-crm.ts', port: 39881 },
  async ({ db, traced, company, ownerId, ownerTokenVersion }) => {
    const [agent] = await db.$queryRaw<
      { id: number }[]
    >`SELECT id FROM users WHERE company_id = ${company.id} ORDER BY id OFFSET 3 LIMIT 1`;
    const [client] = await db.$queryRaw<{ id: number }[]>`
      SELECT client_id AS id FROM attendances WHERE company_id = ${company.id} GROUP BY client_id ORDER BY count(*) DESC LIMIT 1`;
    return [
      {
        name: 'GET /api/profile',
        paths: ['/api/profile'],
        ceiling: { capture: () => sessionFor(profileDeps(traced), ownerId, ownerTokenVersion) },
      },
      {
        name: 'attendances list',
        paths: ['/api/attendances'],
        ceiling: { capture: () => listAttendances(traced, company.id, listAttendancesInput.parse({})) },
      },
      { name: 'funnel', paths: ['/api/attendances/funnel'], ceiling: { capture: () => funnel(traced, company.id, funnelInput.parse({})) } },
      {
        name: 'big numbers',
        paths: ['/api/attendances/funnel/big-numbers'],
        ceiling: { capture: () => funnelBigNumbers(traced, company.id, funnelFiltersInput.parse({})) },
      },
      {
        name: 'balance',
        paths: ['/api/attendances/funnel/balance'],
        ceiling: { capture: () => funnelBalance(traced, company.id, funnelFiltersInput.parse({})) },
      },
      {
        name: 'task board',
        paths: ['/api/tasks'],
        ceiling: { capture: () => listTasks(traced, company.id, ownerId, listTasksInput.parse({})) },
      },
      { name: 'list status=open page 2', paths: ['/api/attendances?status=open&page=2'], against: 'attendances list' },
      { name: 'list status=expired', paths: ['/api/attendances?status=expired'], against: 'attendances list' },
      { name: 'list owner', paths: [`/api/attendances?owner_user_id=${agent?.id}`], against: 'attendances list' },
      { name: 'list client', paths: [`/api/attendances?client_id=${client?.id}`], against: 'attendances list' },
      { name: 'list search', paths: ['/api/attendances?search=noronha'], against: 'attendances list' },
      {
        name: 'list travel dates',
        paths: ['/api/attendances?start_date_from=2026-12-01&start_date_to=2026-12-31'],
        against: 'attendances list',
      },
      { name: 'funnel owner', paths: [`/api/attendances/funnel?owner_user_id=${agent?.id}`], against: 'funnel' },
      { name: 'funnel search', paths: ['/api/attendances/funnel?search=noronha'], against: 'funnel' },
      { name: 'balance owner', paths: [`/api/attendances/funnel/balance?owner_user_id=${agent?.id}`], against: 'balance' },
      { name: 'clients list', paths: ['/api/clients'] },
      { name: 'clients search', paths: ['/api/clients?search=souza'], against: 'clients list' },
      { name: 'task board mine', paths: ['/api/tasks?assignee=me'], against: 'task board' },
      { name: 'task board search', paths: ['/api/tasks?search=hotel'], against: 'task board' },
    ];
  },
);

const today = businessDate();
await runSet(
  'budgets',
  {
    url: budgetsUrl,
    agency: BUDGETS_BENCH.bigAgency,
    password: BUDGETS_BENCH.password,
    owner: BUDGETS_BENCH.owner,
    generator: 'generate-budgets.ts',
    port: 39883,
  },
  async ({ db, traced, company }) => {
    // Budgets opened at random: 2,000 distinct ids of the agency, so the tree is rarely in a warm cache line.
    const randomIds = (
      await db.$queryRaw<{ id: number }[]>`SELECT id FROM budgets WHERE company_id = ${company.id} ORDER BY random() LIMIT 2000`
    ).map((r) => r.id);
    const [agent] = await db.$queryRaw<
      { id: number }[]
    >`SELECT id FROM users WHERE company_id = ${company.id} ORDER BY id OFFSET 3 LIMIT 1`;
    const [client] = await db.$queryRaw<{ id: number }[]>`
      SELECT client_id AS id FROM budgets WHERE company_id = ${company.id} GROUP BY client_id ORDER BY count(*) DESC LIMIT 1`;
    const opened = randomIds[0] ?? 0;
    const year = { from: addDays(today, -364), to: today };
    const dashboardInput = agencyDashboardInput.parse(year);
    return [
      {
        name: 'budgets list',
        paths: ['/api/budgets'],
        ceiling: { capture: () => listBudgets(traced, company.id, listBudgetsInput.parse({})) },
      },
      {
        name: 'budget tree',
        paths: randomIds.map((id) => `/api/budgets/${id}`),
        ceiling: {
          capture: () => getBudget(traced, null, company.id, opened),
          id: opened,
          paths: randomIds.map((id) => `/sql/budget_tree/${id}`),
        },
      },
      {
        // As it runs: the panel kept until the agency's data changes, so a request reads its version.
        name: 'dashboard 12 months',
        paths: [`/api/agency-dashboard?from=${year.from}&to=${year.to}`],
        ownerOnly: true,
        ceiling: {
          capture: async () => {
            await agencyDashboard(db, company.id, dashboardInput, 10);
            return agencyDashboard(traced, company.id, dashboardInput, 10);
          },
        },
      },
      { name: 'budgets status=sent page 2', paths: ['/api/budgets?status=sent&page=2'], against: 'budgets list' },
      { name: 'budgets owner', paths: [`/api/budgets?owner_user_id=${agent?.id}`], against: 'budgets list' },
      { name: 'budgets client', paths: [`/api/budgets?client_id=${client?.id}`], against: 'budgets list' },
      { name: 'budgets search destination', paths: ['/api/budgets?search=noronha'], against: 'budgets list' },
      { name: 'budgets search client', paths: ['/api/budgets?search=gabriela%20souza'], against: 'budgets list' },
      {
        name: 'budgets travel dates',
        paths: ['/api/budgets?start_date_from=2026-12-01&start_date_to=2026-12-31'],
        against: 'budgets list',
      },
    ];
  },
);

const misses = lines.filter((l) => l.base && l.target !== undefined && l.figures.rps / l.base.rps < l.target);
const memoryLines = memory.flatMap((m) => [
  `${m.set}: API idle ${m.idleMb.toFixed(0)} MB (target < ${IDLE_RSS_TARGET_MB})${m.idleMb < IDLE_RSS_TARGET_MB ? ' ok' : ' OVER'}`,
  m.peakRoute
    ? `${m.set}: API at its busiest route (${m.peakRoute}) ${m.peakMb.toFixed(0)} MB (target < ${BUSY_RSS_TARGET_MB})${m.peakMb < BUSY_RSS_TARGET_MB ? ' ok' : ' OVER'}`
    : `${m.set}: no route run`,
]);
const summary = [
  ...memoryLines,
  `load average at start ${loadAtStart}, at end ${loadAverage()}`,
  `${lines.filter((l) => l.target !== undefined).length - misses.length} of ${lines.filter((l) => l.target !== undefined).length} ratios on target`,
];
console.log(`\n${summary.join('\n')}`);
const out = join(ROOT, 'bench/results', `ratios-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
writeFileSync(out, `${header}\n${formatted.join('\n')}\n\n${summary.join('\n')}\n`);
console.log(`figures: ${out}`);
const memoryOver = memory.some((m) => m.idleMb >= IDLE_RSS_TARGET_MB || m.peakMb >= BUSY_RSS_TARGET_MB);
if (misses.length || memoryOver) process.exitCode = 1;
