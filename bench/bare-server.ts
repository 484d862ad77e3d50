// The ceilings of the route benchmarks, in a process of their own like the API: Fastify answering a
// constant (no plugins, no logging), and, with BENCH_SQL_FILE and DATABASE_URL, Fastify running a
// route's own SQL through pg directly (what the database costs without the API's stack). A value
// written ':id' in the file takes the request's `/sql/:id` (a different row each request).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));

const sqlFile = process.env.BENCH_SQL_FILE;
if (sqlFile && process.env.DATABASE_URL) {
  // The statements run side by side, as the API runs a list's page and count.
  const statements = JSON.parse(readFileSync(sqlFile, 'utf8')) as { name: string; text: string; values: unknown[] }[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const run = (id: number | undefined) =>
    Promise.all(statements.map(async (q) => (await pool.query({ ...q, values: q.values.map((v) => (v === ':id' ? id : v)) })).rows));
  app.get('/sql', () => run(undefined));
  app.get<{ Params: { id: string } }>('/sql/:id', (req) => run(Number(req.params.id)));
}
await app.listen({ port: Number(process.env.PORT ?? 3998), host: '127.0.0.1' });
