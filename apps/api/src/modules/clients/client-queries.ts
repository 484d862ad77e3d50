// The clients list in SQL: Prisma's `contains` cannot keep a short word off the trigram indexes
// (see foldedContainsAll), so the page and its total are Kysely statements, compiled once per filter shape.
import { asInt, compiledStatement, planPerCall, qb, sql } from '@app/db';
import { type ListClientsInput, searchCountLimit } from '@app/shared';
import { clientListColumns } from './clients.select';
import { clientFilter, type FilterShape, type FilterValues, filterShape, filterValues } from './clients.where';

const clientPageStatement = compiledStatement((f: FilterShape, v: FilterValues & { limit: number; offset: number }) =>
  qb
    .selectFrom('clients as c')
    .select(clientListColumns)
    .where(clientFilter(f, v))
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(v.limit)
    .offset(v.offset),
);

const clientCountStatement = compiledStatement((f: FilterShape, v: FilterValues) =>
  qb.selectFrom('clients as c').select(asInt(sql`count(*)`).as('count')).where(clientFilter(f, v)),
);

/**
 * A search's page and its count in one statement: the first `limit` matches by name (`m`; for a
 * common name a walk of the name index testing the folded text on the index alone, for a rare term
 * the trigram index: planned for the term), counted, and the page among them. `limit` is one past
 * searchCountLimit.
 */
const searchPageStatement = compiledStatement(
  (s: { filter: FilterShape; limit: number; perPage: number; offset: number }, v: FilterValues) =>
    qb
      .with('m', (db) =>
        db
          .selectFrom('clients as c')
          .select(['c.id', 'c.name'])
          .where(clientFilter(s.filter, v))
          .orderBy('c.name')
          .orderBy('c.id')
          .limit(sql.lit(s.limit)),
      )
      .selectFrom((db) =>
        db.selectFrom('m').selectAll().orderBy('m.name').orderBy('m.id').limit(sql.lit(s.perPage)).offset(sql.lit(s.offset)).as('p'),
      )
      .innerJoin('clients as c', 'c.id', 'p.id')
      .select([...clientListColumns, asInt(sql`(SELECT count(*) FROM m)`).as('matched')])
      .orderBy('p.name')
      .orderBy('p.id'),
);

/** A page of the agency's clients by name, under the list filters (no search). */
export function clientPageQuery(companyId: number, input: ListClientsInput) {
  const values = { ...filterValues(companyId, input), limit: input.per_page, offset: (input.page - 1) * input.per_page };
  return clientPageStatement(filterShape(input), values);
}

/** How many of the agency's clients the list filters keep (no search). */
export function clientCountQuery(companyId: number, input: ListClientsInput) {
  return clientCountStatement(filterShape(input), filterValues(companyId, input));
}

/**
 * A search's page and its matches counted up to one past searchCountLimit (buildSearchPagination);
 * `readPage` another page than the one asked for, counted the same way.
 */
export function clientSearchQuery(companyId: number, input: ListClientsInput, readPage = input.page) {
  const shape = {
    filter: filterShape(input),
    limit: searchCountLimit(input.page, input.per_page) + 1,
    perPage: input.per_page,
    offset: (readPage - 1) * input.per_page,
  };
  return planPerCall(searchPageStatement(shape, filterValues(companyId, input)));
}
