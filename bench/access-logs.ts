// Access logs (issue 15): the beacon at a fixed 1,000 requests per second, and the owner's report
// on a month of 1,000,000 rows of one agency. Wipes and re-migrates DATABASE_URL, writes the
// agency (20 users) and its month of logs with one INSERT ... SELECT generate_series (plus 200,000
// rows of another agency in the same days) and their daily sums (access_log_days, as the
// migration's backfill: the writer keeps them from then on), then:
//   1. POST /api/access-logs (form body, a different agent's token per connection) with autocannon
//      at BENCH_RATE (default 1000) requests/s for BENCH_SECONDS (default 30): p50/p95/p99 against
//      the 20 ms p95 target, and a check that every accepted beacon is a row;
//   2. GET /api/access-logs/report for the last 30 days, timed (10 calls after a warm-up) against
//      200 ms, and the plan of its statement with EXPLAIN (ANALYZE, BUFFERS).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_access_logs npx tsx bench/access-logs.ts
import { businessDate } from '@app/shared';
import { accessReportSql } from '../apps/api/src/modules/access-logs/access-logs.service';
import { BENCH } from './crm-data';
import { activateAllCompanies, fillCompany, freshBenchDatabase } from './fill';
import { percentile, startApi } from './lib';
import { autocannonFigures, loadAverage, signIn, startAutocannon } from './load';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const TARGET = { beaconP95Ms: 20, reportMs: 200 };
const SCREENS = [
  'home',
  'atendimento',
  'atendimentos',
  'clientes',
  'orcamentos',
  'novo-orcamento',
  'orcamento-timeline',
  'tarefas',
  'fornecedores',
  'hoteis',
  'usuarios',
  'perfil',
];

const { db, passwordHash, step } = await freshBenchDatabase('bench_access_logs');
const agency = await db.company.create({ data: { name: 'Agência Acessos', subdomain: 'acessos' } });
const other = await db.company.create({ data: { name: 'Agência Vizinha', subdomain: 'vizinha' } });
await fillCompany(db, agency.id, { users: 20, clients: 10, attendances: 10 }, 'dono@acessos.bench', passwordHash);
await fillCompany(db, other.id, { users: 5, clients: 10, attendances: 10 }, 'dono@vizinha.bench', passwordHash);
await activateAllCompanies(db);

/** `count` rows of `companyId` over the last 30 days, its users and screens in turn (created_at is UTC wall time). */
async function fillLogs(companyId: number, count: number) {
  await db.$executeRaw`
    WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE company_id = ${companyId}::int)
    INSERT INTO access_logs (company_id, user_id, controller, resource_id, ip_address, active_time, created_at)
    SELECT ${companyId}::int, u.ids[1 + i % array_length(u.ids, 1)], (${SCREENS}::text[])[1 + (i * 7) % ${SCREENS.length}::int],
           CASE WHEN i % 3 = 0 THEN 1 + i % 5000 END, '10.0.' || (i % 250) || '.' || (i % 200), 3 + (i * 13) % 600,
           (now() AT TIME ZONE 'UTC') - random() * interval '30 days'
    FROM generate_series(1, ${count}::int) AS i, u`;
}
await fillLogs(agency.id, ROWS);
await fillLogs(other.id, Math.round(ROWS / 5));
await db.$executeRaw`
  INSERT INTO access_log_days (company_id, day, user_id, controller, active_time, visits, last_access)
  SELECT company_id, ((created_at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date, user_id, controller,
    sum(active_time), count(*), max(created_at)
  FROM access_logs
  GROUP BY 1, 2, 3, 4`;
await db.$executeRawUnsafe('VACUUM ANALYZE access_logs');
await db.$executeRawUnsafe('VACUUM ANALYZE access_log_days');
const sums = await db.accessLogDay.count();
step(
  `${ROWS.toLocaleString('en')} access logs of the agency, ${(ROWS / 5).toLocaleString('en')} of another, ` +
    `${sums.toLocaleString('en')} daily sums; vacuumed`,
);

