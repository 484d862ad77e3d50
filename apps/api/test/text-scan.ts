import type { Db } from '@app/db';

/** Every text, text[] and jsonb column of every table where one of `needles` appears, as 'table.column'. */
export async function whereFound(db: Db, needles: string[]): Promise<string[]> {
  const columns = await db.$queryRaw<{ table: string; column: string }[]>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND (data_type IN ('text', 'character varying', 'jsonb') OR udt_name = '_text')`;
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [hit] = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text ILIKE ANY ($1)`,
      needles.map((n) => `%${n}%`),
    );
    if (hit && hit.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}
