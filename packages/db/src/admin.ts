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
