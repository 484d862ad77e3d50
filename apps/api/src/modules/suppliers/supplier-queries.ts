// The suppliers list in SQL: the folded search text is matched with the term's words folded the same way,
// read from its trigram index, so the page and its total are Kysely statements compiled once per
// filter shape.
import { asInt, compiledStatement, qb, sql } from '@app/db';
import type { ListSuppliersInput } from '@app/shared';
import { supplierListColumns } from './suppliers.select';
import { type FilterShape, type FilterValues, filterShape, filterValues, supplierFilter } from './suppliers.where';

/** LIMIT and OFFSET are written into the statement (validated integers), as the reference lists do. */
type PageShape = { limit: number; offset: number };
function pageShape(page: number, perPage: number): PageShape {
  const shape = { limit: perPage, offset: (page - 1) * perPage };
  for (const n of Object.values(shape)) if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a page bound: ${n}`);
  return shape;
}

const supplierPageStatement = compiledStatement((s: { filter: FilterShape; page: PageShape }, v: FilterValues) =>
  qb
    .selectFrom('suppliers as s')
    .select(supplierListColumns)
    .where(supplierFilter(s.filter, v))
    // Favourites first: the pickers offer them before the others.
    .orderBy('s.is_favorite', 'desc')
    .orderBy('s.name')
    .orderBy('s.id')
    .limit(sql.lit(s.page.limit))
    .offset(sql.lit(s.page.offset)),
);

const supplierCountStatement = compiledStatement((f: FilterShape, v: FilterValues) =>
  qb.selectFrom('suppliers as s').select(asInt(sql`count(*)`).as('count')).where(supplierFilter(f, v)),
);

/** A page of the agency's suppliers by name, under the list filters. */
export function supplierPageQuery(companyId: number, input: ListSuppliersInput) {
  const shape = { filter: filterShape(input), page: pageShape(input.page, input.per_page) };
  return supplierPageStatement(shape, filterValues(companyId, input));
}

/** How many of the agency's suppliers the list filters keep. */
export function supplierCountQuery(companyId: number, input: ListSuppliersInput) {
  return supplierCountStatement(filterShape(input), filterValues(companyId, input));
}
