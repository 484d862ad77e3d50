// Searches in SQL: every word typed, each contained anywhere in a folded text (blind to accents and
// case), read from the trigram indexes (pg_trgm, GIN) where they can serve it.
import { type Expression, type RawBuilder, type SqlBool, sql } from '@app/db';
import { searchWords } from '@app/shared/search-terms';

/**
 * Whether a trigram index can answer "contains `word`": pg_trgm needs three letters or digits in a
 * row. For a shorter word it would read the whole index and recheck every row, slower than a scan.
 */
const trigramSearchable = (word: string) => /[\p{L}\p{N}]{3}/u.test(word);

/**
 * `immutable_unaccent(lower(text))`: how every stored search text is folded (by the tables'
 * triggers, see the migrations) and how a word is folded to compare with it, in the database, so
 * both sides fold alike ('São' and 'sao', 'JOÃO' and 'joao').
 */
export const folded = (text: unknown) => sql<string>`immutable_unaccent(lower(${text}))`;

/**
 * How a search's words are written into a statement (part of its shape): how many the trigram
 * index serves, and how many are too short for it.
 */
export type SearchShape = { indexed: number; short: number };

export function searchShape(term: string): SearchShape {
  const words = searchWords(term);
  const indexed = words.filter(trigramSearchable).length;
  return { indexed, short: words.length - indexed };
}

/**
 * The search's words (searchWords) in the order of its shape, those the trigram index serves first.
 * They are letters and digits only: no LIKE wildcard to escape.
 */
export function orderedSearchWords(term: string): string[] {
  const words = searchWords(term);
  return [...words.filter(trigramSearchable), ...words.filter((word) => !trigramSearchable(word))];
}

/** The search's words as "contains" patterns, in the order of its shape: one parameter, an array. */
export const searchPatterns = (term: string) => orderedSearchWords(term).map((word) => `%${word}%`);

/** The `i`th (from 0) of the words passed as one text[] parameter. */
export const wordAt = (words: unknown, i: number) => sql<string>`(${words}::text[])[${sql.lit(i + 1)}]`;

/**
 * "`text` contains every word", blind to accents and case: `text` is folded (a trigger-kept column
 * with a trigram index, or a folded expression), `patterns` the parameter of searchPatterns. The
 * words the index serves are index conditions (one bitmap scan of the GIN index ANDs them); a word
 * too short for it tests `(text || '')` (the same value), which no index matches: a cached generic
 * plan does not see the words and would take the index for a two-letter word as for any other. No
 * word (a term of punctuation only) matches every row.
 */
export function foldedContainsAll(text: Expression<string>, shape: SearchShape, patterns: unknown): RawBuilder<SqlBool> {
  const word = (i: number) => folded(wordAt(patterns, i));
  const parts = [
    ...Array.from({ length: shape.indexed }, (_, i) => sql<SqlBool>`${text} LIKE ${word(i)}`),
    ...Array.from({ length: shape.short }, (_, i) => sql<SqlBool>`(${text} || '') LIKE ${word(shape.indexed + i)}`),
  ];
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` AND `)})` : sql<SqlBool>`TRUE`;
}

/** foldedContainsAll for a statement compiled on each call (its shape and words taken from `term`). */
export const foldedMatches = (text: Expression<string>, term: string) => foldedContainsAll(text, searchShape(term), searchPatterns(term));

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