const databaseUrl = process.env.DATABASE_URL as string;
const server = await startApi(databaseUrl, process.env.BENCH_PORT ?? '39877', { LOGIN_RATE_LIMIT: '100000' });
const emails = await db.user.findMany({ where: { companyId: agency.id }, orderBy: { id: 'asc' }, select: { email: true } });
const tokens = await signIn(
  server.url,
  emails.map((u) => u.email),
  BENCH.password,
);
const lines: string[] = [`load average at start ${loadAverage()}`];
const say = (line: string) => {
  console.log(line);
  lines.push(line);
};

// 1. The beacon at a fixed rate.
async function beacons(rate: number, seconds: number) {
  let clients = 0;
  const before = await db.accessLog.count();
  const instance = startAutocannon({
    url: `${server.url}/api/access-logs`,
    method: 'POST',
    connections: 50,
    overallRate: rate,
    duration: seconds,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'access_log[user_id]=1&access_log[controller]=clientes&access_log[ip_address]=&access_log[active_time]=42&access_log[resource_id]=17',
    setupClient: (client) =>
      client.setHeaders({
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${tokens[clients++ % tokens.length]}`,
      }),
  });
  const figures = await autocannonFigures(instance, 204, seconds);
  const stored = (await db.accessLog.count()) - before;
  return { ...figures, accepted: figures.answered - figures.rejected, stored };
}
await beacons(RATE, 3); // warm-up: JIT, pool, prepared statements
const b = await beacons(RATE, SECONDS);
say(
  `\nbeacon POST /api/access-logs, ${RATE}/s for ${SECONDS}s (autocannon, 50 connections, 20 agents' tokens), load average ${loadAverage()}`,
);
say(
  `  p50 ${b.p50.toFixed(1)} ms  p95 ${b.p95.toFixed(1)} ms  p99 ${b.p99.toFixed(1)} ms  ${b.rps.toFixed(0)} req/s  errors ${b.errors}  ` +
    `${b.p95 < TARGET.beaconP95Ms ? 'ok' : 'OVER'} (< ${TARGET.beaconP95Ms} ms); ${b.accepted} answered 204, ${b.stored} rows written`,
);

// 2. The owner's report on the month.
const end = businessDate();
const start = businessDate(new Date(Date.now() - 29 * 86_400_000));
const owner = tokens[0] as string;
async function reportOnce(): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/access-logs/report?start_date=${start}&end_date=${end}`, {
    headers: { authorization: `Bearer ${owner}` },
  });
  const body = (await res.json()) as { total_visits: number; rows: unknown[] };
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`report answered ${res.status}: ${JSON.stringify(body)}`);
  if (body.total_visits < ROWS * 0.9) throw new Error(`report counted ${body.total_visits} visits`);
  return ms;
}
await reportOnce();
const times: number[] = [];
for (let i = 0; i < 10; i++) times.push(await reportOnce());
times.sort((a, b) => a - b);
say(
  `\nreport GET /api/access-logs/report ${start}..${end} (${ROWS.toLocaleString('en')} rows of the agency in the period), 10 calls, load average ${loadAverage()}`,
);
say(
  `  min ${times[0]?.toFixed(0)} ms  median ${percentile(times, 50).toFixed(0)} ms  max ${times.at(-1)?.toFixed(0)} ms  ` +
    `${percentile(times, 50) < TARGET.reportMs ? 'ok' : 'OVER'} (< ${TARGET.reportMs} ms)`,
);
const plan = await db.$queryRaw<
  { 'QUERY PLAN': string }[]
>`EXPLAIN (ANALYZE, BUFFERS) ${accessReportSql(agency.id, { start_date: start, end_date: end })}`;
say(`\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);

server.stop();
await db.$disconnect();
console.log(`\n${lines.length} lines; load average at end ${loadAverage()}`);
