// The clients list in SQL: Prisma's `contains` cannot keep a short term off the trigram indexes
// (see containsSql), so the page and its total are Kysely statements, compiled once per filter shape.
import { asInt, compiledStatement, qb, sql } from '@app/db';
import type { ListClientsInput } from '@app/shared';
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

/** A page of the agency's clients by name, under the list filters. */
export function clientPageQuery(companyId: number, input: ListClientsInput) {
  const values = { ...filterValues(companyId, input), limit: input.per_page, offset: (input.page - 1) * input.per_page };
  return clientPageStatement(filterShape(input), values);
}

/** How many of the agency's clients the list filters keep. */
export function clientCountQuery(companyId: number, input: ListClientsInput) {
  return clientCountStatement(filterShape(input), filterValues(companyId, input));
}
