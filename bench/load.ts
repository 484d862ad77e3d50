// The load generator shared by the route benchmarks: wrk (C, one thread) leaves more of the 2 cores
// to the API and PostgreSQL than autocannon (JS); BENCH_LOAD=autocannon forces the latter. Both
// rotate the given paths and tokens, so the per-request session read is not one user's row.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPrismaClient } from '@app/db';
import autocannon from 'autocannon';
import { percentile, residentMb, startApi } from './lib';

export type Figures = { p50: number; p95: number; p99: number; rps: number; errors: number };

export const loadTool = process.env.BENCH_LOAD ?? (spawnSync('wrk', ['--version']).error ? 'autocannon' : 'wrk');

/** The machine's load average (1, 5, 15 min): the figures mean little when it is high. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Signs each e-mail in at `base` and returns their access tokens. */
export async function signIn(base: string, emails: string[], password: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const email of emails) {
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login ${email} failed: ${login.status} ${await login.text()}`);
    tokens.push(((await login.json()) as { token: string }).token);
  }
  return tokens;
}

const scriptDir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
const luaTable = (values: string[]) => `{ ${values.map((v) => `"${v}"`).join(', ')} }`;
let scripts = 0;

function runWrk(origin: string, paths: string[], tokens: string[], connections: number, seconds: number): Figures {
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

async function runAutocannon(origin: string, paths: string[], tokens: string[], connections: number, seconds: number): Promise<Figures> {
  let next = 0;
  let clients = 0;
  const instance = startAutocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] as string }) }],
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${tokens[clients++ % tokens.length]}` }),
  });
  return autocannonFigures(instance, 200, seconds);
}

/** An autocannon run: events as it goes, and a promise of its result (the published types offer one or the other). */
export const startAutocannon = (options: autocannon.Options) =>
  autocannon(options) as unknown as autocannon.Instance & Promise<autocannon.Result>;

/** p50/p95/p99, req/s and errors of an autocannon run whose answers should all be `okStatus`; `rejected` counts the others. */
export async function autocannonFigures(instance: ReturnType<typeof startAutocannon>, okStatus: number, seconds: number) {
  const latencies: number[] = [];
  let rejected = 0;
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (status !== okStatus) rejected++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / seconds,
    errors: rejected + result.errors + result.timeouts,
    answered: latencies.length,
    rejected,
  };
}

/** `connections` concurrent connections on `origin` for `seconds`, each request the next path and token. */
export function measure(opts: {
  origin: string;
  paths: string[];
  tokens: string[];
  connections: number;
  seconds: number;
}): Promise<Figures> {
  const { origin, paths, tokens, connections, seconds } = opts;
  return loadTool === 'wrk'
    ? Promise.resolve(runWrk(origin, paths, tokens, connections, seconds))
    : runAutocannon(origin, paths, tokens, connections, seconds);
}

/**
 * What every route benchmark starts with: the settings (BENCH_DURATION, BENCH_CONNECTIONS,
 * BENCH_ONLY), the API (started on `defaultPort` unless BENCH_URL names a running one), a database
 * client, the large agency and its active agents' tokens.
 */
export async function startRouteBench(opts: {
  defaultPort: string;
  agency: string;
  password: string;
  generator: string;
  /** Instead of DATABASE_URL. */
  databaseUrl?: string;
}) {
  const databaseUrl = opts.databaseUrl ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to the benchmark database (see bench/README.md)');
  // The agents sign in from this machine: the per-address login budget must allow them all.
  const server = process.env.BENCH_URL
    ? undefined
    : await startApi(databaseUrl, process.env.BENCH_PORT ?? opts.defaultPort, { LOGIN_RATE_LIMIT: '100000' });
  const base = process.env.BENCH_URL ?? (server as NonNullable<typeof server>).url;
  // Idle: started and ready, before any request (a sign-in's password hashing leaves memory behind).
  await new Promise((r) => setTimeout(r, 1000));
  const idleMb = residentMb(server?.pid);
  const db = createPrismaClient(databaseUrl);
  const [company] = await db.$queryRaw<{ id: number }[]>`SELECT id FROM companies WHERE name = ${opts.agency}`;
  if (!company) throw new Error(`no benchmark agency: run bench/${opts.generator} first`);
  const agentEmails = await db.$queryRaw<{ email: string }[]>`
    SELECT email FROM users WHERE company_id = ${company.id} AND status = 'active' ORDER BY id`;
  const tokens = await signIn(
    base,
    agentEmails.map((a) => a.email),
    opts.password,
  );
  return {
    databaseUrl,
    duration: Number(process.env.BENCH_DURATION ?? 15),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    only: process.env.BENCH_ONLY?.split(','),
    server,
    idleMb,
    base,
    db,
    company,
    tokens,
  };
}
