// The database's own description of its tables (columns, primary keys, foreign keys), read from
// information_schema: what walks every table of an agency (its export, its deletion) without a list
// kept by hand that a new table would miss.
import type { Db } from '@app/db';

export type Column = { name: string; type: string; nullable: boolean };
export type ForeignKey = { table: string; column: string; parent: string; parent_column: string };
export type SchemaGraph = {
  columns: Map<string, Column[]>;
  primaryKeys: Map<string, Column[]>;
  foreignKeys: ForeignKey[];
};

export async function readSchemaGraph(db: Db): Promise<SchemaGraph> {
  const columns = await db.$queryRaw<{ table: string; column: string; type: string; nullable: boolean }[]>`
    SELECT c.table_name AS "table", c.column_name AS "column", c.udt_name AS "type", c.is_nullable = 'YES' AS nullable
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`;
  const keys = await db.$queryRaw<{ table: string; column: string }[]>`
    SELECT tc.table_name AS "table", k.column_name AS "column"
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
    WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema() ORDER BY tc.table_name, k.ordinal_position`;
  const foreignKeys = await db.$queryRaw<ForeignKey[]>`
    SELECT tc.table_name AS "table", k.column_name AS "column", u.table_name AS parent, u.column_name AS parent_column
    FROM information_schema.table_constraints tc
    JOIN information_schema.key_column_usage k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
    JOIN information_schema.constraint_column_usage u ON u.constraint_name = tc.constraint_name AND u.table_schema = tc.table_schema
    WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`;
  const byTable = new Map<string, Column[]>();
  for (const c of columns) byTable.set(c.table, [...(byTable.get(c.table) ?? []), { name: c.column, type: c.type, nullable: c.nullable }]);
  const primaryKeys = new Map<string, Column[]>();
  for (const k of keys) {
    const column = byTable.get(k.table)?.find((c) => c.name === k.column);
    if (column) primaryKeys.set(k.table, [...(primaryKeys.get(k.table) ?? []), column]);
  }
  return { columns: byTable, primaryKeys, foreignKeys };
}

/** Columns that point at a stored file. */
export const FILE_COLUMN = /(^|_)key$/;
