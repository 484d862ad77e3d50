// "Contains" searches in SQL, blind to accents and case, and when the trigram indexes (pg_trgm, GIN) can serve them.
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
 * `immutable_unaccent(lower(text))`: how every stored search text is folded (by the tables'
 * triggers, see the migrations) and how a term is folded to compare with it, in the database, so
 * both sides fold alike ('São' and 'sao', 'JOÃO' and 'joao').
 */
export const folded = (text: unknown) => sql<string>`immutable_unaccent(lower(${text}))`;

/**
 * "`searchText` contains the term", blind to accents and case: `searchText` is a folded column with
 * a trigram index, `pattern` is `containsPattern(term)` (folded here), `trigram` is
 * `trigramSearchable(term)` (it decides the text, so it belongs to a compiled statement's shape).
 * For a term too short for the index the column is written `(searchText || '')` (the same value),
 * which no index matches: a cached generic plan does not see the term, and would take the index
 * for a two-letter term as for any other.
 */
export function foldedContains(searchText: Expression<string>, trigram: boolean, pattern: string): RawBuilder<SqlBool> {
  const subject = trigram ? searchText : sql`(${searchText} || '')`;
  return sql<SqlBool>`${subject} LIKE ${folded(pattern)}`;
}

/**
 * The digits of a term written as a document or phone number ('529.982.247-25', '(11) 98765-4321'):
 * only digits and their usual punctuation, three digits at least. Stored documents and phones are
 * searched as digits, so punctuation never decides a match.
 */
export function documentDigits(term: string): string | null {
  if (!/^[\d\s.\-/()+]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  return digits.length >= 3 ? digits : null;
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
