// The reference lists' reads in SQL: a page of a list screen and its total, a picker's best matches,
// one row. Kysely statements compiled once per filter shape, rows typed from the schema.
import {
  asInt,
  columnsOf,
  compiledStatement,
  type DB,
  isoInstant,
  qb,
  type Selection,
  type SqlBool,
  type StatementValues,
  sql,
} from '@app/db';
import { STORED_LISTS } from '@app/db/reference-lists';
import { AUTOCOMPLETE_PAGE_SIZE, REFERENCE_PAGE_SIZE, type ReferenceListQuery, type StoredListKey } from '@app/shared';
import { folded, orderedSearchWords, type SearchShape, wordAt } from '../../search';
import { type FilterShape, type FilterValues, filterShape, filterValues, referenceFilter, visibleSql } from './reference-lists.where';

const r = columnsOf('reference_items', 'r');
const p = columnsOf('reference_items', 'p');

/** A row with its parent's name and code, as every answer carries it. */
export const itemColumns = [
  r('id').as('id'),
  r('name').as('name'),
  r('code').as('code'),
  r('parent_id').as('parent_id'),
  r('fields').as('fields'),
  r('is_active').as('is_active'),
  sql<boolean>`${r('company_id')} IS NULL`.as('is_system'),
  isoInstant(r('created_at')).as('created_at'),
  isoInstant(r('updated_at')).as('updated_at'),
  p('name').as('parent_name'),
  p('code').as('parent_code'),
] as const;

const fromItems = () => qb.selectFrom('reference_items as r').leftJoin('reference_items as p', 'p.id', 'r.parent_id');

/**
 * LIMIT and OFFSET are written into the statement (validated integers): as parameters, PostgreSQL
 * guesses an offset of a tenth of the table and never reuses the prepared plan.
 */
type PageShape = { limit: number; offset: number };
function pageShape(page: number, perPage: number): PageShape {
  const shape = { limit: perPage, offset: (page - 1) * perPage };
  for (const n of Object.values(shape)) if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return shape;
}

const pageStatement = compiledStatement((s: { filter: FilterShape; page: PageShape }, v: FilterValues) =>
  fromItems()
    .select(itemColumns)
    .where(referenceFilter(s.filter, v))
    .orderBy('r.name')
    .orderBy('r.id')
    .limit(sql.lit(s.page.limit))
    .offset(sql.lit(s.page.offset)),
);

const countStatement = compiledStatement((s: FilterShape, v: FilterValues) =>
  qb.selectFrom('reference_items as r').select(asInt(sql`count(*)`).as('count')).where(referenceFilter(s, v)),
);

type RankValues = FilterValues & { term: string; prefixes: string[]; rankField: string };
/** The list's declared rank (reference-lists.ts), as the statement's text orders by it. */
type RankShape = { order: 'asc' | 'desc' } | null;

/** Every word of the search starts a word of the searched text: at its start or after a space. */
function startsWords(search: SearchShape, prefixes: unknown) {
  const starts = Array.from({ length: search.indexed + search.short }, (_, i) => {
    const prefix = wordAt(prefixes, i);
    return sql<boolean>`(${r('search_text')} LIKE ${folded(prefix)} OR ${r('search_text')} LIKE ${folded(sql`'% ' || ${prefix}`)})`;
  });
  return starts.length ? sql<boolean>`(${sql.join(starts, sql` AND `)})` : sql<boolean>`false`;
}

/**
 * A picker's matches, best first: the row whose code is the term (GRU, SP, BRL); then the rows
 * named exactly the term ('Porto' before Porto Alegre, 'sao paulo' São Paulo); then those where
 * each word of the search starts a word of the searched text ('Buenos', 'orlando' in 'Aeroporto
 * de Orlando', 'paulo sao' in São Paulo), before those that only contain the words; within each
 * kind by the list's rank, rows without one last: a city's population ('Santiago' is Santiago,
 * Chile, 4.8 million, before Santiago in Rio Grande do Sul: the destination Brazilian agencies sell
 * is the big one), the curated priority of airports and airlines (GRU, then CGH for 'São Paulo';
 * Brazilian, then Latin American carriers); then by name. The page is ranked and cut first, then
 * joined to the parents: a term like 'sao jo' matches over a hundred cities, and their states were
 * read for all of them only to keep ten.
 */
const autocompleteStatement = compiledStatement((s: { filter: FilterShape; rank: RankShape; page: PageShape }, v: RankValues) => {
  const ranks = s.filter.search
    ? [
        sql<boolean>`(lower(${r('code')}) = lower(${v.term})) IS TRUE`.as('code_rank'),
        sql<boolean>`${folded(r('name'))} = ${folded(v.term)}`.as('name_rank'),
        startsWords(s.filter.search, v.prefixes).as('word_rank'),
      ]
    : [sql<boolean>`false`.as('code_rank'), sql<boolean>`false`.as('name_rank'), sql<boolean>`false`.as('word_rank')];
  const rankValue = s.rank ? sql<number | null>`(${r('fields')} ->> ${v.rankField})::bigint` : sql<null>`NULL::bigint`;
  const order = sql`code_rank DESC, name_rank DESC, word_rank DESC, rank_value ${sql.raw(s.rank?.order === 'desc' ? 'DESC' : 'ASC')} NULLS LAST, ${r('name')}, ${r('id')}`;
  const page = qb
    .selectFrom('reference_items as r')
    .selectAll('r')
    .select([...ranks, rankValue.as('rank_value')])
    .where(referenceFilter(s.filter, v))
    .orderBy(order)
    .limit(sql.lit(s.page.limit))
    .offset(sql.lit(s.page.offset));
  return qb.selectFrom(page.as('r')).leftJoin('reference_items as p', 'p.id', 'r.parent_id').select(itemColumns).orderBy(order);
});

const itemStatement = compiledStatement((_s: null, v: { id: number; companyId: number }) =>
  fromItems()
    .select(itemColumns)
    .where(sql<SqlBool>`${r('id')} = ${v.id} AND ${visibleSql(v.companyId)}`),
);

export type ItemRow = Selection<DB, never, (typeof itemColumns)[number]>;

/** The page size a query asked for, or the mode's default. */
export const pageSizeOf = (input: ReferenceListQuery) =>
  input.per_page ?? (input.autocomplete === 'true' ? AUTOCOMPLETE_PAGE_SIZE : REFERENCE_PAGE_SIZE);

export function listPageQuery(list: StoredListKey, companyId: number, input: ReferenceListQuery) {
  const shape = { filter: filterShape(input), page: pageShape(input.page, pageSizeOf(input)) };
  return pageStatement(shape, filterValues(list, companyId, input));
}

export function listCountQuery(list: StoredListKey, companyId: number, input: ReferenceListQuery) {
  return countStatement(filterShape(input), filterValues(list, companyId, input));
}

export function autocompleteQuery(list: StoredListKey, companyId: number, input: ReferenceListQuery) {
  const rank = STORED_LISTS[list].rank;
  const shape = { filter: filterShape(input), rank: rank ? { order: rank.order } : null, page: pageShape(input.page, pageSizeOf(input)) };
  const values: StatementValues<RankValues> = {
    ...filterValues(list, companyId, input),
    term: input.search,
    // Each word, then any text: "starts with", at the start of the text or after a space.
    prefixes: input.search ? orderedSearchWords(input.search).map((word) => `${word}%`) : undefined,
    rankField: rank?.field,
  };
  return autocompleteStatement(shape, values);
}

/** One row the caller sees (the system's or their agency's). */
export const itemQuery = (id: number, companyId: number) => itemStatement(null, { id, companyId });
