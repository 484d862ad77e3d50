// "Contains, any case" searches in SQL, and when the trigram indexes (pg_trgm, GIN) can serve them.
import { type Expression, type RawBuilder, type SqlBool, sql } from '@app/db';

/** ILIKE pattern for "contains", with the pattern's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether a trigram index can answer "contains `term`": pg_trgm needs three letters or digits in a
 * row. For a shorter term it would read the whole index and recheck every row, slower than a scan.
 */
export function trigramSearchable(term: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(term);
}

/**
 * `column ILIKE pattern` for "contains `term`", given `trigramSearchable(term)` (it decides the text,
 * so it belongs to a compiled statement's shape) and `containsPattern(term)` (a parameter). For a
 * term too short for the trigram index the column is written `(column || '')` (the same value, NULL
 * stays NULL), which no index matches: a cached generic plan does not see the term, and would take
 * the index for a two-letter term as for any other.
 */
export function containsSql(column: Expression<string | null>, trigram: boolean, pattern: string): RawBuilder<SqlBool> {
  const subject = trigram ? column : sql`(${column} || '')`;
  return sql<SqlBool>`${subject} ILIKE ${pattern}`;
}

type ContainsFilter = { contains: string; mode: 'insensitive' };

/** Prisma's filter for "any of `columns` contains `term`, any case"; no filter without a term. */
export function containsAny<Column extends string>(
  term: string | undefined,
  columns: readonly Column[],
): { OR?: Partial<Record<Column, ContainsFilter>>[] } {
  if (!term) return {};
  return {
    OR: columns.map((column) => ({ [column]: { contains: term, mode: 'insensitive' } }) as Partial<Record<Column, ContainsFilter>>),
  };
}
