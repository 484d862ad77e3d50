// The SQL a route runs, captured from a Prisma client that logs its queries (the hot reads fall back
// to `$queryRawUnsafe` on a client not made by createPrismaClient, so they are logged too), and
// written for bench/bare-server.ts, whose `/sql/{name}` runs them through pg alone: a route's ceiling.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PrismaClient } from '@app/db';
import { PrismaPg } from '@prisma/adapter-pg';
import type { CapturedStatements } from './bare-server';
import { ROOT } from './lib';

export type CapturedQuery = { query: string; params: string };

export function sqlTracer(databaseUrl: string) {
  const queries: CapturedQuery[] = [];
  const client = new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl }), log: [{ emit: 'event', level: 'query' }] });
  client.$on('query', (e: CapturedQuery) => queries.push({ query: e.query, params: e.params }));
  return {
    client,
    /** The statements `call` ran, in order. */
    async capture(call: () => Promise<unknown>): Promise<CapturedQuery[]> {
      queries.length = 0;
      await call();
      return [...queries];
    },
  };
}

/**
 * Writes bench/results/`file` for the bare server: each route's statements, prepared under names of
 * their own as the API's are. `ids[route]`, when given, is the record id the capture used: that one
 * value becomes ':id', taken from each request's path.
 */
export function writeCeilingStatements(file: string, routes: Record<string, CapturedQuery[]>, ids: Record<string, number> = {}): string {
  const out: CapturedStatements = {};
  for (const [route, queries] of Object.entries(routes)) {
    const id = ids[route];
    out[route] = queries.map((q, i) => {
      const values = JSON.parse(q.params) as unknown[];
      if (id !== undefined && values.filter((v) => v === id).length !== 1)
        throw new Error(`${route}: the record id is not one value of the statement: ${q.params}`);
      return { name: `${route}_${i}`, text: q.query, values: values.map((v) => (id !== undefined && v === id ? ':id' : v)) };
    });
  }
  const path = join(ROOT, 'bench/results', file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(out));
  return path;
}
