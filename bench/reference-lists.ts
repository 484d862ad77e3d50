// Load benchmark of the pickers' autocomplete on the full reference seeds: airports and cities at 50
// concurrent connections (p50/p95/p99 and req/s), each request the next of a few realistic terms
// and the next demo user's token, then the plan PostgreSQL runs for the autocomplete statement.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_refs npx tsx bench/reference-lists.ts
//
// Starts the API (apps/api/src/main.ts: migrations, demo users and reference seeds) on BENCH_PORT
// unless BENCH_URL points at a running one. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO } from '@app/db/seed';
import type { StoredListKey } from '@app/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { autocompleteQuery } from '../apps/api/src/modules/reference-lists/reference-queries';
import { percentile, ROOT as root, startApi, startBareServer } from './lib';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.match(/\/bench_[a-z0-9_]+$/)) throw new Error('Set DATABASE_URL to a bench_* database (see bench/README.md)');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const loadAtStart = load();

const server = process.env.BENCH_URL
  ? undefined
  : await startApi(databaseUrl, process.env.BENCH_PORT ?? '39873', { SEED_DEMO: 'true', LOGIN_RATE_LIMIT: '100000' });
const base = process.env.BENCH_URL ?? (server as NonNullable<typeof server>).url;

// The demo agencies' users: the per-request session read is not one user's row over and over.
const emails = [DEMO.users.owner, DEMO.users.admin, DEMO.users.colaborador, DEMO.users.outraOwner];
const tokens: string[] = [];
for (const email of emails) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO.password }),
  });
  if (!login.ok) throw new Error(`login ${email} failed: ${login.status} ${await login.text()}`);
  tokens.push(((await login.json()) as { token: string }).token);
}

const lists: { name: string; list: StoredListKey; terms: string[] }[] = [
  { name: 'airports', list: 'air_airport_params', terms: ['gru', 'sao pa', 'rio', 'recife', 'lisb', 'mia'] },
  { name: 'cities', list: 'city_params', terms: ['sao jo', 'campinas', 'belo', 'porto al'] },
];
const pathOf = (list: string, term: string) => `/api/${list}?search=${encodeURIComponent(term)}&autocomplete=true`;

// The machine is shared: a bare Fastify route (the ceiling) and GET /api/profile (the floor of any
// authenticated route: token, user and subscription) put the figures in context.
const bare = await startBareServer(process.env.BENCH_BARE_PORT ?? '39874');
const scenarios = [
  { name: 'ceiling: bare Fastify', origin: bare.url, paths: ['/bare'], target: false },
  { name: 'floor: GET /api/profile', origin: base, paths: ['/api/profile'], target: false },
  ...lists.map((l) => ({ name: l.name, origin: base, paths: l.terms.map((t) => pathOf(l.list, t)), target: true })),
];

type Figures = { p50: number; p95: number; p99: number; rps: number; errors: number };

// wrk (C, one thread) leaves more of the 2 cores to the API and PostgreSQL than autocannon (JS);
// BENCH_LOAD=autocannon forces the latter. Both rotate the terms and the tokens.
const loadTool = process.env.BENCH_LOAD ?? (spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk');
const scriptDir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
const luaTable = (values: string[]) => `{ ${values.map((v) => `"${v}"`).join(', ')} }`;

let scripts = 0;
function runWrk(origin: string, paths: string[], seconds: number): Figures {
  const script = join(scriptDir, `paths-${scripts++}.lua`);
  writeFileSync(
    script,
    `local tokens = ${luaTable(tokens)}
local paths = ${luaTable(paths)}
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[n % #paths + 1], { authorization = "Bearer " .. tokens[n % #tokens + 1] })
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"p50":%f,"p95":%f,"p99":%f,"requests":%d,"duration":%d,"errors":%d}\\n',
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout + e.status))
end
`,
  );
  const out = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, origin], { encoding: 'utf8' });
  const last = out.stdout.trim().split('\n').at(-1) ?? '';
  if (out.status !== 0 || !last.startsWith('{')) throw new Error(`wrk failed: ${out.stderr || out.stdout}`);
  const r = JSON.parse(last) as { p50: number; p95: number; p99: number; requests: number; duration: number; errors: number };
  return { p50: r.p50, p95: r.p95, p99: r.p99, rps: r.requests / (r.duration / 1e6), errors: r.errors };
}

async function runAutocannon(origin: string, paths: string[], seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  let clients = 0;
  const instance = autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] as string }) }],
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[clients++ % tokens.length]}` }),
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (status !== 200) errors++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    errors: errors + result.errors + result.timeouts,
  };
}

const run = (origin: string, paths: string[], seconds: number) =>
  loadTool === 'wrk' ? Promise.resolve(runWrk(origin, paths, seconds)) : runAutocannon(origin, paths, seconds);

const rows = [`load average at start ${loadAtStart}`];
const header = `${'route'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}  target`;
console.log(`\n${loadTool}, ${connections} connections, ${duration}s per route, ${base}, load average ${loadAtStart}\n${header}`);
for (const s of scenarios) {
  await run(s.origin, s.paths, 2); // warm-up: JIT, connection pool, PostgreSQL caches
  const r = await run(s.origin, s.paths, duration);
  const cells = [r.p50, r.p95, r.p99].map((v) => v.toFixed(1).padStart(8)).join(' ');
  const target = s.target ? (r.p95 < 20 ? 'ok (< 20 ms)' : 'OVER 20 ms') : '-';
  const line = `${s.name.padEnd(24)} ${cells} ${r.rps.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}  ${target}`;
  console.log(line);
  rows.push(line);
}
server?.stop();
bare.stop();
rows.push(`load average at end ${load()}`);

// The statement the API runs for one term of each list, prepared and executed six times as the API
// does, so EXPLAIN ANALYZE shows the plan PostgreSQL really runs (generic or made per call).
const explainer = new pg.Client({ connectionString: databaseUrl });
await explainer.connect();
const [company] = (await explainer.query<{ id: number }>('SELECT id FROM companies WHERE name = $1', [DEMO.companies.demo])).rows;
if (!company) throw new Error('no demo agency');
const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const plans: string[] = [];
for (const s of lists) {
  const term = s.terms[0] as string;
  const q = autocompleteQuery(s.list, company.id, { search: term, page: 1, autocomplete: 'true' });
  const name = `bench_${s.list}`;
  await explainer.query(`PREPARE ${name} AS ${q.sql}`);
  const args = q.parameters.map(literal).join(', ');
  for (let i = 0; i < 5; i++) await explainer.query(`EXECUTE ${name}(${args})`);
  const plan = await explainer.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}(${args})`);
  plans.push(`-- ${s.name} '${term}'\n${q.sql}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
}
await explainer.end();
console.log(`\n${plans.join('\n\n')}`);

const out = join(root, 'bench/results', `reference-lists-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(out, `${rows.join('\n')}\n\n${plans.join('\n\n')}\n`);
console.log(`\nwritten to ${out}`);
