// A named load scenario against the API on the data of bench/generate.ts (or generate-crm.ts): many
// agencies at once, each logged in once, sending a realistic mix of list, detail and write calls.
// Prints req/s and p50/p95/p99 per route beside a bare Fastify route on the same machine (the ceiling).
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_guard npx tsx bench/scenario.ts crm
//
// Scenarios: foundation, crm, mixed. BENCH_DURATION (s, default 20), BENCH_CONNECTIONS (default 50),
// BENCH_AGENCIES (how many agencies take part, default all), BENCH_URL (a running API instead of
// starting apps/api/src/main.ts on BENCH_PORT).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { createPrismaClient } from '@app/db';
import type autocannon from 'autocannon';
import { BENCH } from './crm-data';
import { percentile, ROOT, type Server, startApi, startBareServer } from './lib';
import { startAutocannon } from './load';

type Agency = { companyId: number; token: string; users: number[]; clients: number[]; attendances: number[]; open: number[] };
type Call = { method: string; path: string; body?: unknown };
type RouteMix = { route: string; weight: number; call(a: Agency, n: number): Call };

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const page = () => 1 + Math.floor(Math.random() * 5);

const FOUNDATION: RouteMix[] = [
  { route: 'GET /api/profile', weight: 30, call: () => ({ method: 'GET', path: '/api/profile' }) },
  { route: 'GET /api/users', weight: 20, call: () => ({ method: 'GET', path: `/api/users?page=${page()}` }) },
  { route: 'GET /api/users/:id', weight: 20, call: (a) => ({ method: 'GET', path: `/api/users/${pick(a.users)}` }) },
  { route: 'GET /api/companies/:id', weight: 10, call: (a) => ({ method: 'GET', path: `/api/companies/${a.companyId}` }) },
  { route: 'GET /api/companies/:id/users', weight: 10, call: (a) => ({ method: 'GET', path: `/api/companies/${a.companyId}/users` }) },
  {
    route: 'PATCH /api/profile',
    weight: 5,
    call: (_a, n) => ({ method: 'PATCH', path: '/api/profile', body: { phone: `11 9${String(n).padStart(8, '0')}` } }),
  },
  {
    route: 'PATCH /api/users/:id',
    weight: 5,
    call: (a, n) => ({
      method: 'PATCH',
      path: `/api/users/${pick(a.users.length > 1 ? a.users.slice(1) : a.users)}`,
      body: { user: { phone: `11 8${String(n).padStart(8, '0')}` } },
    }),
  },
];

const CRM: RouteMix[] = [
  {
    route: 'GET /api/attendances',
    weight: 20,
    call: () => ({ method: 'GET', path: `/api/attendances?page=${page()}${Math.random() < 0.3 ? '&status=open' : ''}` }),
  },
  { route: 'GET /api/attendances/:id', weight: 15, call: (a) => ({ method: 'GET', path: `/api/attendances/${pick(a.attendances)}` }) },
  { route: 'GET /api/attendances/funnel', weight: 10, call: () => ({ method: 'GET', path: '/api/attendances/funnel' }) },
  {
    route: 'GET /api/attendances/funnel/big-numbers',
    weight: 5,
    call: () => ({ method: 'GET', path: '/api/attendances/funnel/big-numbers' }),
  },
  { route: 'GET /api/attendances/funnel/balance', weight: 5, call: () => ({ method: 'GET', path: '/api/attendances/funnel/balance' }) },
  {
    route: 'GET /api/clients',
    weight: 10,
    call: () => ({ method: 'GET', path: `/api/clients?page=${page()}${Math.random() < 0.3 ? '&search=silva' : ''}` }),
  },
  { route: 'GET /api/clients/:id', weight: 10, call: (a) => ({ method: 'GET', path: `/api/clients/${pick(a.clients)}` }) },
  { route: 'GET /api/profile', weight: 10, call: () => ({ method: 'GET', path: '/api/profile' }) },
  {
    route: 'PATCH /api/attendances/:id',
    weight: 7,
    call: (a, n) => ({ method: 'PATCH', path: `/api/attendances/${pick(a.open)}`, body: { notes: `Contato ${n}` } }),
  },
  {
    route: 'POST /api/clients',
    weight: 3,
    call: (_a, n) => ({ method: 'POST', path: '/api/clients', body: { kind: 'person', name: `Cliente Bench ${n}` } }),
  },
];

const SCENARIOS: Record<string, RouteMix[]> = {
  foundation: FOUNDATION,
  crm: CRM,
  // A route in both (the profile) keeps one entry, with both weights.
  mixed: [...FOUNDATION.map((r) => ({ ...r, weight: r.weight / 2 })), ...CRM].reduce<RouteMix[]>((all, r) => {
    const same = all.find((x) => x.route === r.route);
    if (same) same.weight += r.weight;
    else all.push({ ...r });
    return all;
  }, []),
};

