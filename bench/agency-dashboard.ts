// Load benchmark of the Painel da agência (GET /api/agency-dashboard) on the data of
// bench/generate-budgets.ts (100,000 budgets, ~10,000 of them sold with installments, payments and
// supplier payables): wrk (or autocannon) at 50 connections, signed in as the large agency's owner,
// on the budgets list and then on the dashboard for the periods and filters the screen asks (this
// month, 90 days, 12 months, the longest period, one agent). Each dashboard request passes when its
// p95 is within 2× the list's p95 measured in the same run, on the API as it runs (panels kept until
// the agency's data changes); the same requests are then measured computed every time, on a second
// API started without that cache, to show what it gains. Then the plan PostgreSQL runs for the
// dashboard's statement over 12 months, with EXPLAIN (ANALYZE, BUFFERS).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_budgets npx tsx bench/generate-budgets.ts   # once
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_budgets npx tsx bench/agency-dashboard.ts
//
// Starts the API on BENCH_PORT (default 39876) unless BENCH_URL points at a running one.
// BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (default 50), BENCH_ONLY (names).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PrismaClient } from '@app/db';
import { addDays, agencyDashboardInput, businessDate } from '@app/shared';
import { PrismaPg } from '@prisma/adapter-pg';
import { agencyDashboard } from '../apps/api/src/modules/agency-dashboard/agency-dashboard.service';
import { BUDGETS_BENCH as B } from './budgets-data';
import { ROOT as root, startApi } from './lib';
import { loadAverage, loadTool, measure, signIn, startRouteBench } from './load';
import { planExplainer } from './plans';

const WITHIN = 2;
const { databaseUrl, duration, connections, only, server, base, db, company } = await startRouteBench({
  defaultPort: '39876',
  agency: B.bigAgency,
  password: B.password,
  generator: 'generate-budgets.ts',
});
// The dashboard is the owner's (and administrators'): both routes run with the owner's token.
const tokens = await signIn(base, [B.owner], B.password);
const [agent] = await db.$queryRaw<{ id: number }[]>`
  SELECT seller_user_id AS id FROM sales WHERE company_id = ${company.id} GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`;
const [sales] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM sales WHERE company_id = ${company.id}`;
if (!sales?.n) throw new Error('the benchmark agency has no sales: run bench/generate-budgets.ts again');

const today = businessDate();
const period = (days: number) => `from=${addDays(today, 1 - days)}&to=${today}`;
const scenarios: { name: string; path: string; dashboard?: boolean }[] = [
  { name: 'list (reference)', path: '/api/budgets' },
  { name: 'dashboard this month', path: `/api/agency-dashboard?from=${today.slice(0, 8)}01&to=${today}`, dashboard: true },
  { name: 'dashboard 90 days', path: `/api/agency-dashboard?${period(90)}`, dashboard: true },
  { name: 'dashboard 12 months', path: `/api/agency-dashboard?${period(365)}`, dashboard: true },
  { name: 'dashboard 731 days', path: `/api/agency-dashboard?${period(731)}`, dashboard: true },
  { name: 'dashboard agent 12 months', path: `/api/agency-dashboard?${period(365)}&user_id=${agent?.id}`, dashboard: true },
].filter((s) => !only || only.includes(s.name) || s.name === 'list (reference)');

const run = (origin: string, path: string, seconds: number) => measure({ origin, paths: [path], tokens, connections, seconds });
const rows: string[] = [];
const header = `${'route'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}  target`;
console.log(
  `\n${loadTool}, ${connections} connections, ${duration}s per route, ${base}, ${sales.n} sales, load average ${loadAverage()}\n${header}`,
);
rows.push(`load average at start ${loadAverage()}`);
let listP95 = Number.NaN;
let failed = 0;
/** Each scenario against `origin`; `judged` lines count against the target. */
async function runScenarios(origin: string, label: string, judged: boolean) {
  for (const s of scenarios) {
    if (!s.dashboard && !judged) continue;
    await run(origin, s.path, 2); // warm-up: JIT, connection pool, PostgreSQL caches
    const r = await run(origin, s.path, duration);
    if (!s.dashboard) listP95 = r.p95;
    const cells = [r.p50, r.p95, r.p99].map((v) => v.toFixed(1).padStart(8)).join(' ');
    const answered = r.rps * duration >= 10 * r.errors;
    const limit = WITHIN * listP95;
    const verdict = !s.dashboard
      ? '-'
      : !answered
        ? 'TIMEOUTS'
        : r.p95 <= limit
          ? `ok (≤ ${limit.toFixed(1)} ms)`
          : `OVER ${limit.toFixed(1)} ms`;
    if (judged && s.dashboard && !verdict.startsWith('ok')) failed++;
    const line = `${`${s.name}${s.dashboard ? label : ''}`.padEnd(40)} ${cells} ${r.rps.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}  ${judged ? verdict : `(${verdict})`}`;
    console.log(line);
    rows.push(line);
  }
}
// As it runs: panels kept until the agency's data changes (AGENCY_DASHBOARD_CACHE_ENTRIES).
await runScenarios(base, ' (kept)', true);
server?.stop();
// What the cache gains: the same requests computed every time, on a second API started without it
// (each change of the agency's data costs one such read per distinct panel).
if (!process.env.BENCH_URL) {
  const uncached = await startApi(databaseUrl, String(Number(process.env.BENCH_PORT ?? '39876') + 1), {
    LOGIN_RATE_LIMIT: '100000',
    AGENCY_DASHBOARD_CACHE_ENTRIES: '0',
  });
  await runScenarios(uncached.url, ' (computed)', false);
  uncached.stop();
}

rows.push(`load average at end ${loadAverage()}`);

// The dashboard's statement over 12 months, captured from Prisma and explained as the API runs it (prepared).
const queries: { query: string; params: string }[] = [];
const traced = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }), log: [{ emit: 'event', level: 'query' }] });
traced.$on('query', (e: { query: string; params: string }) => queries.push({ query: e.query, params: e.params }));
await agencyDashboard(traced, company.id, agencyDashboardInput.parse({ from: addDays(today, -364), to: today }), 0);
const explainer = await planExplainer(databaseUrl);
const plans: string[] = [];
for (const [i, { query, params }] of queries.entries()) {
  const { plan, time } = await explainer.explain(`dashboard_${i}`, query, JSON.parse(params) as unknown[]);
  plans.push(`── dashboard 12 months\n${query}\nparams ${params}\n${plan.join('\n')}\n`);
  console.log(`dashboard 12 months  ${time}`);
}
const out = join(root, 'bench/results', `agency-dashboard-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${header}\n${rows.join('\n')}\n\n${plans.join('\n')}`);
console.log(`\nfigures and full plans: ${out}`);
await explainer.end();
await traced.$disconnect();
await db.$disconnect();
if (failed) process.exitCode = 1;
