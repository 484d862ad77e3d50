// The ceilings of the route benchmarks, in a process of their own like the API: Fastify answering a
// constant (no plugins, no logging), and, with BENCH_SQL_FILE and DATABASE_URL, Fastify running
// routes' own SQL through pg directly (what the database costs without the API's stack). The file
// maps a name to the statements one request of that route runs, served at `/sql/{name}`; a value
// written ':id' takes the request's `/sql/{name}/{id}` (a different row each request).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

export type CapturedStatements = Record<string, { name: string; text: string; values: unknown[] }[]>;

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));

const sqlFile = process.env.BENCH_SQL_FILE;
if (sqlFile && process.env.DATABASE_URL) {
  const routes = JSON.parse(readFileSync(sqlFile, 'utf8')) as CapturedStatements;
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  // The statements run side by side, as the API runs a list's page and count.
  const run = (route: string, id: number | undefined) =>
    Promise.all(
      (routes[route] ?? []).map(async (q) => (await pool.query({ ...q, values: q.values.map((v) => (v === ':id' ? id : v)) })).rows),
    );
  app.get<{ Params: { route: string } }>('/sql/:route', (req) => run(req.params.route, undefined));
  app.get<{ Params: { route: string; id: string } }>('/sql/:route/:id', (req) => run(req.params.route, Number(req.params.id)));
}
await app.listen({ port: Number(process.env.PORT ?? 3998), host: '127.0.0.1' });