const name = process.argv[2] ?? '';
const chosen = SCENARIOS[name];
if (!chosen) throw new Error(`usage: tsx bench/scenario.ts <${Object.keys(SCENARIOS).join('|')}>`);
const mix: RouteMix[] = chosen;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the benchmark database (see bench/README.md)');
const duration = Number(process.env.BENCH_DURATION ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

// One login per agency from this machine: the per-address login budget must allow them all.
const servers: Server[] = [];
const api = process.env.BENCH_URL
  ? undefined
  : await startApi(databaseUrl, process.env.BENCH_PORT ?? '39881', { LOGIN_RATE_LIMIT: '100000' });
if (api) servers.push(api);
const base = process.env.BENCH_URL ?? (api as Server).url;

const db = createPrismaClient(databaseUrl);
const owners = await db.$queryRaw<{ company_id: number; email: string }[]>`
  SELECT company_id, email FROM users WHERE role = 'owner' AND status = 'active' AND email LIKE '%.bench' ORDER BY company_id`;
const taking = owners.slice(0, Number(process.env.BENCH_AGENCIES ?? owners.length));
if (!taking.length) throw new Error('no benchmark agencies: run bench/generate.ts first');
const sample = async (table: 'clients' | 'attendances', companyId: number, where = 'true') =>
  (
    await db.$queryRawUnsafe<{ id: number }[]>(
      `SELECT id FROM ${table} WHERE company_id = $1 AND ${where} ORDER BY random() LIMIT 50`,
      companyId,
    )
  ).map((r) => r.id);

const agencies: Agency[] = [];
for (const owner of taking) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: BENCH.password }),
  });
  if (!res.ok) throw new Error(`login ${owner.email}: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  const users = (
    await db.$queryRaw<{ id: number }[]>`SELECT id FROM users WHERE company_id = ${owner.company_id} ORDER BY id LIMIT 50`
  ).map((r) => r.id);
  agencies.push({
    companyId: owner.company_id,
    token,
    users,
    clients: await sample('clients', owner.company_id),
    attendances: await sample('attendances', owner.company_id),
    // Only open attendances are edited (closed ones refuse changes).
    open: await sample('attendances', owner.company_id, "status = 'open'"),
  });
}
await db.$disconnect();

const totalWeight = mix.reduce((s, r) => s + r.weight, 0);
function choose(): RouteMix {
  let x = Math.random() * totalWeight;
  for (const r of mix) {
    x -= r.weight;
    if (x < 0) return r;
  }
  return mix[mix.length - 1] as RouteMix;
}

type Stats = { latencies: number[]; statuses: Record<number, number> };

/** Runs the mix for `seconds`; each request goes to a random agency with that agency's token and ids. */
async function runMix(seconds: number) {
  const stats = new Map<string, Stats>();
  let n = 0;
  const instance = startAutocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, context) => {
          const r = choose();
          const agency = pick(agencies);
          const call = r.call(agency, ++n);
          (context as { route?: string }).route = r.route;
          const headers: Record<string, string> = { authorization: `Bearer ${agency.token}` };
          if (call.body !== undefined) headers['content-type'] = 'application/json';
          return {
            ...req,
            method: call.method as autocannon.Request['method'],
            path: call.path,
            headers,
            body: call.body === undefined ? undefined : JSON.stringify(call.body),
          };
        },
      },
    ],
  });
  // The request just answered is the one its connection's context describes (no pipelining).
  instance.on('response', (client: unknown, status: number, _bytes: number, responseTime: number) => {
    const route = (client as { requestIterator: { context: { route: string } } }).requestIterator.context.route;
    const s = stats.get(route) ?? { latencies: [], statuses: {} };
    s.latencies.push(responseTime);
    s.statuses[status] = (s.statuses[status] ?? 0) + 1;
    stats.set(route, s);
  });
  const result = await instance;
  return { stats, errors: result.errors + result.timeouts };
}

async function runBare(url: string, seconds: number) {
  const latencies: number[] = [];
  const instance = startAutocannon({ url: `${url}/bare`, connections, duration: seconds });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  await instance;
  return latencies.sort((a, b) => a - b);
}

const row = (label: string, count: number, seconds: number, sorted: number[], other: string) =>
  `${label.padEnd(40)} ${(count / seconds).toFixed(0).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95)
    .toFixed(1)
    .padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}  ${other}`;

try {
  await runMix(3); // warm-up: JIT, connection pool, PostgreSQL caches
  const { stats, errors } = await runMix(duration);
  const bare = await startBareServer(process.env.BENCH_BARE_PORT ?? '39882');
  servers.push(bare);
  await runBare(bare.url, 2);
  const ceiling = await runBare(bare.url, duration);

  const lines = [
    `scenario ${name}: ${agencies.length} agencies, ${connections} connections, ${duration}s, ${base} (${new Date().toISOString()})`,
    // The machine may be shared: its load puts the figures in context.
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    `${'route'.padEnd(40)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  statuses`,
  ];
  const all: number[] = [];
  for (const r of mix) {
    const s = stats.get(r.route);
    if (!s) continue;
    all.push(...s.latencies);
    const statuses = Object.entries(s.statuses)
      .map(([code, count]) => `${code}×${count}`)
      .join(' ');
    lines.push(
      row(
        r.route,
        s.latencies.length,
        duration,
        s.latencies.sort((a, b) => a - b),
        statuses,
      ),
    );
  }
  lines.push(
    row(
      'all routes',
      all.length,
      duration,
      all.sort((a, b) => a - b),
      errors ? `${errors} errors/timeouts` : '',
    ),
  );
  lines.push(row('bare Fastify GET /bare (ceiling)', ceiling.length, duration, ceiling, ''));
  const text = lines.join('\n');
  console.log(`\n${text}`);
  const out = join(ROOT, 'bench/results', `scenario-${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${text}\n`);
  console.log(`\nsaved: ${out}`);
} finally {
  for (const s of servers) s.stop();
}
