// Load benchmark of the pickers' autocomplete on the full reference seeds: airports and cities at 50
// concurrent connections (p50/p95/p99 and req/s), each request the next of a few realistic terms
// (answered from the matches the API keeps) or of every code and name (the database path), and the
// next demo user's token; then the plan PostgreSQL runs for the autocomplete statement.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_refs npx tsx bench/reference-lists.ts
//
// Starts the API (apps/api/src/main.ts: migrations, demo users and reference seeds) on BENCH_PORT
// unless BENCH_URL points at a running one. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO } from '@app/db/seed';
import type { StoredListKey } from '@app/shared';
import pg from 'pg';
import { autocompleteQuery } from '../apps/api/src/modules/reference-lists/reference-queries';
import { ROOT as root, startApi, startBareServer } from './lib';
import { loadAverage, loadTool, measure, signIn } from './load';
import { planExplainer } from './plans';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.match(/\/bench_[a-z0-9_]+$/)) throw new Error('Set DATABASE_URL to a bench_* database (see bench/README.md)');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const loadAtStart = loadAverage();

const server = process.env.BENCH_URL
  ? undefined
  : await startApi(databaseUrl, process.env.BENCH_PORT ?? '39873', { SEED_DEMO: 'true', LOGIN_RATE_LIMIT: '100000' });
const base = process.env.BENCH_URL ?? (server as NonNullable<typeof server>).url;

// The demo agencies' users: the per-request session read is not one user's row over and over.
const emails = [DEMO.users.owner, DEMO.users.admin, DEMO.users.colaborador, DEMO.users.outraOwner];
const tokens = await signIn(base, emails, DEMO.password);

const lists: { name: string; list: StoredListKey; terms: string[] }[] = [
  { name: 'airports', list: 'air_airport_params', terms: ['gru', 'sao pa', 'rio', 'recife', 'lisb', 'mia'] },
  { name: 'cities', list: 'city_params', terms: ['sao jo', 'campinas', 'belo', 'porto al'] },
];
const pathOf = (list: string, term: string) => `/api/${list}?search=${encodeURIComponent(term)}&autocomplete=true`;

// The API keeps a picker's matches until a list row changes (apps/api/src/platform/kept-reads.ts):
// the terms above repeat, so after the warm-up they are answered from memory. The same lists with a
// new term on every request (every airport code, every city's name, more than the 2,000 matches a
// process keeps, asked in turn) measure the database path.
const terms = new pg.Client({ connectionString: databaseUrl });
await terms.connect();
const everyTerm = async (list: StoredListKey, column: 'code' | 'name') =>
  (
    await terms.query<{ term: string }>(
      `SELECT DISTINCT lower(${column}) AS term FROM reference_items WHERE list = $1 AND company_id IS NULL AND is_active AND length(${column}) >= 3 ORDER BY 1`,
      [list],
    )
  ).rows.map((r) => r.term);
const newTerms = [
  { name: 'airports, new terms', list: 'air_airport_params' as const, terms: await everyTerm('air_airport_params', 'code') },
  { name: 'cities, new terms', list: 'city_params' as const, terms: await everyTerm('city_params', 'name') },
];
await terms.end();

// The machine is shared: a bare Fastify route (the ceiling) and GET /api/profile (the floor of any
// authenticated route: token, user and subscription) put the figures in context.
const bare = await startBareServer(process.env.BENCH_BARE_PORT ?? '39874');
const scenarios = [
  { name: 'ceiling: bare Fastify', origin: bare.url, paths: ['/bare'], target: false },
  { name: 'floor: GET /api/profile', origin: base, paths: ['/api/profile'], target: false },
  ...[...lists, ...newTerms].map((l) => ({ name: l.name, origin: base, paths: l.terms.map((t) => pathOf(l.list, t)), target: true })),
];

const run = (origin: string, paths: string[], seconds: number) => measure({ origin, paths, tokens, connections, seconds });

const rows = [`load average at start ${loadAtStart}`, ...newTerms.map((l) => `${l.name}: ${l.terms.length} terms`)];
const header = `${'route'.padEnd(26)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}  target`;
console.log(`\n${loadTool}, ${connections} connections, ${duration}s per route, ${base}, load average ${loadAtStart}\n${header}`);
for (const s of scenarios) {
  await run(s.origin, s.paths, 2); // warm-up: JIT, connection pool, PostgreSQL caches
  const r = await run(s.origin, s.paths, duration);
  const cells = [r.p50, r.p95, r.p99].map((v) => v.toFixed(1).padStart(8)).join(' ');
  const target = s.target ? (r.p95 < 20 ? 'ok (< 20 ms)' : 'OVER 20 ms') : '-';
  const line = `${s.name.padEnd(26)} ${cells} ${r.rps.toFixed(0).padStart(8)} ${String(r.errors).padStart(7)}  ${target}`;
  console.log(line);
  rows.push(line);
}
server?.stop();
bare.stop();
rows.push(`load average at end ${loadAverage()}`);

// The statement the API runs for one term of each list, prepared and executed six times as the API
// does, so EXPLAIN ANALYZE shows the plan PostgreSQL really runs (generic or made per call).
const explainer = await planExplainer(databaseUrl);
const [company] = (await explainer.client.query<{ id: number }>('SELECT id FROM companies WHERE name = $1', [DEMO.companies.demo])).rows;
if (!company) throw new Error('no demo agency');
const plans: string[] = [];
for (const s of lists) {
  const term = s.terms[0] as string;
  const q = autocompleteQuery(s.list, company.id, { search: term, page: 1, autocomplete: 'true' });
  const { plan } = await explainer.explain(`bench_${s.list}`, q.sql, q.parameters);
  plans.push(`-- ${s.name} '${term}'\n${q.sql}\n${plan.join('\n')}`);
}
await explainer.end();
console.log(`\n${plans.join('\n\n')}`);

const out = join(root, 'bench/results', `reference-lists-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(out, `${rows.join('\n')}\n\n${plans.join('\n\n')}\n`);
console.log(`\nwritten to ${out}`);
