// The ceilings of the route benchmarks, in a process of their own like the API: Fastify answering a
// constant (no plugins, no logging), and, with BENCH_SQL_FILE and DATABASE_URL, Fastify running a
// route's own SQL through pg directly (what the database costs without the API's stack).
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));

const sqlFile = process.env.BENCH_SQL_FILE;
if (sqlFile && process.env.DATABASE_URL) {
  // The first statement (the session read) runs alone, the others side by side, as the API runs them.
  const [first, ...rest] = JSON.parse(readFileSync(sqlFile, 'utf8')) as { name: string; text: string; values: unknown[] }[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  app.get('/sql', async () => {
    const head = first ? (await pool.query(first)).rows : [];
    const others = await Promise.all(rest.map(async (q) => (await pool.query(q)).rows));
    return { head, others };
  });
}
await app.listen({ port: Number(process.env.PORT ?? 3998), host: '127.0.0.1' });
