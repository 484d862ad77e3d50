// Statements that run outside Prisma: database-level DDL and server checks, one short connection each.
import pg from 'pg';

export async function query<Row extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/**
 * Runs `fn` holding a session advisory lock named `name`, taken on a connection of its own: processes
 * starting at once on one database take turns (the first migrates and seeds, the next find it done).
 * Unlocked explicitly: the embedded PGlite serves every connection from one session, where closing
 * a connection releases nothing.
 */
export async function withAdvisoryLock<T>(url: string, name: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await client.end();
  }
}
